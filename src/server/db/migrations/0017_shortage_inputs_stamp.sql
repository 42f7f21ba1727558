-- The material shortage's memo (shortage.compute.ts) asks "did any input change?" on every read. Counting and taking
-- max(updated_at) over orders, item suppliers and the rest read whole tables (67 ms on the bench's year); a sequence
-- bumped once per writing statement on every input table answers in O(1). Sequences are not transactional, so the
-- bump never blocks concurrent writers.
CREATE SEQUENCE "shortage_inputs_stamp";
--> statement-breakpoint
CREATE FUNCTION "bump_shortage_inputs_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('shortage_inputs_stamp');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "items_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "warehouses_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "warehouses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "settings_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "stock_balances_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_balances" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "stock_reservations_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_reservations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "orders_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_lines" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "shipments_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "shipment_lines_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipment_lines" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "supplier_orders_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "supplier_orders" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "supplier_order_lines_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "supplier_order_lines" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "supplier_receipts_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "supplier_receipts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "supplier_receipt_lines_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "supplier_receipt_lines" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "manufacturing_orders_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "manufacturing_orders" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "mo_materials_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mo_materials" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "mo_demands_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mo_demands" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "mo_postings_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mo_postings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "mo_posting_lines_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mo_posting_lines" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "boms_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "boms" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "bom_lines_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bom_lines" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "recipes_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "item_suppliers_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "item_suppliers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
--> statement-breakpoint
CREATE TRIGGER "item_alternatives_shortage_stamp" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "item_alternatives" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shortage_inputs_stamp"();
