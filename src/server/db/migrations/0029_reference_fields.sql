ALTER TABLE "departments" ADD COLUMN "manager_worker_id" integer;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "responsible_worker_id" integer;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_responsible_worker_id_workers_id_fk" FOREIGN KEY ("responsible_worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Written by hand (not in the drizzle schema): workers reach departments through positions, so a drizzle reference
-- from departments to workers would make the two table files import each other (departments.table.ts).
ALTER TABLE "departments" ADD CONSTRAINT "departments_manager_worker_id_workers_id_fk" FOREIGN KEY ("manager_worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;
