-- Why each threshold set of the offer's market did not fire on it, as the engine decided then
-- (suspended, stale, not re-armed, confirming, held by a bound...): the Why panel says the one that applied.
ALTER TABLE "offers" ADD COLUMN "reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;
