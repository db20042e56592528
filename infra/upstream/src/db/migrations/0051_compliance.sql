-- Compliance (docs/compliance.md). Contacts from before it carry no compliance data: every new
-- column is null (consents empty), so nothing about them is assumed.
ALTER TABLE "contacts" ADD COLUMN "customer_ref" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "jurisdiction" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "time_zone" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "quiet_hours" jsonb;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consents" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "erased_at" timestamp with time zone;
--> statement-breakpoint
-- What a match content's text does (call_to_wager, boosted_odds, bonus): a jurisdiction may forbid it.
ALTER TABLE "match_contents" ADD COLUMN "flags" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- The deployment's jurisdiction rules, edited by admins (versioned, audited).
CREATE TABLE "jurisdiction_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"jurisdiction" text NOT NULL,
	"forbidden_flags" text[] DEFAULT '{}' NOT NULL,
	"quiet_hours" jsonb,
	"daily_cap" integer,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jurisdiction_rules_jurisdiction_key" UNIQUE ("jurisdiction")
);
--> statement-breakpoint
-- A provider's blocks and consents source (the Fast Track operator contract) and whether "no
-- consent recorded" suppresses. The providers of an existing deployment get a row saying it does
-- not (turned on after an import of consents); a provider with no row reads as the process's mode
-- (on in production). The secret is sealed apart, in a table history never reads.
CREATE TABLE "compliance_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"provider_id" integer NOT NULL REFERENCES "providers"("id") ON DELETE cascade,
	"base_url" text,
	"auth" text DEFAULT 'api_key' NOT NULL,
	"username" text,
	"secret_set" boolean DEFAULT false NOT NULL,
	"consent_required" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'not_configured' NOT NULL,
	"last_error" text,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_sources_provider_key" UNIQUE ("provider_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_source_secrets" (
	"source_id" integer PRIMARY KEY NOT NULL REFERENCES "compliance_sources"("id") ON DELETE cascade,
	"sealed" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "compliance_sources" ("provider_id", "consent_required") SELECT "id", false FROM "providers";
--> statement-breakpoint
-- A provider's suppression list: keyed hashes (HMAC-SHA256), never the values.
CREATE TABLE "suppression_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL REFERENCES "providers"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppression_entries_value_key" UNIQUE ("provider_id", "kind", "hash")
);
--> statement-breakpoint
CREATE INDEX "suppression_entries_hash_idx" ON "suppression_entries" USING btree ("provider_id", "hash");
--> statement-breakpoint
-- The engine caches each match's compliance view (engine/compliance/view.ts): a change to a
-- provider's source or list moves its provider scope, a jurisdiction rule every provider's.
CREATE OR REPLACE FUNCTION engine_bump_compliance_source() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM engine_bump('provider:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.provider_id ELSE NEW.provider_id END));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "compliance_sources_engine_scope" AFTER INSERT OR UPDATE OF "base_url", "auth", "username", "secret_set", "consent_required", "version" OR DELETE ON "compliance_sources"
	FOR EACH ROW EXECUTE FUNCTION engine_bump_compliance_source();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_bump_suppression_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM engine_bump('provider:' || p.id) FROM "providers" p
    WHERE p.id IN (SELECT n.provider_id FROM changed n);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "suppression_entries_engine_scope_insert" AFTER INSERT ON "suppression_entries"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engine_bump_suppression_list();
--> statement-breakpoint
CREATE TRIGGER "suppression_entries_engine_scope_delete" AFTER DELETE ON "suppression_entries"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engine_bump_suppression_list();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_bump_jurisdiction_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM engine_bump('provider:' || p.id) FROM "providers" p;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jurisdiction_rules_engine_scope" AFTER INSERT OR UPDATE OR DELETE ON "jurisdiction_rules"
	FOR EACH STATEMENT EXECUTE FUNCTION engine_bump_jurisdiction_rules();
