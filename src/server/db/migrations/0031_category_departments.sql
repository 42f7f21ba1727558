CREATE TABLE "category_departments" (
	"category_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	CONSTRAINT "category_departments_category_id_department_id_pk" PRIMARY KEY("category_id","department_id")
);
--> statement-breakpoint
ALTER TABLE "category_departments" ADD CONSTRAINT "category_departments_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_departments" ADD CONSTRAINT "category_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_departments_department_id_idx" ON "category_departments" USING btree ("department_id");