CREATE TABLE "workers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"personnel_number" text,
	"position_id" integer,
	"department_id" integer,
	"phone" text,
	"email" text,
	"hire_date" date,
	"termination_date" date,
	"hourly_rate" numeric(18, 6),
	"weekly_hours" integer DEFAULT 40 NOT NULL,
	"badge_code" text,
	"notes" text
);
--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workers_personnel_number_key" ON "workers" USING btree (lower(btrim("personnel_number")));--> statement-breakpoint
CREATE UNIQUE INDEX "workers_badge_code_key" ON "workers" USING btree (lower(btrim("badge_code")));--> statement-breakpoint
CREATE INDEX "workers_position_id_idx" ON "workers" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "workers_department_id_idx" ON "workers" USING btree ("department_id");