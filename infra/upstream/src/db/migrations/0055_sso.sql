-- Sign-in through the company's identity provider (OpenID Connect, docs/sso.md).
-- An account's identity at the provider: the issuer and its `sub`, one account each.
ALTER TABLE "users" ADD COLUMN "sso_issuer" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sso_subject" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_sso_subject_key" ON "users" USING btree ("sso_issuer", "sso_subject");
--> statement-breakpoint
-- The ID token a session signed in with: the id_token_hint of its RP-initiated logout.
ALTER TABLE "sessions" ADD COLUMN "id_token" text;
--> statement-breakpoint
-- A sign-in under way: state (its SHA-256), the browser's cookie (its SHA-256), nonce and PKCE verifier.
CREATE TABLE "sso_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"next" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_flows_expires_idx" ON "sso_flows" USING btree ("expires_at");
--> statement-breakpoint
-- A callback that succeeded, waiting for the login screen to trade its one-time ticket for a session.
CREATE TABLE "sso_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"id_token" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_tickets" ADD CONSTRAINT "sso_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- What each group of the provider gives at sign-in: a role, and providers (null: all).
CREATE TABLE "sso_group_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"group_name" text NOT NULL,
	"role" text NOT NULL,
	"provider_ids" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_group_grants_role_check" CHECK ("sso_group_grants"."role" in ('admin', 'editor', 'viewer'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_group_grants_group_key" ON "sso_group_grants" USING btree ("group_name");
