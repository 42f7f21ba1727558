CREATE TABLE "repair_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"repair_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_parts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_parts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"repair_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	"price_for_client" numeric(18, 2) DEFAULT '0' NOT NULL,
	"posting_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_parts_posting_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_parts_posting_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"posting_id" integer NOT NULL,
	"part_id" integer,
	"item_id" integer NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	"unit_cost" numeric(18, 6) DEFAULT '0' NOT NULL,
	"value" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_parts_postings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_parts_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"document_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"repair_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"value" numeric(18, 2) DEFAULT '0' NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"repair_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "repairs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repairs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"intake_date" date NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"serial_number_id" integer,
	"item_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"contact_id" integer,
	"problem_description" text NOT NULL,
	"accessories" text,
	"visual_damage" text,
	"sold_at" timestamp with time zone,
	"warranty_until" date,
	"computed_warranty" boolean DEFAULT false NOT NULL,
	"warranty_override" boolean,
	"warranty_override_reason" text,
	"is_warranty" boolean DEFAULT false NOT NULL,
	"diagnosis" text,
	"work_done" text,
	"assigned_worker_id" integer,
	"estimated_cost" numeric(18, 2),
	"client_approved" boolean DEFAULT false NOT NULL,
	"client_approved_at" timestamp with time zone,
	"billing_order_id" integer,
	"returned_at" timestamp with time zone,
	"returned_without_payment" boolean DEFAULT false NOT NULL,
	"returned_without_payment_reason" text,
	"parts_cost" numeric(18, 2) DEFAULT '0' NOT NULL,
	"labour_cost" numeric(18, 2) DEFAULT '0' NOT NULL,
	"warranty_cost" numeric(18, 2) DEFAULT '0' NOT NULL,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "repair_attachments" ADD CONSTRAINT "repair_attachments_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_attachments" ADD CONSTRAINT "repair_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_parts" ADD CONSTRAINT "repair_parts_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_parts" ADD CONSTRAINT "repair_parts_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_parts" ADD CONSTRAINT "repair_parts_posting_id_repair_parts_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."repair_parts_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_parts_posting_lines" ADD CONSTRAINT "repair_parts_posting_lines_posting_id_repair_parts_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."repair_parts_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_parts_posting_lines" ADD CONSTRAINT "repair_parts_posting_lines_part_id_repair_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."repair_parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_parts_posting_lines" ADD CONSTRAINT "repair_parts_posting_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_parts_postings" ADD CONSTRAINT "repair_parts_postings_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_parts_postings" ADD CONSTRAINT "repair_parts_postings_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_parts_postings" ADD CONSTRAINT "repair_parts_postings_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_parts_postings" ADD CONSTRAINT "repair_parts_postings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_parts_postings" ADD CONSTRAINT "repair_parts_postings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_status_history" ADD CONSTRAINT "repair_status_history_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_status_history" ADD CONSTRAINT "repair_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_serial_number_id_serial_numbers_id_fk" FOREIGN KEY ("serial_number_id") REFERENCES "public"."serial_numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_contact_id_counterparty_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."counterparty_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_assigned_worker_id_workers_id_fk" FOREIGN KEY ("assigned_worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_billing_order_id_orders_id_fk" FOREIGN KEY ("billing_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repair_attachments_repair_id_idx" ON "repair_attachments" USING btree ("repair_id");--> statement-breakpoint
CREATE INDEX "repair_parts_repair_id_idx" ON "repair_parts" USING btree ("repair_id");--> statement-breakpoint
CREATE INDEX "repair_parts_item_id_idx" ON "repair_parts" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "repair_parts_posting_lines_posting_id_idx" ON "repair_parts_posting_lines" USING btree ("posting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_parts_postings_number_key" ON "repair_parts_postings" USING btree ("number");--> statement-breakpoint
CREATE INDEX "repair_parts_postings_repair_id_idx" ON "repair_parts_postings" USING btree ("repair_id");--> statement-breakpoint
CREATE INDEX "repair_status_history_repair_id_idx" ON "repair_status_history" USING btree ("repair_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "repairs_number_key" ON "repairs" USING btree ("number");--> statement-breakpoint
CREATE INDEX "repairs_intake_date_idx" ON "repairs" USING btree ("intake_date","id");--> statement-breakpoint
CREATE INDEX "repairs_status_idx" ON "repairs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "repairs_serial_number_id_idx" ON "repairs" USING btree ("serial_number_id");--> statement-breakpoint
CREATE INDEX "repairs_client_id_idx" ON "repairs" USING btree ("client_id");