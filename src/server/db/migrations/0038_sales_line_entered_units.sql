ALTER TABLE "order_lines" ADD COLUMN "entered_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "entered_unit_id" integer;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD COLUMN "entered_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD COLUMN "entered_unit_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_entered_unit_id_units_id_fk" FOREIGN KEY ("entered_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_entered_unit_id_units_id_fk" FOREIGN KEY ("entered_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_entered_unit" CHECK (("order_lines"."entered_qty" is null) = ("order_lines"."entered_unit_id" is null));--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_entered_unit" CHECK (("shipment_lines"."entered_qty" is null) = ("shipment_lines"."entered_unit_id" is null));