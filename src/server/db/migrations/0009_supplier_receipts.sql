CREATE TABLE "supplier_receipt_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_receipt_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"receipt_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" integer NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"vat_rate" text DEFAULT '20' NOT NULL,
	"supplier_item_name" text,
	"line_net" numeric(18, 2) NOT NULL,
	"line_vat" numeric(18, 2) NOT NULL,
	"line_gross" numeric(18, 2) NOT NULL,
	"unit_cost" numeric(18, 6)
);
--> statement-breakpoint
CREATE TABLE "supplier_receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"document_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"supplier_id" integer NOT NULL,
	"company_id" integer,
	"warehouse_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"supplier_doc_number" text NOT NULL,
	"supplier_doc_date" date NOT NULL,
	"currency_code" text DEFAULT 'UAH' NOT NULL,
	"fx_rate" numeric(18, 6) DEFAULT '1' NOT NULL,
	"prices_include_vat" boolean DEFAULT false NOT NULL,
	"extra_costs" numeric(18, 2) DEFAULT '0' NOT NULL,
	"extra_costs_method" text DEFAULT 'by_value' NOT NULL,
	"total_net" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_vat" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_gross" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_uah" numeric(18, 2) DEFAULT '0' NOT NULL,
	"notes" text,
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
ALTER TABLE "supplier_receipt_lines" ADD CONSTRAINT "supplier_receipt_lines_receipt_id_supplier_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."supplier_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_receipt_lines" ADD CONSTRAINT "supplier_receipt_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_receipts" ADD CONSTRAINT "supplier_receipts_supplier_id_counterparties_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_receipts" ADD CONSTRAINT "supplier_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_receipts" ADD CONSTRAINT "supplier_receipts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_receipts" ADD CONSTRAINT "supplier_receipts_document_type_id_supplier_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."supplier_document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_receipts" ADD CONSTRAINT "supplier_receipts_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_receipts" ADD CONSTRAINT "supplier_receipts_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_receipts" ADD CONSTRAINT "supplier_receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_receipt_lines_receipt_id_idx" ON "supplier_receipt_lines" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "supplier_receipt_lines_item_id_idx" ON "supplier_receipt_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_receipts_number_key" ON "supplier_receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_receipts_supplier_doc_key" ON "supplier_receipts" USING btree ("supplier_id",lower(btrim("supplier_doc_number")),"supplier_doc_date") WHERE "supplier_receipts"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "supplier_receipts_document_date_idx" ON "supplier_receipts" USING btree ("document_date","id");--> statement-breakpoint
CREATE INDEX "supplier_receipts_supplier_id_idx" ON "supplier_receipts" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_receipts_warehouse_id_idx" ON "supplier_receipts" USING btree ("warehouse_id");