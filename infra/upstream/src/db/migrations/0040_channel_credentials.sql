-- A provider's credentials per vendor channel (docs/channels.md): the non-secret settings and the
-- names of the secrets set are in channel_credentials (versioned, audited); the secrets themselves,
-- sealed with AES-256-GCM under CHANNEL_SECRETS_KEY, are in channel_credential_secrets, a table
-- history never reads. `state` is 'configured' or 'failing' (the vendor refused the credentials:
-- last_error says how). Saving or removing credentials moves the provider's engine scope, so each
-- match reloads which of its contacts' channels can be reached.
CREATE TABLE "channel_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"provider_id" integer NOT NULL REFERENCES "providers"("id") ON DELETE cascade,
	"vendor" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_names" text[] DEFAULT '{}' NOT NULL,
	"state" text DEFAULT 'configured' NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_credentials_provider_vendor_key" UNIQUE ("provider_id", "vendor")
);
--> statement-breakpoint
CREATE TABLE "channel_credential_secrets" (
	"credential_id" integer PRIMARY KEY NOT NULL REFERENCES "channel_credentials"("id") ON DELETE cascade,
	"sealed" text NOT NULL
);
--> statement-breakpoint
-- The shared pace of each app, bot or number (a token bucket every engine worker takes from, in
-- one atomic update), and its pause when the vendor asked the whole channel to back off.
-- Times are the senders' clock in epoch milliseconds.
CREATE TABLE "channel_pacing" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_ms" bigint NOT NULL,
	"paused_until_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A sent delivery's id at its vendor (FCM message name, apns-id, Telegram message_id, wamid, tweet id).
ALTER TABLE "deliveries" ADD COLUMN IF NOT EXISTS "vendor_message_id" text;
--> statement-breakpoint
-- Why the engine deactivated a contact (the vendor said its recipient is gone: "FCM UNREGISTERED ...").
ALTER TABLE "contacts" ADD COLUMN "inactive_reason" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_bump_channel_credentials() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM engine_bump('provider:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.provider_id ELSE NEW.provider_id END));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "channel_credentials_engine_scope" AFTER INSERT OR DELETE ON "channel_credentials"
	FOR EACH ROW EXECUTE FUNCTION engine_bump_channel_credentials();
