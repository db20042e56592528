-- UOF connection, poison messages and feed delay (docs/feeds-uof.md): the broker connection's
-- state as the adapter last wrote it, each producer's name and delay, and what a dead letter needs
-- to be driven again (the whole message, base64, and who asked for its re-drive and what came of it).
CREATE TABLE "uof_connection" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"last_message_at" timestamp with time zone,
	"reconnects" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uof_producers" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "uof_producers" ADD COLUMN "delay_ms" integer;--> statement-breakpoint
ALTER TABLE "dead_letters" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "dead_letters" ADD COLUMN "payload" text;--> statement-breakpoint
ALTER TABLE "dead_letters" ADD COLUMN "redrive_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dead_letters" ADD COLUMN "redrive_requested_by" text;--> statement-breakpoint
ALTER TABLE "dead_letters" ADD COLUMN "redriven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dead_letters" ADD COLUMN "redrive_outcome" text;--> statement-breakpoint
CREATE INDEX "dead_letters_redrive_idx" ON "dead_letters" ("redrive_requested_at") WHERE "redrive_requested_at" IS NOT NULL AND "redriven_at" IS NULL;
