CREATE TABLE "engine_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_live_states" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'PRE' NOT NULL,
	"period" integer DEFAULT 0 NOT NULL,
	"score" text DEFAULT 'PRE' NOT NULL,
	"match_time" integer,
	"suspended" boolean DEFAULT false NOT NULL,
	"suspended_market_ids" integer[] DEFAULT '{}' NOT NULL,
	"kicked_off_at" timestamp with time zone,
	"last_goal_time" integer,
	"last_message_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"offer_id" integer,
	"market_id" integer NOT NULL,
	"threshold_set_id" integer,
	"contact_id" integer,
	"outcome" text,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"match_time" integer,
	"feed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "threshold_firings" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"threshold_set_id" integer NOT NULL,
	"offer_id" integer,
	"outcomes" jsonb NOT NULL,
	"match_time" integer,
	"feed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "threshold_states" (
	"threshold_set_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"blocked" text,
	"last_fired_at" timestamp with time zone,
	CONSTRAINT "threshold_states_threshold_set_id_outcome_pk" PRIMARY KEY("threshold_set_id","outcome")
);
--> statement-breakpoint
DROP INDEX "match_events_source_key";--> statement-breakpoint
DROP INDEX "offers_source_key";--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "feed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "period" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_events" ADD COLUMN "period" integer;--> statement-breakpoint
ALTER TABLE "match_events" ADD COLUMN "market_id" integer;--> statement-breakpoint
ALTER TABLE "match_events" ADD COLUMN "suspended" boolean;--> statement-breakpoint
ALTER TABLE "match_events" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "period" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "match_live_states" ADD CONSTRAINT "match_live_states_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_threshold_set_id_threshold_sets_id_fk" FOREIGN KEY ("threshold_set_id") REFERENCES "public"."threshold_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_firings" ADD CONSTRAINT "threshold_firings_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_firings" ADD CONSTRAINT "threshold_firings_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_firings" ADD CONSTRAINT "threshold_firings_threshold_set_id_threshold_sets_id_fk" FOREIGN KEY ("threshold_set_id") REFERENCES "public"."threshold_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_firings" ADD CONSTRAINT "threshold_firings_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_states" ADD CONSTRAINT "threshold_states_threshold_set_id_threshold_sets_id_fk" FOREIGN KEY ("threshold_set_id") REFERENCES "public"."threshold_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suppressions_match_idx" ON "suppressions" USING btree ("match_id","id");--> statement-breakpoint
CREATE INDEX "threshold_firings_match_idx" ON "threshold_firings" USING btree ("match_id","market_id");--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_contact_idx" ON "deliveries" USING btree ("contact_id","feed_at");--> statement-breakpoint
CREATE INDEX "deliveries_offer_idx" ON "deliveries" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_events_match_source_key" ON "match_events" USING btree ("match_id","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_match_source_key" ON "offers" USING btree ("match_id","source_id");