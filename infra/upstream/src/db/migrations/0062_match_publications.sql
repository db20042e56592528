-- A match's live writes are numbered publications (docs/live-path.md, "Publications"): every engine
-- batch that writes offers or events takes the next offset, and its change notice carries it, so a
-- relay that sees the offsets follow applies what the notice carries and reads only after a gap. A
-- reset deletes the row: the next write starts a new epoch (a fresh random default) at offset 1.
ALTER TABLE "match_live_states" ADD COLUMN "publication" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_live_states" ADD COLUMN "publication_epoch" text DEFAULT substr(md5(random()::text), 1, 12) NOT NULL;
