-- Idempotency keys belong to the session that sent them, not only to its operator: the same key
-- from another session is a request of its own. Rows from before name no session ('') and so match
-- no request any more; they expire with the day as every key does.
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_key_pk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "session" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_session_key_pk" PRIMARY KEY("user_id","session","key");
