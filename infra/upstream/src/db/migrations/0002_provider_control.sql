CREATE TABLE "provider_controls" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_controls" ADD CONSTRAINT "provider_controls_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;