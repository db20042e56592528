-- The catalog sync from the UOF Sports API (docs/catalog.md): which rows the vendor's sync owns
-- (sync_source 'uof', sync_ref the vendor's id, unique per provider), which fields an operator
-- changed by hand (overrides: the sync never writes those again), the tournaments each provider
-- opted in, the worker's lease and cursor per provider, its runs, and fixture changes to read.
ALTER TABLE "leagues" ADD COLUMN "sync_source" text;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "sync_ref" text;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "sync_source" text;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "sync_ref" text;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "sync_source" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "sync_ref" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "sync_source" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "sync_ref" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "leagues_sync_key" ON "leagues" ("provider_id", "sync_source", "sync_ref") WHERE "sync_ref" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_sync_key" ON "seasons" ("league_id", "sync_source", "sync_ref") WHERE "sync_ref" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_sync_key" ON "teams" ("provider_id", "sync_source", "sync_ref") WHERE "sync_ref" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "matches_sync_key" ON "matches" ("provider_id", "sync_source", "sync_ref") WHERE "sync_ref" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "uof_sync_tournaments" (
	"provider_id" integer NOT NULL REFERENCES "providers"("id") ON DELETE cascade,
	"tournament" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uof_sync_tournaments_pkey" PRIMARY KEY ("provider_id", "tournament")
);
--> statement-breakpoint
CREATE TABLE "uof_sync_state" (
	"provider_id" integer PRIMARY KEY NOT NULL REFERENCES "providers"("id") ON DELETE cascade,
	"owner" text,
	"lease_until" timestamp with time zone,
	"run_id" integer,
	"requested_at" timestamp with time zone,
	"requested_by" text,
	"last_schedule_at" timestamp with time zone,
	"last_live_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uof_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL REFERENCES "providers"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"requested_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"steps" jsonb NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"owner" text,
	"takeovers" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"throttled" integer DEFAULT 0 NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skips" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "uof_sync_runs_status_check" CHECK ("status" in ('running', 'done', 'partial', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "uof_sync_runs_provider_idx" ON "uof_sync_runs" ("provider_id", "id");--> statement-breakpoint
CREATE TABLE "uof_sync_hints" (
	"provider_id" integer NOT NULL REFERENCES "providers"("id") ON DELETE cascade,
	"event" text NOT NULL,
	"change_type" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uof_sync_hints_pkey" PRIMARY KEY ("provider_id", "event")
);
