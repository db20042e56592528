CREATE TABLE "webhook_secrets" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_links" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"target" text NOT NULL,
	"platform" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_links_delivery_key" ON "tracked_links" USING btree ("delivery_id");--> statement-breakpoint
CREATE TABLE "tracked_opens" (
	"link_id" text NOT NULL,
	"platform" text NOT NULL,
	"visitor" text NOT NULL,
	"minute" bigint NOT NULL,
	CONSTRAINT "tracked_opens_link_id_platform_visitor_minute_pk" PRIMARY KEY("link_id","platform","visitor","minute")
);
--> statement-breakpoint
CREATE INDEX "tracked_opens_link_idx" ON "tracked_opens" USING btree ("link_id");--> statement-breakpoint
UPDATE "deliveries" SET "stats" = "stats" || '{"source":"simulated"}'::jsonb WHERE "stats" IS NOT NULL AND jsonb_typeof("stats") = 'object' AND "status" = 'RECORDED' AND NOT ("stats" ? 'source');--> statement-breakpoint
UPDATE "deliveries" SET "stats" = "stats" || '{"source":"channel"}'::jsonb WHERE "stats" IS NOT NULL AND jsonb_typeof("stats") = 'object' AND NOT ("stats" ? 'source');
