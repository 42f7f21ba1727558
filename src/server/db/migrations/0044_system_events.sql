CREATE TABLE "system_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"category" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "system_events_at_idx" ON "system_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "system_events_level_at_idx" ON "system_events" USING btree ("level","at");