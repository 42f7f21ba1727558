CREATE TABLE "external_refs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "external_refs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system" text NOT NULL,
	"entity_type" text NOT NULL,
	"external_id" text NOT NULL,
	"local_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_photos" (
	"worker_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_alternatives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_alternatives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"alternative_id" integer NOT NULL,
	"note" text,
	CONSTRAINT "item_alternatives_ordered" CHECK ("item_alternatives"."item_id" < "item_alternatives"."alternative_id")
);
--> statement-breakpoint
CREATE TABLE "item_suppliers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"supplier_sku" text,
	"supplier_item_name" text,
	"pack_qty" numeric(18, 4),
	"last_price" numeric(18, 6),
	"last_price_currency" text,
	"last_price_date" date,
	"lead_time_days" integer,
	"is_preferred" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "worker_id" integer;--> statement-breakpoint
ALTER TABLE "worker_photos" ADD CONSTRAINT "worker_photos_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_alternatives" ADD CONSTRAINT "item_alternatives_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_alternatives" ADD CONSTRAINT "item_alternatives_alternative_id_items_id_fk" FOREIGN KEY ("alternative_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_suppliers" ADD CONSTRAINT "item_suppliers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_suppliers" ADD CONSTRAINT "item_suppliers_supplier_id_counterparties_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_refs_system_entity_type_external_id_key" ON "external_refs" USING btree ("system","entity_type","external_id");--> statement-breakpoint
CREATE INDEX "external_refs_entity_type_local_id_idx" ON "external_refs" USING btree ("entity_type","local_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_alternatives_pair_key" ON "item_alternatives" USING btree ("item_id","alternative_id");--> statement-breakpoint
CREATE INDEX "item_alternatives_alternative_id_idx" ON "item_alternatives" USING btree ("alternative_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_suppliers_supplier_sku_key" ON "item_suppliers" USING btree ("item_id","supplier_id",lower(btrim(coalesce("supplier_sku", ''))));--> statement-breakpoint
CREATE UNIQUE INDEX "item_suppliers_is_preferred_key" ON "item_suppliers" USING btree ("item_id") WHERE "item_suppliers"."is_preferred";--> statement-breakpoint
CREATE INDEX "item_suppliers_supplier_id_idx" ON "item_suppliers" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "item_suppliers_supplier_sku_idx" ON "item_suppliers" USING btree (lower(btrim("supplier_sku")));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_worker_id_key" ON "users" USING btree ("worker_id");