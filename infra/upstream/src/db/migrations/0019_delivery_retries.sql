ALTER TABLE "delivery_sends" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_sends" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_sends" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_sends" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_sends" ADD COLUMN "last_error" text;--> statement-breakpoint
UPDATE "delivery_sends" SET "next_attempt_at" = coalesce("claimed_until", now()) FROM "deliveries" WHERE "deliveries"."id" = "delivery_sends"."delivery_id" AND "deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "delivery_sends_due_idx" ON "delivery_sends" USING btree ("next_attempt_at") WHERE "delivery_sends"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "delivery_sends_match_idx" ON "delivery_sends" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "deliveries_pending_idx" ON "deliveries" USING btree ("id") WHERE "deliveries"."status" = 'PENDING';
