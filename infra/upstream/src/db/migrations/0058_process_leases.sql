-- One owner at a time of a job that several processes could run (db/lease.ts): the UOF consumer
-- of the API processes. The holder renews its row; another process takes it only once it expired.
CREATE TABLE "process_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
