ALTER TABLE "supplier_receipt_lines" ADD COLUMN "entered_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "supplier_receipt_lines" ADD COLUMN "entered_unit_id" integer;--> statement-breakpoint
ALTER TABLE "supplier_order_lines" ADD COLUMN "entered_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "supplier_order_lines" ADD COLUMN "entered_unit_id" integer;--> statement-breakpoint
ALTER TABLE "supplier_receipt_lines" ADD CONSTRAINT "supplier_receipt_lines_entered_unit_id_units_id_fk" FOREIGN KEY ("entered_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_order_lines" ADD CONSTRAINT "supplier_order_lines_entered_unit_id_units_id_fk" FOREIGN KEY ("entered_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_receipt_lines" ADD CONSTRAINT "supplier_receipt_lines_entered_unit" CHECK (("supplier_receipt_lines"."entered_qty" is null) = ("supplier_receipt_lines"."entered_unit_id" is null));--> statement-breakpoint
ALTER TABLE "supplier_order_lines" ADD CONSTRAINT "supplier_order_lines_entered_unit" CHECK (("supplier_order_lines"."entered_qty" is null) = ("supplier_order_lines"."entered_unit_id" is null));