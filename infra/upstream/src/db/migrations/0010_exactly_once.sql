CREATE TABLE "contact_push_ledger" (
	"contact_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_sends" (
	"delivery_id" integer PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dead_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"routing_key" text NOT NULL,
	"shard" text NOT NULL,
	"match_id" integer,
	"body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dead_letters_created_idx" ON "dead_letters" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_offer_contact_language_key" ON "deliveries" USING btree ("offer_id","contact_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "suppressions_offer_contact_reason_key" ON "suppressions" USING btree ("offer_id","contact_id","reason") WHERE "suppressions"."contact_id" is not null;