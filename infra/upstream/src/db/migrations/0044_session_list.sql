-- Each operator's Sessions list: where a session signed in from (address, browser) and when it was last seen.
ALTER TABLE "sessions" ADD COLUMN "address" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "sessions" SET "last_seen_at" = "created_at";
--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");
