CREATE TABLE "baskets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL,
	"required" integer NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;