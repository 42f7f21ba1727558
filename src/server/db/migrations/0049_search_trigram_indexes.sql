-- The global search's trigram indexes (src/server/kernel/trigram-index.ts) need pg_trgm: a trusted extension, so the
-- database's owner creates it; PGlite loads it in src/server/kernel/pglite.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "item_suppliers_supplier_sku_trgm_idx" ON "item_suppliers" USING gin ("supplier_sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_sku_trgm_idx" ON "items" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_name_trgm_idx" ON "items" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_barcode_trgm_idx" ON "items" USING gin ("barcode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_mpn_trgm_idx" ON "items" USING gin ("mpn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counterparties_name_trgm_idx" ON "counterparties" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counterparties_full_name_trgm_idx" ON "counterparties" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counterparties_tax_id_trgm_idx" ON "counterparties" USING gin ("tax_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counterparties_phone_trgm_idx" ON "counterparties" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counterparties_phone_digits_trgm_idx" ON "counterparties" USING gin (regexp_replace(coalesce("phone", ''), '\D', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supplier_receipts_number_trgm_idx" ON "supplier_receipts" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supplier_receipts_supplier_doc_number_trgm_idx" ON "supplier_receipts" USING gin ("supplier_doc_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "warehouse_transfers_number_trgm_idx" ON "warehouse_transfers" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_audits_number_trgm_idx" ON "inventory_audits" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supplier_orders_number_trgm_idx" ON "supplier_orders" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supplier_orders_supplier_reference_trgm_idx" ON "supplier_orders" USING gin ("supplier_reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_order_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_external_number_trgm_idx" ON "orders" USING gin ("external_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_number_trgm_idx" ON "payments" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_bank_doc_number_trgm_idx" ON "payments" USING gin ("bank_doc_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "serial_numbers_serial_trgm_idx" ON "serial_numbers" USING gin ("serial" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_number_trgm_idx" ON "shipments" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_tracking_number_trgm_idx" ON "shipments" USING gin ("tracking_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "manufacturing_orders_number_trgm_idx" ON "manufacturing_orders" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "repairs_number_trgm_idx" ON "repairs" USING gin ("number" gin_trgm_ops);