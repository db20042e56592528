-- Why the UOF adapter skipped a market, line or outcome (Feed health, "Skipped UOF markets"): the
-- rest of its message is ingested, this part is counted with the reason.
ALTER TABLE "uof_unknown_markets" ADD COLUMN "reason" text DEFAULT '' NOT NULL;
