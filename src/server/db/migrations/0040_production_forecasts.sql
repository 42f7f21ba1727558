CREATE TABLE "forecast_items" (
	"forecast_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"low_history" boolean NOT NULL,
	"whole_units" boolean NOT NULL,
	"first_sale" date,
	"backtest_accuracy" numeric(5, 1),
	CONSTRAINT "forecast_items_forecast_id_item_id_pk" PRIMARY KEY("forecast_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "forecast_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forecast_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"forecast_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"forecast_qty" numeric(18, 4) NOT NULL,
	"actual_qty" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "production_forecasts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_forecasts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" integer,
	"granularity" text NOT NULL,
	"method" text NOT NULL,
	"window_n" integer DEFAULT 3 NOT NULL,
	"alpha" numeric(5, 4) DEFAULT '0.3' NOT NULL,
	"history_periods" integer DEFAULT 12 NOT NULL,
	"horizon_periods" integer DEFAULT 3 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"calculated_at" timestamp with time zone,
	"history_from" date,
	"history_to" date,
	"backtest_accuracy" numeric(5, 1),
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_forecasts_alpha_range" CHECK ("production_forecasts"."alpha" > 0 and "production_forecasts"."alpha" <= 1),
	CONSTRAINT "production_forecasts_window_positive" CHECK ("production_forecasts"."window_n" >= 1)
);
--> statement-breakpoint
ALTER TABLE "forecast_items" ADD CONSTRAINT "forecast_items_forecast_id_production_forecasts_id_fk" FOREIGN KEY ("forecast_id") REFERENCES "public"."production_forecasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_items" ADD CONSTRAINT "forecast_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_lines" ADD CONSTRAINT "forecast_lines_forecast_id_production_forecasts_id_fk" FOREIGN KEY ("forecast_id") REFERENCES "public"."production_forecasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_lines" ADD CONSTRAINT "forecast_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_forecasts" ADD CONSTRAINT "production_forecasts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_forecasts" ADD CONSTRAINT "production_forecasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_forecasts" ADD CONSTRAINT "production_forecasts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forecast_items_item_id_idx" ON "forecast_items" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_lines_key" ON "forecast_lines" USING btree ("forecast_id","item_id","period_start");--> statement-breakpoint
CREATE INDEX "forecast_lines_period_idx" ON "forecast_lines" USING btree ("period_start");--> statement-breakpoint
CREATE INDEX "production_forecasts_status_idx" ON "production_forecasts" USING btree ("status","id");