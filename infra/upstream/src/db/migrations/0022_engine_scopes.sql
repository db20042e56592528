-- The engine's cache invalidation, per scope instead of one global row: an edit bumps the
-- versions of the scopes it touches, in its own transaction, and a worker reloads a cached match
-- only when one of that match's scopes moved. Scopes: 'match:<id>' (its threshold sets, content,
-- match trackers, its own row), 'provider:<id>' (the provider and its engine switch),
-- 'markets:<provider>:<sport>' (market settings), 'contacts:<provider>:<sport>' (with the changed
-- contact ids in engine_contact_changes, so a worker reloads only the matches whose audience holds
-- them), 'team:<id>' (a team's name and its played results), 'league:<id>' (league trackers).
-- Row triggers: a write that touches no row bumps nothing, and writers of different scopes never
-- wait on each other's version row.
CREATE TABLE "engine_scopes" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engine_contact_changes" (
	"contact_id" integer NOT NULL,
	"scope" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "engine_contact_changes_pk" PRIMARY KEY ("scope", "contact_id")
);
--> statement-breakpoint
CREATE INDEX "engine_contact_changes_version_idx" ON "engine_contact_changes" ("scope", "version");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_bump(target text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE bumped bigint;
BEGIN
  INSERT INTO "engine_scopes" ("scope", "version") VALUES (target, 1)
    ON CONFLICT ("scope") DO UPDATE SET "version" = "engine_scopes"."version" + 1
    RETURNING "version" INTO bumped;
  RETURN bumped;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_bump_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM engine_bump('match:' || OLD.match_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.match_id <> OLD.match_id) THEN PERFORM engine_bump('match:' || NEW.match_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_bump_tracker() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT * FROM (VALUES (CASE WHEN TG_OP <> 'INSERT' THEN OLD.model_type END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.model_id END),
                                 (CASE WHEN TG_OP <> 'DELETE' THEN NEW.model_type END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.model_id END)) AS v(model_type, model_id) LOOP
    IF r.model_type = 'M' THEN PERFORM engine_bump('match:' || r.model_id);
    ELSIF r.model_type = 'L' THEN PERFORM engine_bump('league:' || r.model_id);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A match's own row is its scope; its teams' scopes move only when a played result changes
-- (team values count played matches alone), so a kick-off moving an unplayed match's start
-- reloads that match and no other.
CREATE OR REPLACE FUNCTION engine_bump_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM engine_bump('match:' || OLD.id); END IF;
  IF TG_OP = 'INSERT' THEN PERFORM engine_bump('match:' || NEW.id); END IF;
  IF TG_OP <> 'INSERT' AND OLD.home_score IS NOT NULL AND OLD.away_score IS NOT NULL
     AND (TG_OP = 'DELETE' OR ROW(OLD.home_score, OLD.away_score, OLD.start, OLD.season_id, OLD.league_id, OLD.home_team_id, OLD.away_team_id)
          IS DISTINCT FROM ROW(NEW.home_score, NEW.away_score, NEW.start, NEW.season_id, NEW.league_id, NEW.home_team_id, NEW.away_team_id)) THEN
    PERFORM engine_bump('team:' || OLD.home_team_id);
    PERFORM engine_bump('team:' || OLD.away_team_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.home_score IS NOT NULL AND NEW.away_score IS NOT NULL
     AND (TG_OP = 'INSERT' OR ROW(OLD.home_score, OLD.away_score, OLD.start, OLD.season_id, OLD.league_id, OLD.home_team_id, OLD.away_team_id)
          IS DISTINCT FROM ROW(NEW.home_score, NEW.away_score, NEW.start, NEW.season_id, NEW.league_id, NEW.home_team_id, NEW.away_team_id)) THEN
    PERFORM engine_bump('team:' || NEW.home_team_id);
    PERFORM engine_bump('team:' || NEW.away_team_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_bump_team() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM engine_bump('team:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_bump_provider() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'providers' THEN
    PERFORM engine_bump('provider:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
  ELSE
    PERFORM engine_bump('provider:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.provider_id ELSE NEW.provider_id END));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_bump_market() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM engine_bump('markets:' || OLD.provider_id || ':' || OLD.sport_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.provider_id, NEW.sport_id) IS DISTINCT FROM (OLD.provider_id, OLD.sport_id)) THEN
    PERFORM engine_bump('markets:' || NEW.provider_id || ':' || NEW.sport_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A rule set's markets matter to the matches whose content uses the rule set.
CREATE OR REPLACE FUNCTION engine_bump_rule_set() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE m integer;
BEGIN
  FOR m IN SELECT DISTINCT "match_id" FROM "match_contents"
           WHERE "rule_set_id" IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.rule_set_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.rule_set_id END) LOOP
    PERFORM engine_bump('match:' || m);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A contact bumps its provider and sport's contacts scope and records itself under the new
-- version: a worker reads which contacts changed and reloads only the matches they belong to.
CREATE OR REPLACE FUNCTION engine_bump_contact() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE target text; bumped bigint; id integer;
BEGIN
  id := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  FOR target IN SELECT DISTINCT t FROM (VALUES
      (CASE WHEN TG_OP <> 'INSERT' THEN 'contacts:' || OLD.provider_id || ':' || OLD.sport_id END),
      (CASE WHEN TG_OP <> 'DELETE' THEN 'contacts:' || NEW.provider_id || ':' || NEW.sport_id END)) AS v(t) WHERE t IS NOT NULL LOOP
    bumped := engine_bump(target);
    INSERT INTO "engine_contact_changes" ("contact_id", "scope", "version") VALUES (id, target, bumped)
      ON CONFLICT ("scope", "contact_id") DO UPDATE SET "version" = excluded."version";
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "contacts_engine_version" ON "contacts";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "trackers_engine_version" ON "trackers";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "threshold_sets_engine_version" ON "threshold_sets";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "markets_engine_version" ON "markets";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "match_contents_engine_version" ON "match_contents";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "matches_engine_version" ON "matches";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "teams_engine_version" ON "teams";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "rule_set_markets_engine_version" ON "rule_set_markets";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "providers_engine_version" ON "providers";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "provider_controls_engine_version" ON "provider_controls";
--> statement-breakpoint
DROP FUNCTION IF EXISTS engine_version_bump();
--> statement-breakpoint
DROP TABLE IF EXISTS "engine_version";
--> statement-breakpoint
CREATE TRIGGER "contacts_engine_scope" AFTER INSERT OR UPDATE OR DELETE ON "contacts" FOR EACH ROW EXECUTE FUNCTION engine_bump_contact();
--> statement-breakpoint
CREATE TRIGGER "trackers_engine_scope" AFTER INSERT OR UPDATE OR DELETE ON "trackers" FOR EACH ROW EXECUTE FUNCTION engine_bump_tracker();
--> statement-breakpoint
CREATE TRIGGER "threshold_sets_engine_scope" AFTER INSERT OR UPDATE OR DELETE ON "threshold_sets" FOR EACH ROW EXECUTE FUNCTION engine_bump_match();
--> statement-breakpoint
CREATE TRIGGER "match_contents_engine_scope" AFTER INSERT OR UPDATE OR DELETE ON "match_contents" FOR EACH ROW EXECUTE FUNCTION engine_bump_match();
--> statement-breakpoint
CREATE TRIGGER "markets_engine_scope" AFTER INSERT OR UPDATE OR DELETE ON "markets" FOR EACH ROW EXECUTE FUNCTION engine_bump_market();
--> statement-breakpoint
CREATE TRIGGER "matches_engine_scope" AFTER INSERT OR UPDATE OR DELETE ON "matches" FOR EACH ROW EXECUTE FUNCTION engine_bump_matches();
--> statement-breakpoint
CREATE TRIGGER "teams_engine_scope" AFTER INSERT OR UPDATE OR DELETE ON "teams" FOR EACH ROW EXECUTE FUNCTION engine_bump_team();
--> statement-breakpoint
CREATE TRIGGER "rule_set_markets_engine_scope" AFTER INSERT OR UPDATE OR DELETE ON "rule_set_markets" FOR EACH ROW EXECUTE FUNCTION engine_bump_rule_set();
--> statement-breakpoint
CREATE TRIGGER "providers_engine_scope" AFTER INSERT OR UPDATE OR DELETE ON "providers" FOR EACH ROW EXECUTE FUNCTION engine_bump_provider();
--> statement-breakpoint
CREATE TRIGGER "provider_controls_engine_scope" AFTER INSERT OR UPDATE OR DELETE ON "provider_controls" FOR EACH ROW EXECUTE FUNCTION engine_bump_provider();
