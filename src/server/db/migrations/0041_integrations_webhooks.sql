CREATE TABLE "external_item_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "external_item_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system" text NOT NULL,
	"external_code" text NOT NULL,
	"external_name" text,
	"item_id" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_webhook_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system" text NOT NULL,
	"external_id" text NOT NULL,
	"version" integer NOT NULL,
	"event" text NOT NULL,
	"document_type" text NOT NULL,
	"document_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_item_mappings" ADD CONSTRAINT "external_item_mappings_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_item_mappings" ADD CONSTRAINT "external_item_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_item_mappings_key" ON "external_item_mappings" USING btree ("system","external_code");--> statement-breakpoint
CREATE INDEX "external_item_mappings_unmapped_idx" ON "external_item_mappings" USING btree ("system") WHERE "external_item_mappings"."item_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_webhook_events_key" ON "integration_webhook_events" USING btree ("system","external_id","version");--> statement-breakpoint
CREATE INDEX "integration_webhook_events_received_at_idx" ON "integration_webhook_events" USING btree ("received_at");