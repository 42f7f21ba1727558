ALTER TABLE "shipment_lines" ADD COLUMN "sale_date" date;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD COLUMN "revenue" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD COLUMN "revenue_gross" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD COLUMN "cogs" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The sale facts of every shipment already posted, as shipments.sale-facts.ts writes them at posting.
UPDATE "shipment_lines" t SET "sale_date" = f."sale_date", "order_id" = f."order_id", "client_id" = f."client_id",
  "company_id" = f."company_id", "revenue" = f."revenue", "revenue_gross" = f."revenue_gross", "cogs" = f."cogs"
FROM (SELECT sl.id, s.shipment_date AS sale_date, o.id AS order_id, o.client_id, o.company_id,
    round(sl.line_net * o.fx_rate, 2) AS revenue, round(sl.line_gross * o.fx_rate, 2) AS revenue_gross,
    coalesce(m.cogs, 0)::numeric(18,2) AS cogs
  FROM shipment_lines sl
  JOIN shipments s ON s.id = sl.shipment_id
  JOIN orders o ON o.id = s.order_id
  LEFT JOIN (SELECT document_id, document_line_id, -sum(value) AS cogs FROM stock_movements
    WHERE document_type = 'shipment' AND reverses_movement_id IS NULL GROUP BY document_id, document_line_id) m
    ON m.document_id = s.id AND m.document_line_id = sl.id
  WHERE s.status = 'posted') f
WHERE t.id = f.id;--> statement-breakpoint
CREATE INDEX "shipment_lines_sale_date_idx" ON "shipment_lines" USING btree ("sale_date") WHERE "shipment_lines"."sale_date" is not null;--> statement-breakpoint
CREATE INDEX "shipment_lines_sale_item_idx" ON "shipment_lines" USING btree ("item_id","sale_date") WHERE "shipment_lines"."sale_date" is not null;--> statement-breakpoint
CREATE INDEX "shipment_lines_sale_client_idx" ON "shipment_lines" USING btree ("client_id","sale_date") WHERE "shipment_lines"."sale_date" is not null;