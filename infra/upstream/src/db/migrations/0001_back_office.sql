CREATE TABLE "market_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"name" text NOT NULL,
	"outcomes" jsonb NOT NULL,
	"evaluator" text
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"line" integer,
	"dynamic_line" boolean DEFAULT false NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_set_markets" (
	"rule_set_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	CONSTRAINT "rule_set_markets_rule_set_id_market_id_pk" PRIMARY KEY("rule_set_id","market_id")
);
--> statement-breakpoint
CREATE TABLE "rule_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"group_id" integer,
	"content" text NOT NULL,
	"content_type" text NOT NULL,
	"language" text NOT NULL,
	"channel_id" integer NOT NULL,
	"side_context" text DEFAULT 'none' NOT NULL,
	"image_id" integer,
	"link_target" text,
	"category_ids" integer[] DEFAULT '{}' NOT NULL,
	"market_ids" integer[] DEFAULT '{}' NOT NULL,
	"market_type_ids" integer[] DEFAULT '{}' NOT NULL,
	"provider_lock" boolean DEFAULT false NOT NULL,
	"auto_build" boolean DEFAULT false NOT NULL,
	"deliver" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"file_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"channel_id" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"languages" text[] DEFAULT '{"en"}' NOT NULL,
	"sub_all" boolean DEFAULT false NOT NULL,
	"rate_limited" boolean DEFAULT false NOT NULL,
	"email" text,
	"twitter" text,
	"device_id" text,
	"segment" text,
	"list_id" text,
	"mobile" text,
	"raw_filter" text,
	"rate_limit_minutes" integer,
	"limiter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"league_ids" integer[] DEFAULT '{}' NOT NULL,
	"team_ids" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"display_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"market_id" integer,
	"market_type_id" integer,
	"channel_id" integer NOT NULL,
	"rule_set_id" integer,
	"language" text NOT NULL,
	"node_id" text NOT NULL,
	"sub_node" text,
	"leaf_node" text,
	"link_target" text,
	"timed" boolean DEFAULT false NOT NULL,
	"contact_id" integer,
	"period" integer,
	"before" integer,
	"hold" boolean DEFAULT false NOT NULL,
	"parts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_thresholds" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"name" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"thresholds" jsonb NOT NULL,
	"contact_id" integer,
	"channel_id" integer,
	"line" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"period" integer NOT NULL,
	"game_time" integer NOT NULL,
	"extra_time" integer DEFAULT 0 NOT NULL,
	"team_id" integer,
	"participant" integer,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "threshold_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"contact_id" integer,
	"type" text NOT NULL,
	"thresholds" jsonb NOT NULL,
	"line" integer,
	"timed_before" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trackers" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"language" text NOT NULL,
	"model_type" text NOT NULL,
	"model_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"spec" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"offer_id" integer,
	"market_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"threshold_set_id" integer,
	"channel_id" integer NOT NULL,
	"language" text NOT NULL,
	"node_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"log" jsonb NOT NULL,
	"stats" jsonb,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"source_id" text NOT NULL,
	"kind" text NOT NULL,
	"side" text,
	"match_time" integer,
	"score" text,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"source_id" text NOT NULL,
	"outcome_map" jsonb NOT NULL,
	"odds" jsonb NOT NULL,
	"score" text NOT NULL,
	"sub_node" text,
	"leaf_node" text,
	"match_time" integer,
	"prematch" boolean DEFAULT false NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_types" ADD CONSTRAINT "market_types_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_type_id_market_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."market_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_set_markets" ADD CONSTRAINT "rule_set_markets_rule_set_id_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "public"."rule_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_set_markets" ADD CONSTRAINT "rule_set_markets_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_sets" ADD CONSTRAINT "rule_sets_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_sets" ADD CONSTRAINT "rule_sets_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_groups" ADD CONSTRAINT "content_groups_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_groups" ADD CONSTRAINT "content_groups_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_group_id_content_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."content_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_contents" ADD CONSTRAINT "match_contents_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_contents" ADD CONSTRAINT "match_contents_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_contents" ADD CONSTRAINT "match_contents_rule_set_id_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "public"."rule_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_contents" ADD CONSTRAINT "match_contents_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_thresholds" ADD CONSTRAINT "saved_thresholds_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_thresholds" ADD CONSTRAINT "saved_thresholds_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_thresholds" ADD CONSTRAINT "saved_thresholds_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_events" ADD CONSTRAINT "stat_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_events" ADD CONSTRAINT "stat_events_type_id_event_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."event_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_sets" ADD CONSTRAINT "threshold_sets_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_sets" ADD CONSTRAINT "threshold_sets_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_sets" ADD CONSTRAINT "threshold_sets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_threshold_set_id_threshold_sets_id_fk" FOREIGN KEY ("threshold_set_id") REFERENCES "public"."threshold_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "markets_provider_sport_idx" ON "markets" USING btree ("provider_id","sport_id");--> statement-breakpoint
CREATE INDEX "content_items_provider_idx" ON "content_items" USING btree ("provider_id","sport_id");--> statement-breakpoint
CREATE INDEX "content_items_group_idx" ON "content_items" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "contacts_provider_idx" ON "contacts" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "match_contents_match_idx" ON "match_contents" USING btree ("match_id","market_id");--> statement-breakpoint
CREATE INDEX "saved_thresholds_market_idx" ON "saved_thresholds" USING btree ("provider_id","market_id");--> statement-breakpoint
CREATE INDEX "stat_events_match_idx" ON "stat_events" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "threshold_sets_match_market_idx" ON "threshold_sets" USING btree ("match_id","market_id");--> statement-breakpoint
CREATE INDEX "trackers_model_idx" ON "trackers" USING btree ("model_type","model_id");--> statement-breakpoint
CREATE INDEX "deliveries_match_idx" ON "deliveries" USING btree ("match_id","id");--> statement-breakpoint
CREATE INDEX "deliveries_created_idx" ON "deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "match_events_source_key" ON "match_events" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "match_events_match_idx" ON "match_events" USING btree ("match_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_source_key" ON "offers" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "offers_match_market_idx" ON "offers" USING btree ("match_id","market_id","id");