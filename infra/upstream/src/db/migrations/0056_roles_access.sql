-- Roles and access per provider (issue #44, docs/operators.md "Roles" and "Access per provider").
-- `role` replaces the admin flag; `admin` stays, computed from the role, so readers of it keep working.
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'editor' NOT NULL;
--> statement-breakpoint
UPDATE "users" SET "role" = CASE WHEN "admin" THEN 'admin' ELSE 'editor' END;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" in ('admin', 'editor', 'viewer'));
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "admin";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin" boolean GENERATED ALWAYS AS ("role" = 'admin') STORED NOT NULL;
--> statement-breakpoint
-- The version an admin's role or grants change names (two admins changing one operator at once: the second gets 409).
ALTER TABLE "users" ADD COLUMN "access_version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- The providers an operator may see. No row: an admin sees every provider, anyone else none.
CREATE TABLE "operator_providers" (
  "operator_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "provider_id" integer NOT NULL REFERENCES "providers"("id") ON DELETE CASCADE,
  PRIMARY KEY ("operator_id", "provider_id")
);
--> statement-breakpoint
CREATE INDEX "operator_providers_provider_idx" ON "operator_providers" USING btree ("provider_id");
--> statement-breakpoint
-- Nothing changes for the operators of today: every non-admin is granted every existing provider.
INSERT INTO "operator_providers" ("operator_id", "provider_id") SELECT "u"."id", "p"."id" FROM "users" "u" CROSS JOIN "providers" "p" WHERE "u"."role" <> 'admin';
