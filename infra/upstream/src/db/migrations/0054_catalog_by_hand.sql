-- The catalog made by hand (docs/catalog.md): leagues, seasons, matches and market types carry a
-- version like the other co-edited records (a stale edit is a 409).
ALTER TABLE "leagues" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "market_types" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Where a synced row comes from and what operators override: the vendor sync's columns (its own
-- migration, 0053, adds them first; IF NOT EXISTS keeps this one harmless beside it).
ALTER TABLE "leagues" ADD COLUMN IF NOT EXISTS "sync_source" text;
--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN IF NOT EXISTS "sync_ref" text;
--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN IF NOT EXISTS "overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN IF NOT EXISTS "sync_source" text;
--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN IF NOT EXISTS "sync_ref" text;
--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN IF NOT EXISTS "overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN IF NOT EXISTS "sync_source" text;
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN IF NOT EXISTS "sync_ref" text;
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN IF NOT EXISTS "overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN IF NOT EXISTS "sync_source" text;
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN IF NOT EXISTS "sync_ref" text;
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN IF NOT EXISTS "overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;
