-- The market types of events/outcomes.ts (the engine settles each by its id): reference data
-- every deployment has, not demo data, so a provider made in the console gets its sports' standard
-- markets (catalog/standard-markets.ts) and a synced match its odds. A database that has them keeps its own.
INSERT INTO "market_types" ("id", "sport_id", "name", "outcomes", "evaluator") VALUES
	(1, 1, 'Match Result', '["home","draw","away"]'::jsonb, 'win_draw'),
	(2, 1, 'Total Goals Over/Under', '["over","under"]'::jsonb, 'over_under'),
	(3, 1, 'Correct Score', '["H0-A0","H0-A1","H0-A2","H0-A3","H0-A4","H1-A0","H1-A1","H1-A2","H1-A3","H1-A4","H2-A0","H2-A1","H2-A2","H2-A3","H2-A4","H3-A0","H3-A1","H3-A2","H3-A3","H3-A4","H4-A0","H4-A1","H4-A2","H4-A3","H4-A4","other"]'::jsonb, 'special'),
	(7, 1, 'Half-time Result', '["home","draw","away"]'::jsonb, 'win_draw'),
	(8, 1, 'First Half Total Goals', '["over","under"]'::jsonb, 'over_under'),
	(10, 1, 'Both Teams to Score', '["yes","no"]'::jsonb, 'yes_no'),
	(11, 1, 'Both Teams to Score in the First Half', '["yes","no"]'::jsonb, 'yes_no'),
	(12, 1, 'Draw No Bet', '["home","away"]'::jsonb, 'win_draw'),
	(14, 1, 'Handicap', '["home","draw","away"]'::jsonb, 'special'),
	(201, 2, 'Match Result (regulation time)', '["home","draw","away"]'::jsonb, 'win_draw'),
	(202, 2, 'Total Goals Over/Under', '["over","under"]'::jsonb, 'over_under'),
	(212, 2, 'Money Line (incl. overtime)', '["home","away"]'::jsonb, 'win_draw'),
	(214, 2, 'Puck Line', '["home","away"]'::jsonb, 'special'),
	(301, 3, 'Match Winner', '["home","away"]'::jsonb, 'win_draw'),
	(302, 3, 'Total Sets Over/Under', '["over","under"]'::jsonb, 'over_under'),
	(303, 3, 'Set Betting', '["H2-A0","H2-A1","H1-A2","H0-A2"]'::jsonb, 'special'),
	(401, 4, 'Money Line', '["home","away"]'::jsonb, 'win_draw'),
	(402, 4, 'Total Points Over/Under', '["over","under"]'::jsonb, 'over_under'),
	(414, 4, 'Point Spread', '["home","away"]'::jsonb, 'special')
ON CONFLICT ("id") DO NOTHING;
