-- A provider's webhook signing as admins rotate it (docs/channels.md "Signed"): versioned and
-- audited (History says who rotated and when; the secrets stay in webhook_secrets, which history
-- never reads). `previous_until`: until when the secret before the last rotation still signs
-- beside the new one (Standard Webhooks takes several signatures), null when it stopped at once.
CREATE TABLE "webhook_signing" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"provider_id" integer NOT NULL REFERENCES "providers"("id") ON DELETE cascade,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"previous_until" timestamp with time zone,
	CONSTRAINT "webhook_signing_provider_key" UNIQUE ("provider_id")
);
--> statement-breakpoint
-- The secret before the last rotation, sealed like the current one, while it still signs.
ALTER TABLE "webhook_secrets" ADD COLUMN "previous_secret" text;
