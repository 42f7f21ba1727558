CREATE TABLE "assemblies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assemblies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"document_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"type" text NOT NULL,
	"item_id" integer NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	"warehouse_id" integer NOT NULL,
	"notes" text,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assemblies_type_check" CHECK ("assemblies"."type" in ('assembly', 'disassembly')),
	CONSTRAINT "assemblies_qty_positive" CHECK ("assemblies"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "assembly_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assembly_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assembly_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" integer NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	CONSTRAINT "assembly_lines_qty_positive" CHECK ("assembly_lines"."qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "assemblies" ADD CONSTRAINT "assemblies_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblies" ADD CONSTRAINT "assemblies_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblies" ADD CONSTRAINT "assemblies_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblies" ADD CONSTRAINT "assemblies_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblies" ADD CONSTRAINT "assemblies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_lines" ADD CONSTRAINT "assembly_lines_assembly_id_assemblies_id_fk" FOREIGN KEY ("assembly_id") REFERENCES "public"."assemblies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_lines" ADD CONSTRAINT "assembly_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assemblies_number_key" ON "assemblies" USING btree ("number");--> statement-breakpoint
CREATE INDEX "assemblies_document_date_idx" ON "assemblies" USING btree ("document_date","id");--> statement-breakpoint
CREATE INDEX "assemblies_item_id_idx" ON "assemblies" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "assemblies_warehouse_id_idx" ON "assemblies" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "assembly_lines_assembly_id_idx" ON "assembly_lines" USING btree ("assembly_id");--> statement-breakpoint
CREATE INDEX "assembly_lines_item_id_idx" ON "assembly_lines" USING btree ("item_id");