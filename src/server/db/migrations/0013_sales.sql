CREATE TABLE "order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" integer,
	"external_name" text,
	"external_code" text,
	"qty" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"discount_percent" numeric(6, 2) DEFAULT '0' NOT NULL,
	"vat_rate" text DEFAULT '20' NOT NULL,
	"line_net" numeric(18, 2) NOT NULL,
	"line_vat" numeric(18, 2) NOT NULL,
	"line_gross" numeric(18, 2) NOT NULL,
	"notes" text,
	CONSTRAINT "order_lines_qty_positive" CHECK ("order_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_number" text NOT NULL,
	"order_date" date NOT NULL,
	"client_id" integer NOT NULL,
	"contact_id" integer,
	"company_id" integer NOT NULL,
	"manager_user_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency_code" text DEFAULT 'UAH' NOT NULL,
	"fx_rate" numeric(18, 6) DEFAULT '1' NOT NULL,
	"prices_include_vat" boolean DEFAULT false NOT NULL,
	"warehouse_id" integer NOT NULL,
	"due_date" date,
	"payment_due_date" date,
	"delivery_preset_id" integer,
	"carrier_id" integer,
	"recipient_name" text,
	"recipient_phone" text,
	"np_city_ref" text,
	"np_city_name" text,
	"delivery_type" text,
	"np_warehouse_ref" text,
	"np_warehouse_number" text,
	"np_warehouse_address" text,
	"address" text,
	"service_type" text,
	"payer_type" text,
	"payment_method" text,
	"cod_enabled" boolean DEFAULT false NOT NULL,
	"production_approved" boolean DEFAULT false NOT NULL,
	"production_approved_at" timestamp with time zone,
	"production_approved_by" integer,
	"production_approval_note" text,
	"external_number" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"notes" text,
	"client_notes" text,
	"total_net" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_vat" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_gross" numeric(18, 2) DEFAULT '0' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"raw_content" text NOT NULL,
	"parser_name" text NOT NULL,
	"status" text NOT NULL,
	"parse_error" text,
	"direction" text,
	"operation_date" date,
	"amount" numeric(18, 2),
	"currency" text,
	"our_iban" text,
	"counterparty_name" text,
	"counterparty_tax_id" text,
	"counterparty_iban" text,
	"purpose" text,
	"bank_doc_number" text,
	"payment_id" integer,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_amount_positive" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"payment_date" date NOT NULL,
	"type" text DEFAULT 'receipt' NOT NULL,
	"method" text DEFAULT 'bank_transfer' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency_code" text DEFAULT 'UAH' NOT NULL,
	"fx_rate" numeric(18, 6) DEFAULT '1' NOT NULL,
	"client_id" integer,
	"company_id" integer,
	"payer_name" text,
	"payer_tax_id" text,
	"payer_iban" text,
	"our_iban" text,
	"purpose" text,
	"bank_doc_number" text,
	"bank_transaction_id" integer,
	"source" text DEFAULT 'manual' NOT NULL,
	"notes" text,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "serial_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "serial_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial_id" integer NOT NULL,
	"event" text NOT NULL,
	"document_type" text,
	"document_id" integer,
	"document_number" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "serial_numbers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "serial_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"serial" text NOT NULL,
	"status" text NOT NULL,
	"warehouse_id" integer,
	"mo_id" integer,
	"receipt_id" integer,
	"shipment_id" integer,
	"client_id" integer,
	"sold_at" timestamp with time zone,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "serial_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"pattern" text NOT NULL,
	"reset_period" text DEFAULT 'yearly' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_line_serials" (
	"shipment_line_id" integer NOT NULL,
	"serial_id" integer NOT NULL,
	CONSTRAINT "shipment_line_serials_shipment_line_id_serial_id_pk" PRIMARY KEY("shipment_line_id","serial_id")
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"discount_percent" numeric(6, 2) DEFAULT '0' NOT NULL,
	"vat_rate" text DEFAULT '20' NOT NULL,
	"line_net" numeric(18, 2) NOT NULL,
	"line_vat" numeric(18, 2) NOT NULL,
	"line_gross" numeric(18, 2) NOT NULL,
	"unit_cost" numeric(18, 6),
	CONSTRAINT "shipment_lines_qty_positive" CHECK ("shipment_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"shipment_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"order_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"carrier_id" integer,
	"sender_profile" text DEFAULT 'own' NOT NULL,
	"recipient_name" text,
	"recipient_phone" text,
	"np_city_ref" text,
	"np_city_name" text,
	"delivery_type" text,
	"np_warehouse_ref" text,
	"np_warehouse_number" text,
	"np_warehouse_address" text,
	"address" text,
	"service_type" text,
	"payer_type" text,
	"payment_method" text,
	"declared_value" numeric(18, 2),
	"cod_amount" numeric(18, 2),
	"weight_kg" numeric(18, 3),
	"seats" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"np_ref" text,
	"tracking_number" text,
	"waybill_state" text DEFAULT 'none' NOT NULL,
	"delivery_status" text DEFAULT 'none' NOT NULL,
	"delivery_status_code" text,
	"delivery_status_text" text,
	"tracking_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estimated_delivery_date" date,
	"delivered_at" timestamp with time zone,
	"shipping_cost" numeric(18, 2),
	"last_tracked_at" timestamp with time zone,
	"notes" text,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "np_settlements" (
	"ref" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"area" text,
	"region" text,
	"type" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "np_warehouses" (
	"ref" text PRIMARY KEY NOT NULL,
	"city_ref" text NOT NULL,
	"number" text,
	"description" text NOT NULL,
	"short_address" text,
	"category" text,
	"max_weight_kg" numeric(10, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "envelope_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "envelope_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"format" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"advertising_text" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"counterparty_id" integer NOT NULL,
	"contact_id" integer,
	"recipient_name" text NOT NULL,
	"recipient_address" text NOT NULL,
	"subject" text,
	"body" text,
	"kind" text DEFAULT 'simple' NOT NULL,
	"declared_value" numeric(18, 2),
	"envelope_format" text DEFAULT 'DL' NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"register_id" integer,
	"tracking_number" text,
	"postage_cost" numeric(18, 2),
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_registers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_registers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"register_date" date NOT NULL,
	"postal_service" text DEFAULT 'ukrposhta' NOT NULL,
	"company_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "serial_template_id" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "serial_template_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_contact_id_counterparty_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."counterparty_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_production_approved_by_users_id_fk" FOREIGN KEY ("production_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_events" ADD CONSTRAINT "serial_events_serial_id_serial_numbers_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serial_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_events" ADD CONSTRAINT "serial_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_numbers" ADD CONSTRAINT "serial_numbers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_numbers" ADD CONSTRAINT "serial_numbers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_numbers" ADD CONSTRAINT "serial_numbers_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_numbers" ADD CONSTRAINT "serial_numbers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_line_serials" ADD CONSTRAINT "shipment_line_serials_shipment_line_id_shipment_lines_id_fk" FOREIGN KEY ("shipment_line_id") REFERENCES "public"."shipment_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_line_serials" ADD CONSTRAINT "shipment_line_serials_serial_id_serial_numbers_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serial_numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelope_templates" ADD CONSTRAINT "envelope_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_contact_id_counterparty_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."counterparty_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_register_id_mail_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."mail_registers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_registers" ADD CONSTRAINT "mail_registers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_registers" ADD CONSTRAINT "mail_registers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_id_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_item_id_idx" ON "order_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_key" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_external_number_idx" ON "orders" USING btree ("external_number");--> statement-breakpoint
CREATE INDEX "orders_order_date_idx" ON "orders" USING btree ("order_date","id");--> statement-breakpoint
CREATE INDEX "orders_client_id_idx" ON "orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "orders_company_id_idx" ON "orders" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "orders_due_date_idx" ON "orders" USING btree ("due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_source_external_id_key" ON "bank_transactions" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_received_at_idx" ON "bank_transactions" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "bank_transactions_status_idx" ON "bank_transactions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_id_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_order_id_idx" ON "payment_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_number_key" ON "payments" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bank_transaction_id_key" ON "payments" USING btree ("bank_transaction_id") WHERE "payments"."bank_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_payment_date_idx" ON "payments" USING btree ("payment_date","id");--> statement-breakpoint
CREATE INDEX "payments_client_id_idx" ON "payments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "serial_events_serial_id_idx" ON "serial_events" USING btree ("serial_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "serial_numbers_item_id_serial_key" ON "serial_numbers" USING btree ("item_id","serial");--> statement-breakpoint
CREATE INDEX "serial_numbers_serial_idx" ON "serial_numbers" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "serial_numbers_item_status_idx" ON "serial_numbers" USING btree ("item_id","status","warehouse_id");--> statement-breakpoint
CREATE INDEX "serial_numbers_client_id_idx" ON "serial_numbers" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "serial_numbers_shipment_id_idx" ON "serial_numbers" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "serial_templates_name_key" ON "serial_templates" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "serial_templates_is_default_key" ON "serial_templates" USING btree ("is_default") WHERE "serial_templates"."is_default";--> statement-breakpoint
CREATE INDEX "shipment_line_serials_serial_id_idx" ON "shipment_line_serials" USING btree ("serial_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_shipment_id_idx" ON "shipment_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_order_line_id_idx" ON "shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_number_key" ON "shipments" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_np_ref_key" ON "shipments" USING btree ("np_ref") WHERE "shipments"."np_ref" is not null;--> statement-breakpoint
CREATE INDEX "shipments_tracking_number_idx" ON "shipments" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "shipments_order_id_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_shipment_date_idx" ON "shipments" USING btree ("shipment_date","id");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","delivery_status");--> statement-breakpoint
CREATE INDEX "np_settlements_name_idx" ON "np_settlements" USING btree ("name");--> statement-breakpoint
CREATE INDEX "np_warehouses_city_ref_idx" ON "np_warehouses" USING btree ("city_ref","number");--> statement-breakpoint
CREATE UNIQUE INDEX "envelope_templates_company_format_key" ON "envelope_templates" USING btree ("company_id","format");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_items_number_key" ON "mail_items" USING btree ("number");--> statement-breakpoint
CREATE INDEX "mail_items_counterparty_id_idx" ON "mail_items" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "mail_items_register_id_idx" ON "mail_items" USING btree ("register_id");--> statement-breakpoint
CREATE INDEX "mail_items_status_idx" ON "mail_items" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_registers_number_key" ON "mail_registers" USING btree ("number");