CREATE TABLE "uof_links" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"last_product" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "uof_links_event_unique" UNIQUE("event")
);
--> statement-breakpoint
ALTER TABLE "uof_links" ADD CONSTRAINT "uof_links_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "uof_market_map" (
	"uof_market_id" integer PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"line_specifier" text,
	"outcomes" jsonb NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "uof_market_map" ("uof_market_id", "type_id", "line_specifier", "outcomes", "name") VALUES
	(1, 1, NULL, '{"1":"home","2":"draw","3":"away"}', '1x2'),
	(18, 2, 'total', '{"12":"over","13":"under"}', 'Total'),
	(29, 10, NULL, '{"74":"yes","76":"no"}', 'Both teams to score'),
	(60, 7, NULL, '{"1":"home","2":"draw","3":"away"}', '1st half - 1x2'),
	(11, 12, NULL, '{"4":"home","5":"away"}', 'Draw no bet'),
	(14, 14, 'hcp', '{"1711":"home","1712":"draw","1713":"away"}', 'Handicap {hcp}');
--> statement-breakpoint
CREATE TABLE "uof_producers" (
	"id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'down' NOT NULL,
	"subscribed" boolean DEFAULT false NOT NULL,
	"reason" text,
	"last_alive_at" timestamp with time zone,
	"last_good_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uof_recoveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"producer" integer NOT NULL,
	"request_id" integer NOT NULL,
	"after" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"messages" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'running' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "uof_recoveries_producer_idx" ON "uof_recoveries" USING btree ("producer","id");--> statement-breakpoint
CREATE TABLE "uof_unknown_markets" (
	"market" text NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uof_unknown_markets_market_outcome_pk" PRIMARY KEY("market","outcome")
);
--> statement-breakpoint
CREATE TABLE "uof_unlinked_events" (
	"event" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"home" text,
	"away" text,
	"kick_off" timestamp with time zone,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_stalls" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_stalls" ADD CONSTRAINT "feed_stalls_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_match_id_idx" ON "offers" USING btree ("match_id","id");
