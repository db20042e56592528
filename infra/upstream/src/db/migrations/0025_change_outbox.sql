CREATE TABLE "change_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notice" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
