ALTER TABLE "match_events" ADD COLUMN "arrival" bigint;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "arrival" bigint;--> statement-breakpoint
ALTER TABLE "suppressions" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "threshold_firings" ADD COLUMN "details" jsonb;--> statement-breakpoint
-- An exhausted set keeps one MAX_THRESHOLD row per set and outcome: earlier rows fold into the first, counted.
UPDATE "suppressions" s SET "count" = d.n FROM (SELECT min(id) AS id, count(*)::int AS n FROM "suppressions" WHERE reason = 'MAX_THRESHOLD' GROUP BY match_id, threshold_set_id, outcome) d WHERE s.id = d.id;--> statement-breakpoint
DELETE FROM "suppressions" WHERE reason = 'MAX_THRESHOLD' AND id NOT IN (SELECT min(id) FROM "suppressions" WHERE reason = 'MAX_THRESHOLD' GROUP BY match_id, threshold_set_id, outcome);--> statement-breakpoint
CREATE UNIQUE INDEX "suppressions_max_threshold_key" ON "suppressions" USING btree ("match_id","threshold_set_id","outcome") WHERE reason = 'MAX_THRESHOLD';--> statement-breakpoint
CREATE INDEX "threshold_firings_offer_idx" ON "threshold_firings" USING btree ("offer_id");