-- X's OAuth 2.0 tokens as renewed (docs/channels.md "X"): X rotates the refresh token on every
-- renewal and the old one stops working, so the current access/refresh pair of an account lives
-- here, shared by every engine worker, sealed with AES-256-GCM under CHANNEL_SECRETS_KEY like the
-- credentials. `key` names the sign-in it renews (a hash of the client id and the refresh token an
-- admin saved: saving new tokens starts a new row). One worker renews at a time: it holds the
-- lease (`renewing_by` until `renewing_until_ms`, epoch ms of the senders' clock) while it calls
-- X, and the others wait for the pair it writes.
CREATE TABLE "channel_oauth_tokens" (
	"key" text PRIMARY KEY NOT NULL,
	"credential_id" integer NOT NULL REFERENCES "channel_credentials"("id") ON DELETE cascade,
	"sealed" text,
	"renewing_by" text,
	"renewing_until_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
