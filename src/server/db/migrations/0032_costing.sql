CREATE TABLE "cost_calculations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_calculations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"recipe_id" integer,
	"qty" numeric(18, 4) NOT NULL,
	"material" numeric(18, 2) NOT NULL,
	"labour" numeric(18, 2) NOT NULL,
	"overhead" numeric(18, 2) NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"retail_price" numeric(18, 2),
	"suggested_price" numeric(18, 2) NOT NULL,
	"markup_percent" numeric(8, 2) NOT NULL,
	"basis" jsonb NOT NULL,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer
);
--> statement-breakpoint
ALTER TABLE "cost_calculations" ADD CONSTRAINT "cost_calculations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_calculations" ADD CONSTRAINT "cost_calculations_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_calculations" ADD CONSTRAINT "cost_calculations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cost_calculations_item_id_idx" ON "cost_calculations" USING btree ("item_id","calculated_at");