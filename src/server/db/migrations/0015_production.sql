CREATE TABLE "bom_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bom_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bom_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"component_item_id" integer NOT NULL,
	"qty" numeric(18, 6) NOT NULL,
	"entered_qty" numeric(18, 6),
	"entered_unit_id" integer,
	"scrap_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"designators" text,
	"notes" text,
	CONSTRAINT "bom_lines_qty_positive" CHECK ("bom_lines"."qty" > 0),
	CONSTRAINT "bom_lines_scrap_range" CHECK ("bom_lines"."scrap_percent" >= 0 and "bom_lines"."scrap_percent" < 100)
);
--> statement-breakpoint
CREATE TABLE "boms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"output_qty" numeric(18, 4) DEFAULT '1' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boms_output_qty_positive" CHECK ("boms"."output_qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "tech_card_operations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tech_card_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tech_card_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"instructions" text,
	"department_id" integer,
	"position_id" integer,
	"setup_minutes" numeric(12, 2) DEFAULT '0' NOT NULL,
	"run_minutes_per_unit" numeric(12, 4) DEFAULT '0' NOT NULL,
	"equipment" text,
	"can_run_parallel" boolean DEFAULT false NOT NULL,
	"quality_check" boolean DEFAULT false NOT NULL,
	"base_operation_id" integer,
	"action" text,
	CONSTRAINT "tech_card_operations_minutes" CHECK ("tech_card_operations"."setup_minutes" >= 0 and "tech_card_operations"."run_minutes_per_unit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tech_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tech_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"base_tech_card_id" integer,
	"modification_note" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recipes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"bom_id" integer NOT NULL,
	"tech_card_id" integer,
	"batch_size" numeric(18, 4) NOT NULL,
	"instructions" text,
	"labour_rate_per_hour" numeric(18, 6),
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipes_batch_size_positive" CHECK ("recipes"."batch_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "manufacturing_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manufacturing_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"item_id" integer NOT NULL,
	"recipe_id" integer,
	"bom_id" integer,
	"tech_card_id" integer,
	"bom_version" integer,
	"tech_card_version" integer,
	"qty" numeric(18, 4) NOT NULL,
	"output_warehouse_id" integer NOT NULL,
	"materials_warehouse_id" integer NOT NULL,
	"planned_start" date,
	"due_date" date,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"responsible_worker_id" integer,
	"parent_mo_id" integer,
	"parent_material_id" integer,
	"released_at" timestamp with time zone,
	"released_by" integer,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"planned_labour" numeric(18, 2),
	"planned_overhead" numeric(18, 2),
	"planned_material" numeric(18, 2),
	"planned_total" numeric(18, 2),
	"actual_material" numeric(18, 2),
	"actual_labour" numeric(18, 2),
	"actual_overhead" numeric(18, 2),
	"actual_total" numeric(18, 2),
	"excess_handling" text,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manufacturing_orders_qty_positive" CHECK ("manufacturing_orders"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "mo_demands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mo_demands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mo_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	CONSTRAINT "mo_demands_qty_positive" CHECK ("mo_demands"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "mo_materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mo_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mo_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" integer NOT NULL,
	"bom_line_id" integer,
	"per_unit_qty" numeric(18, 6) NOT NULL,
	"required_qty" numeric(18, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mo_operations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mo_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mo_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"tech_card_operation_id" integer,
	"department_id" integer,
	"position_id" integer,
	"setup_minutes" numeric(12, 2) DEFAULT '0' NOT NULL,
	"run_minutes_per_unit" numeric(12, 4) DEFAULT '0' NOT NULL,
	"planned_minutes" numeric(14, 2) DEFAULT '0' NOT NULL,
	"equipment" text,
	"instructions" text,
	"can_run_parallel" boolean DEFAULT false NOT NULL,
	"quality_check" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"good_qty" numeric(18, 4) DEFAULT '0' NOT NULL,
	"scrap_qty" numeric(18, 4) DEFAULT '0' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mo_posting_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mo_posting_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"posting_id" integer NOT NULL,
	"mo_material_id" integer,
	"item_id" integer NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	"value" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "mo_posting_lines_qty_not_zero" CHECK ("mo_posting_lines"."qty" <> 0)
);
--> statement-breakpoint
CREATE TABLE "mo_postings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mo_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mo_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"posting_date" date NOT NULL,
	"status" text DEFAULT 'posted' NOT NULL,
	"output_posting_id" integer,
	"good_qty" numeric(18, 4),
	"scrap_qty" numeric(18, 4),
	"serials" jsonb,
	"material_value" numeric(18, 2),
	"conversion_value" numeric(18, 2),
	"unit_cost" numeric(18, 6),
	"value" numeric(18, 2) DEFAULT '0' NOT NULL,
	"notes" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"worker_id" integer NOT NULL,
	"mo_operation_id" integer,
	"repair_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"minutes" numeric(12, 2),
	"hourly_rate" numeric(18, 6),
	"good_qty" numeric(18, 4) DEFAULT '0' NOT NULL,
	"scrap_qty" numeric(18, 4) DEFAULT '0' NOT NULL,
	"scrap_reason" text,
	"pause_reason" text,
	"qc_passed" boolean,
	"source" text DEFAULT 'mes' NOT NULL,
	"auto_closed" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_bom_id_boms_id_fk" FOREIGN KEY ("bom_id") REFERENCES "public"."boms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_component_item_id_items_id_fk" FOREIGN KEY ("component_item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_entered_unit_id_units_id_fk" FOREIGN KEY ("entered_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boms" ADD CONSTRAINT "boms_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boms" ADD CONSTRAINT "boms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_card_operations" ADD CONSTRAINT "tech_card_operations_tech_card_id_tech_cards_id_fk" FOREIGN KEY ("tech_card_id") REFERENCES "public"."tech_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_card_operations" ADD CONSTRAINT "tech_card_operations_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_card_operations" ADD CONSTRAINT "tech_card_operations_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_cards" ADD CONSTRAINT "tech_cards_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_cards" ADD CONSTRAINT "tech_cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_bom_id_boms_id_fk" FOREIGN KEY ("bom_id") REFERENCES "public"."boms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_tech_card_id_tech_cards_id_fk" FOREIGN KEY ("tech_card_id") REFERENCES "public"."tech_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturing_orders" ADD CONSTRAINT "manufacturing_orders_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturing_orders" ADD CONSTRAINT "manufacturing_orders_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturing_orders" ADD CONSTRAINT "manufacturing_orders_bom_id_boms_id_fk" FOREIGN KEY ("bom_id") REFERENCES "public"."boms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturing_orders" ADD CONSTRAINT "manufacturing_orders_tech_card_id_tech_cards_id_fk" FOREIGN KEY ("tech_card_id") REFERENCES "public"."tech_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturing_orders" ADD CONSTRAINT "manufacturing_orders_output_warehouse_id_warehouses_id_fk" FOREIGN KEY ("output_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturing_orders" ADD CONSTRAINT "manufacturing_orders_materials_warehouse_id_warehouses_id_fk" FOREIGN KEY ("materials_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturing_orders" ADD CONSTRAINT "manufacturing_orders_responsible_worker_id_workers_id_fk" FOREIGN KEY ("responsible_worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturing_orders" ADD CONSTRAINT "manufacturing_orders_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturing_orders" ADD CONSTRAINT "manufacturing_orders_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturing_orders" ADD CONSTRAINT "manufacturing_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_demands" ADD CONSTRAINT "mo_demands_mo_id_manufacturing_orders_id_fk" FOREIGN KEY ("mo_id") REFERENCES "public"."manufacturing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_demands" ADD CONSTRAINT "mo_demands_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_materials" ADD CONSTRAINT "mo_materials_mo_id_manufacturing_orders_id_fk" FOREIGN KEY ("mo_id") REFERENCES "public"."manufacturing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_materials" ADD CONSTRAINT "mo_materials_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_operations" ADD CONSTRAINT "mo_operations_mo_id_manufacturing_orders_id_fk" FOREIGN KEY ("mo_id") REFERENCES "public"."manufacturing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_operations" ADD CONSTRAINT "mo_operations_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_operations" ADD CONSTRAINT "mo_operations_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_posting_lines" ADD CONSTRAINT "mo_posting_lines_posting_id_mo_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."mo_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_posting_lines" ADD CONSTRAINT "mo_posting_lines_mo_material_id_mo_materials_id_fk" FOREIGN KEY ("mo_material_id") REFERENCES "public"."mo_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_posting_lines" ADD CONSTRAINT "mo_posting_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_postings" ADD CONSTRAINT "mo_postings_mo_id_manufacturing_orders_id_fk" FOREIGN KEY ("mo_id") REFERENCES "public"."manufacturing_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_postings" ADD CONSTRAINT "mo_postings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mo_postings" ADD CONSTRAINT "mo_postings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_mo_operation_id_mo_operations_id_fk" FOREIGN KEY ("mo_operation_id") REFERENCES "public"."mo_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bom_lines_bom_id_idx" ON "bom_lines" USING btree ("bom_id");--> statement-breakpoint
CREATE INDEX "bom_lines_component_item_id_idx" ON "bom_lines" USING btree ("component_item_id");--> statement-breakpoint
CREATE INDEX "boms_item_id_idx" ON "boms" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boms_is_default_key" ON "boms" USING btree ("item_id") WHERE "boms"."is_default";--> statement-breakpoint
CREATE INDEX "tech_card_operations_tech_card_id_idx" ON "tech_card_operations" USING btree ("tech_card_id");--> statement-breakpoint
CREATE INDEX "tech_card_operations_department_id_idx" ON "tech_card_operations" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tech_card_operations_seq_key" ON "tech_card_operations" USING btree ("tech_card_id","seq") WHERE "tech_card_operations"."action" is distinct from 'remove';--> statement-breakpoint
CREATE INDEX "tech_cards_item_id_idx" ON "tech_cards" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "tech_cards_base_tech_card_id_idx" ON "tech_cards" USING btree ("base_tech_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tech_cards_is_default_key" ON "tech_cards" USING btree ("item_id") WHERE "tech_cards"."is_default";--> statement-breakpoint
CREATE INDEX "recipes_item_id_idx" ON "recipes" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "recipes_bom_id_idx" ON "recipes" USING btree ("bom_id");--> statement-breakpoint
CREATE INDEX "recipes_tech_card_id_idx" ON "recipes" USING btree ("tech_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipes_is_default_key" ON "recipes" USING btree ("item_id") WHERE "recipes"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturing_orders_number_key" ON "manufacturing_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "manufacturing_orders_status_idx" ON "manufacturing_orders" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "manufacturing_orders_item_id_idx" ON "manufacturing_orders" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "manufacturing_orders_parent_mo_id_idx" ON "manufacturing_orders" USING btree ("parent_mo_id");--> statement-breakpoint
CREATE INDEX "manufacturing_orders_responsible_worker_id_idx" ON "manufacturing_orders" USING btree ("responsible_worker_id");--> statement-breakpoint
CREATE INDEX "manufacturing_orders_completed_at_idx" ON "manufacturing_orders" USING btree ("completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mo_demands_mo_line_key" ON "mo_demands" USING btree ("mo_id","order_line_id");--> statement-breakpoint
CREATE INDEX "mo_demands_order_line_id_idx" ON "mo_demands" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "mo_materials_mo_id_idx" ON "mo_materials" USING btree ("mo_id");--> statement-breakpoint
CREATE INDEX "mo_materials_item_id_idx" ON "mo_materials" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mo_operations_mo_seq_key" ON "mo_operations" USING btree ("mo_id","seq");--> statement-breakpoint
CREATE INDEX "mo_operations_department_status_idx" ON "mo_operations" USING btree ("department_id","status");--> statement-breakpoint
CREATE INDEX "mo_posting_lines_posting_id_idx" ON "mo_posting_lines" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "mo_posting_lines_mo_material_id_idx" ON "mo_posting_lines" USING btree ("mo_material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mo_postings_number_key" ON "mo_postings" USING btree ("number");--> statement-breakpoint
CREATE INDEX "mo_postings_mo_id_idx" ON "mo_postings" USING btree ("mo_id","kind");--> statement-breakpoint
CREATE INDEX "time_entries_mo_operation_id_idx" ON "time_entries" USING btree ("mo_operation_id");--> statement-breakpoint
CREATE INDEX "time_entries_worker_id_started_at_idx" ON "time_entries" USING btree ("worker_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_open_per_worker_key" ON "time_entries" USING btree ("worker_id") WHERE "time_entries"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");