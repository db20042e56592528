-- A match's whole result: the score after extra time (regular time's goals included) and the
-- penalty shoot-out, beside home_score/away_score, which stay the 90-minute score markets settle on.
ALTER TABLE "matches" ADD COLUMN "et_home_score" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "et_away_score" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "pen_home_score" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "pen_away_score" integer;
