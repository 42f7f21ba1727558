CREATE TABLE "items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"unit_id" integer NOT NULL,
	"barcode" text,
	"retail_price" numeric(18, 6),
	"wholesale_price" numeric(18, 6),
	"vat_rate" text DEFAULT '20' NOT NULL,
	"min_stock" numeric(18, 4),
	"stock_control" boolean DEFAULT true NOT NULL,
	"serial_tracking" boolean DEFAULT false NOT NULL,
	"warranty_months" integer,
	"description" text,
	"uktzed_code" text,
	"lead_time_days" integer,
	"weight_kg" numeric(18, 4),
	"batch_size" integer,
	"manufacturer" text,
	"mpn" text,
	"package_type_id" integer,
	"datasheet_url" text
);
--> statement-breakpoint
CREATE TABLE "counterparties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counterparties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_client" boolean DEFAULT false NOT NULL,
	"is_supplier" boolean DEFAULT false NOT NULL,
	"legal_form" text NOT NULL,
	"name" text NOT NULL,
	"full_name" text,
	"tax_id" text,
	"tax_id_kind" text,
	"is_vat_payer" boolean DEFAULT false NOT NULL,
	"vat_number" text,
	"legal_address" text,
	"postal_index" text,
	"postal_address" text,
	"phone" text,
	"email" text,
	"website" text,
	"discount_percent" numeric(6, 2),
	"price_list" text DEFAULT 'retail' NOT NULL,
	"payment_term_days" integer DEFAULT 0 NOT NULL,
	"manager_user_id" integer,
	"default_carrier_id" integer,
	"purchase_payment_term_days" integer,
	"lead_time_days" integer,
	"rating" integer,
	"default_currency_id" integer,
	"source" text DEFAULT 'manual' NOT NULL,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "counterparty_bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counterparty_bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"counterparty_id" integer NOT NULL,
	"iban" text NOT NULL,
	"bank_name" text,
	"currency_code" text DEFAULT 'UAH' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counterparty_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counterparty_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counterparty_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"position" text,
	"phone" text,
	"phone2" text,
	"email" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"receives_documents" boolean DEFAULT false NOT NULL,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"legal_form" text,
	"tax_id" text NOT NULL,
	"is_vat_payer" boolean DEFAULT false NOT NULL,
	"vat_number" text,
	"tax_system" text DEFAULT 'general' NOT NULL,
	"legal_address" text NOT NULL,
	"postal_address" text,
	"phone" text,
	"email" text,
	"website" text,
	"director_name" text,
	"director_position" text,
	"accountant_name" text,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"iban" text NOT NULL,
	"bank_name" text,
	"currency_code" text DEFAULT 'UAH' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_logos" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_delivery_presets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_delivery_presets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"label" text NOT NULL,
	"carrier_id" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"city_ref" text,
	"city_name" text,
	"delivery_type" text DEFAULT 'branch' NOT NULL,
	"warehouse_ref" text,
	"warehouse_number" text,
	"warehouse_address" text,
	"street" text,
	"building" text,
	"flat" text,
	"service_type" text DEFAULT 'WarehouseWarehouse' NOT NULL,
	"payer_type" text DEFAULT 'Recipient' NOT NULL,
	"payment_method" text DEFAULT 'Cash' NOT NULL,
	"cod_enabled" boolean DEFAULT false NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_np_settings" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"recipient_counterparty_ref" text,
	"contact_person_refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"api_key_sealed" text,
	"sender_counterparty_ref" text,
	"sender_contact_ref" text,
	"sender_city_ref" text,
	"sender_warehouse_ref" text,
	"sender_phone" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_package_type_id_package_types_id_fk" FOREIGN KEY ("package_type_id") REFERENCES "public"."package_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_default_carrier_id_carriers_id_fk" FOREIGN KEY ("default_carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_default_currency_id_currencies_id_fk" FOREIGN KEY ("default_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_bank_accounts" ADD CONSTRAINT "counterparty_bank_accounts_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_contacts" ADD CONSTRAINT "counterparty_contacts_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD CONSTRAINT "company_bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_logos" ADD CONSTRAINT "company_logos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_delivery_presets" ADD CONSTRAINT "client_delivery_presets_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_delivery_presets" ADD CONSTRAINT "client_delivery_presets_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_np_settings" ADD CONSTRAINT "client_np_settings_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "items_sku_key" ON "items" USING btree (lower(btrim("sku")));--> statement-breakpoint
CREATE UNIQUE INDEX "items_barcode_key" ON "items" USING btree ("barcode") WHERE "items"."barcode" is not null;--> statement-breakpoint
CREATE INDEX "items_kind_created_at_idx" ON "items" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "items_category_id_idx" ON "items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "items_unit_id_idx" ON "items" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "items_package_type_id_idx" ON "items" USING btree ("package_type_id");--> statement-breakpoint
CREATE INDEX "items_mpn_idx" ON "items" USING btree (lower(btrim("mpn")));--> statement-breakpoint
CREATE UNIQUE INDEX "counterparties_tax_id_key" ON "counterparties" USING btree (lower(btrim("tax_id"))) WHERE "counterparties"."tax_id" is not null;--> statement-breakpoint
CREATE INDEX "counterparties_name_idx" ON "counterparties" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "counterparties_manager_user_id_idx" ON "counterparties" USING btree ("manager_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "counterparty_bank_accounts_iban_key" ON "counterparty_bank_accounts" USING btree ("counterparty_id","iban");--> statement-breakpoint
CREATE INDEX "counterparty_bank_accounts_iban_idx" ON "counterparty_bank_accounts" USING btree ("iban");--> statement-breakpoint
CREATE INDEX "counterparty_contacts_counterparty_id_idx" ON "counterparty_contacts" USING btree ("counterparty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "counterparty_contacts_is_primary_key" ON "counterparty_contacts" USING btree ("counterparty_id") WHERE "counterparty_contacts"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "companies_tax_id_key" ON "companies" USING btree (lower(btrim("tax_id")));--> statement-breakpoint
CREATE UNIQUE INDEX "companies_is_default_key" ON "companies" USING btree ("is_default") WHERE "companies"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_accounts_iban_key" ON "company_bank_accounts" USING btree ("iban");--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_accounts_is_default_key" ON "company_bank_accounts" USING btree ("company_id","currency_code") WHERE "company_bank_accounts"."is_default";--> statement-breakpoint
CREATE INDEX "client_delivery_presets_client_id_idx" ON "client_delivery_presets" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_delivery_presets_is_primary_key" ON "client_delivery_presets" USING btree ("client_id") WHERE "client_delivery_presets"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "units_factor_key" ON "units" USING btree ("type") WHERE "units"."factor" = 1;