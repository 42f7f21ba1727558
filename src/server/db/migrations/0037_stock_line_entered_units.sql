ALTER TABLE "stock_adjustment_lines" ADD COLUMN "entered_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD COLUMN "entered_unit_id" integer;--> statement-breakpoint
ALTER TABLE "warehouse_transfer_lines" ADD COLUMN "entered_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "warehouse_transfer_lines" ADD COLUMN "entered_unit_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_audit_lines" ADD COLUMN "entered_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "inventory_audit_lines" ADD COLUMN "entered_unit_id" integer;--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_entered_unit_id_units_id_fk" FOREIGN KEY ("entered_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_transfer_lines" ADD CONSTRAINT "warehouse_transfer_lines_entered_unit_id_units_id_fk" FOREIGN KEY ("entered_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audit_lines" ADD CONSTRAINT "inventory_audit_lines_entered_unit_id_units_id_fk" FOREIGN KEY ("entered_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_entered_unit" CHECK (("stock_adjustment_lines"."entered_qty" is null) = ("stock_adjustment_lines"."entered_unit_id" is null));--> statement-breakpoint
ALTER TABLE "warehouse_transfer_lines" ADD CONSTRAINT "warehouse_transfer_lines_entered_unit" CHECK (("warehouse_transfer_lines"."entered_qty" is null) = ("warehouse_transfer_lines"."entered_unit_id" is null));--> statement-breakpoint
ALTER TABLE "inventory_audit_lines" ADD CONSTRAINT "inventory_audit_lines_entered_unit" CHECK (("inventory_audit_lines"."entered_qty" is null) = ("inventory_audit_lines"."entered_unit_id" is null));