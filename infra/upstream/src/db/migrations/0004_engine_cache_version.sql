-- The live engine caches contacts, trackers, threshold sets, markets, match content, matches,
-- teams and providers in memory. Every change to them, by any route or process, bumps engine_version, which the
-- engine reads once per ingest and reloads its caches when it moved.
INSERT INTO "engine_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "engine_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_engine_version" AFTER INSERT OR UPDATE OR DELETE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION engine_version_bump();
--> statement-breakpoint
CREATE TRIGGER "trackers_engine_version" AFTER INSERT OR UPDATE OR DELETE ON "trackers" FOR EACH STATEMENT EXECUTE FUNCTION engine_version_bump();
--> statement-breakpoint
CREATE TRIGGER "threshold_sets_engine_version" AFTER INSERT OR UPDATE OR DELETE ON "threshold_sets" FOR EACH STATEMENT EXECUTE FUNCTION engine_version_bump();
--> statement-breakpoint
CREATE TRIGGER "markets_engine_version" AFTER INSERT OR UPDATE OR DELETE ON "markets" FOR EACH STATEMENT EXECUTE FUNCTION engine_version_bump();
--> statement-breakpoint
CREATE TRIGGER "match_contents_engine_version" AFTER INSERT OR UPDATE OR DELETE ON "match_contents" FOR EACH STATEMENT EXECUTE FUNCTION engine_version_bump();
--> statement-breakpoint
CREATE TRIGGER "matches_engine_version" AFTER INSERT OR UPDATE OR DELETE ON "matches" FOR EACH STATEMENT EXECUTE FUNCTION engine_version_bump();
--> statement-breakpoint
CREATE TRIGGER "teams_engine_version" AFTER INSERT OR UPDATE OR DELETE ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION engine_version_bump();
--> statement-breakpoint
CREATE TRIGGER "rule_set_markets_engine_version" AFTER INSERT OR UPDATE OR DELETE ON "rule_set_markets" FOR EACH STATEMENT EXECUTE FUNCTION engine_version_bump();
--> statement-breakpoint
CREATE TRIGGER "providers_engine_version" AFTER INSERT OR UPDATE OR DELETE ON "providers" FOR EACH STATEMENT EXECUTE FUNCTION engine_version_bump();
--> statement-breakpoint
CREATE TRIGGER "provider_controls_engine_version" AFTER INSERT OR UPDATE OR DELETE ON "provider_controls" FOR EACH STATEMENT EXECUTE FUNCTION engine_version_bump();
