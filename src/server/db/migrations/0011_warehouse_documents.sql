CREATE TABLE "stock_adjustment_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_adjustment_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"adjustment_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" integer NOT NULL,
	"delta_qty" numeric(18, 4) NOT NULL,
	"counted_qty" numeric(18, 4),
	"unit_cost" numeric(18, 6),
	"notes" text,
	CONSTRAINT "stock_adjustment_lines_delta_not_zero" CHECK ("stock_adjustment_lines"."delta_qty" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"document_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"warehouse_id" integer NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
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
CREATE TABLE "warehouse_transfer_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_transfer_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transfer_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" integer NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	"notes" text,
	CONSTRAINT "warehouse_transfer_lines_qty_positive" CHECK ("warehouse_transfer_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "warehouse_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"document_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"from_warehouse_id" integer NOT NULL,
	"to_warehouse_id" integer NOT NULL,
	"reason" text,
	"notes" text,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_transfers_distinct_warehouses" CHECK ("warehouse_transfers"."from_warehouse_id" <> "warehouse_transfers"."to_warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_audit_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_audit_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audit_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"snapshot_qty" numeric(18, 4) NOT NULL,
	"snapshot_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot_movement_id" integer,
	"counted_qty" numeric(18, 4),
	"expected_qty" numeric(18, 4),
	"variance" numeric(18, 4),
	"variance_value" numeric(18, 2),
	"unit_cost" numeric(18, 6),
	"reason" text,
	"counted_by" integer,
	"counted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inventory_audits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_audits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"document_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"warehouse_id" integer NOT NULL,
	"scope" text DEFAULT 'full' NOT NULL,
	"category_ids" integer[] DEFAULT '{}' NOT NULL,
	"item_ids" integer[] DEFAULT '{}' NOT NULL,
	"blind" boolean DEFAULT false NOT NULL,
	"counter_ids" integer[] DEFAULT '{}' NOT NULL,
	"notes" text,
	"started_at" timestamp with time zone,
	"started_by" integer,
	"uncounted_policy" text,
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
CREATE TABLE "supplier_order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" integer NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"vat_rate" text DEFAULT '20' NOT NULL,
	"line_net" numeric(18, 2) NOT NULL,
	"line_vat" numeric(18, 2) NOT NULL,
	"line_gross" numeric(18, 2) NOT NULL,
	"expected_date" date,
	"notes" text,
	CONSTRAINT "supplier_order_lines_qty_positive" CHECK ("supplier_order_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"order_date" date NOT NULL,
	"expected_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"supplier_id" integer NOT NULL,
	"company_id" integer,
	"warehouse_id" integer,
	"currency_code" text DEFAULT 'UAH' NOT NULL,
	"fx_rate" numeric(18, 6) DEFAULT '1' NOT NULL,
	"prices_include_vat" boolean DEFAULT false NOT NULL,
	"supplier_reference" text,
	"notes" text,
	"total_net" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_vat" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_gross" numeric(18, 2) DEFAULT '0' NOT NULL,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_receipt_lines" ADD COLUMN "supplier_order_line_id" integer;--> statement-breakpoint
ALTER TABLE "supplier_receipts" ADD COLUMN "supplier_order_id" integer;--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_adjustment_id_stock_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."stock_adjustments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_transfer_lines" ADD CONSTRAINT "warehouse_transfer_lines_transfer_id_warehouse_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."warehouse_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_transfer_lines" ADD CONSTRAINT "warehouse_transfer_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_transfers" ADD CONSTRAINT "warehouse_transfers_from_warehouse_id_warehouses_id_fk" FOREIGN KEY ("from_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_transfers" ADD CONSTRAINT "warehouse_transfers_to_warehouse_id_warehouses_id_fk" FOREIGN KEY ("to_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_transfers" ADD CONSTRAINT "warehouse_transfers_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_transfers" ADD CONSTRAINT "warehouse_transfers_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_transfers" ADD CONSTRAINT "warehouse_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audit_lines" ADD CONSTRAINT "inventory_audit_lines_audit_id_inventory_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."inventory_audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audit_lines" ADD CONSTRAINT "inventory_audit_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audit_lines" ADD CONSTRAINT "inventory_audit_lines_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audits" ADD CONSTRAINT "inventory_audits_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audits" ADD CONSTRAINT "inventory_audits_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audits" ADD CONSTRAINT "inventory_audits_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audits" ADD CONSTRAINT "inventory_audits_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audits" ADD CONSTRAINT "inventory_audits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_order_lines" ADD CONSTRAINT "supplier_order_lines_order_id_supplier_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."supplier_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_order_lines" ADD CONSTRAINT "supplier_order_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD CONSTRAINT "supplier_orders_supplier_id_counterparties_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD CONSTRAINT "supplier_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD CONSTRAINT "supplier_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD CONSTRAINT "supplier_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_adjustment_lines_adjustment_id_idx" ON "stock_adjustment_lines" USING btree ("adjustment_id");--> statement-breakpoint
CREATE INDEX "stock_adjustment_lines_item_id_idx" ON "stock_adjustment_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_adjustments_number_key" ON "stock_adjustments" USING btree ("number");--> statement-breakpoint
CREATE INDEX "stock_adjustments_document_date_idx" ON "stock_adjustments" USING btree ("document_date","id");--> statement-breakpoint
CREATE INDEX "stock_adjustments_warehouse_id_idx" ON "stock_adjustments" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "warehouse_transfer_lines_transfer_id_idx" ON "warehouse_transfer_lines" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "warehouse_transfer_lines_item_id_idx" ON "warehouse_transfer_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_transfers_number_key" ON "warehouse_transfers" USING btree ("number");--> statement-breakpoint
CREATE INDEX "warehouse_transfers_document_date_idx" ON "warehouse_transfers" USING btree ("document_date","id");--> statement-breakpoint
CREATE INDEX "warehouse_transfers_from_idx" ON "warehouse_transfers" USING btree ("from_warehouse_id");--> statement-breakpoint
CREATE INDEX "warehouse_transfers_to_idx" ON "warehouse_transfers" USING btree ("to_warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_audit_lines_audit_item_key" ON "inventory_audit_lines" USING btree ("audit_id","item_id");--> statement-breakpoint
CREATE INDEX "inventory_audit_lines_item_id_idx" ON "inventory_audit_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_audits_number_key" ON "inventory_audits" USING btree ("number");--> statement-breakpoint
CREATE INDEX "inventory_audits_document_date_idx" ON "inventory_audits" USING btree ("document_date","id");--> statement-breakpoint
CREATE INDEX "inventory_audits_warehouse_id_idx" ON "inventory_audits" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "supplier_order_lines_order_id_idx" ON "supplier_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "supplier_order_lines_item_id_idx" ON "supplier_order_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_orders_number_key" ON "supplier_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "supplier_orders_order_date_idx" ON "supplier_orders" USING btree ("order_date","id");--> statement-breakpoint
CREATE INDEX "supplier_orders_supplier_id_idx" ON "supplier_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_orders_status_idx" ON "supplier_orders" USING btree ("status");--> statement-breakpoint
ALTER TABLE "supplier_receipt_lines" ADD CONSTRAINT "supplier_receipt_lines_supplier_order_line_id_supplier_order_lines_id_fk" FOREIGN KEY ("supplier_order_line_id") REFERENCES "public"."supplier_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_receipts" ADD CONSTRAINT "supplier_receipts_supplier_order_id_supplier_orders_id_fk" FOREIGN KEY ("supplier_order_id") REFERENCES "public"."supplier_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_receipt_lines_order_line_idx" ON "supplier_receipt_lines" USING btree ("supplier_order_line_id");--> statement-breakpoint
CREATE INDEX "supplier_receipts_supplier_order_id_idx" ON "supplier_receipts" USING btree ("supplier_order_id");