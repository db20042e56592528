-- The four sports of SPEC §1 and how each keeps score (seed/sports.ts holds the same): reference
-- data every deployment has, not demo data, so an empty production database can get a provider
-- carrying Football from the console (docs/catalog.md). A database that has them keeps its own.
INSERT INTO "sports" ("id", "name", "periods", "scores") VALUES
	(1, 'Football', 2, '{"max_score":8,"increment":1,"max_sub_node":0,"sub_node_increment":1,"sub_nodes":[],"max_leaf_node":0,"leaf_node_increment":1,"leaf_nodes":[]}'::jsonb),
	(2, 'Ice Hockey', 3, '{"max_score":10,"increment":1,"max_sub_node":0,"sub_node_increment":1,"sub_nodes":[],"max_leaf_node":0,"leaf_node_increment":1,"leaf_nodes":[]}'::jsonb),
	(3, 'Tennis', 3, '{"max_score":3,"increment":1,"max_sub_node":7,"sub_node_increment":1,"sub_nodes":["S1","S2","S3"],"max_leaf_node":4,"leaf_node_increment":1,"leaf_nodes":["0","15","30","40","AD"]}'::jsonb),
	(4, 'Basketball', 4, '{"max_score":150,"increment":10,"max_sub_node":0,"sub_node_increment":1,"sub_nodes":[],"max_leaf_node":0,"leaf_node_increment":1,"leaf_nodes":[]}'::jsonb)
ON CONFLICT ("id") DO NOTHING;
