ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_offer_id_offers_id_fk";
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_market_id_markets_id_fk";
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_threshold_set_id_threshold_sets_id_fk";
--> statement-breakpoint
ALTER TABLE "offers" DROP CONSTRAINT "offers_market_id_markets_id_fk";
--> statement-breakpoint
ALTER TABLE "suppressions" DROP CONSTRAINT "suppressions_offer_id_offers_id_fk";
--> statement-breakpoint
ALTER TABLE "suppressions" DROP CONSTRAINT "suppressions_market_id_markets_id_fk";
--> statement-breakpoint
ALTER TABLE "suppressions" DROP CONSTRAINT "suppressions_threshold_set_id_threshold_sets_id_fk";
--> statement-breakpoint
ALTER TABLE "suppressions" DROP CONSTRAINT "suppressions_contact_id_contacts_id_fk";
--> statement-breakpoint
-- Offers, deliveries and suppressions keep only their match as a foreign key (see schema/live.ts: a
-- row-by-row check of the other four on every insert cost as much as the insert). What those keys
-- did on delete is done here once per statement: a contact or market takes its rows with it, an
-- offer or threshold set leaves them with a null reference.
CREATE OR REPLACE FUNCTION engine_log_contacts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "deliveries" WHERE "contact_id" IN (SELECT "id" FROM gone);
  DELETE FROM "suppressions" WHERE "contact_id" IN (SELECT "id" FROM gone);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_engine_log" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION engine_log_contacts_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_log_markets_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "deliveries" WHERE "market_id" IN (SELECT "id" FROM gone);
  DELETE FROM "suppressions" WHERE "market_id" IN (SELECT "id" FROM gone);
  DELETE FROM "offers" WHERE "market_id" IN (SELECT "id" FROM gone);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "markets_engine_log" AFTER DELETE ON "markets" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION engine_log_markets_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_log_offers_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "deliveries" SET "offer_id" = NULL WHERE "offer_id" IN (SELECT "id" FROM gone);
  UPDATE "suppressions" SET "offer_id" = NULL WHERE "offer_id" IN (SELECT "id" FROM gone);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "offers_engine_log" AFTER DELETE ON "offers" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION engine_log_offers_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_log_threshold_sets_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "deliveries" SET "threshold_set_id" = NULL WHERE "threshold_set_id" IN (SELECT "id" FROM gone);
  UPDATE "suppressions" SET "threshold_set_id" = NULL WHERE "threshold_set_id" IN (SELECT "id" FROM gone);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "threshold_sets_engine_log" AFTER DELETE ON "threshold_sets" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION engine_log_threshold_sets_deleted();
