-- The vendor's id of a sent message (Telegram message_id, WhatsApp wamid, X post id): what the
-- vendor's status webhooks name, so a status finds its delivery. IF NOT EXISTS: the push
-- channels' migration adds the same column the same way.
ALTER TABLE "deliveries" ADD COLUMN IF NOT EXISTS "vendor_message_id" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deliveries_vendor_message_idx" ON "deliveries" USING btree ("vendor_message_id") WHERE "vendor_message_id" IS NOT NULL;
