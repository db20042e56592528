-- The kill switch (docs/compliance-operations.md): "stop all sends", for one provider
-- (provider_id) or for the whole deployment (provider_id null), one row per scope. Versioned and
-- audited (coedit/versioned.ts); `changed_by`/`changed_at` say who stopped or resumed it last and
-- when, `reason` why. A row is made at the first stop of its scope (version 0, bumped to 1 by that
-- write). Every engine worker reads the stopped rows before each vendor call (engine/send-stops.ts).
CREATE TABLE "send_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"provider_id" integer REFERENCES "providers"("id") ON DELETE cascade,
	"stopped" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"changed_by_id" integer,
	"changed_by" text DEFAULT '' NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "send_stops_scope_key" ON "send_stops" USING btree ((coalesce("provider_id", 0)));
--> statement-breakpoint
-- Today's suppressions by reason (the Compliance screen) are counted by creation time.
CREATE INDEX "suppressions_created_idx" ON "suppressions" USING btree ("created_at");
