-- The value of each item × warehouse (decision 0034): Σ value of its movements, kept beside the quantity so that
-- the stock at a date is the balance less the movements after that date — a few days' movements — instead of the
-- sum of the whole ledger up to it (1 000 000 movements on the bench year: 7 s for the stock-turnover report).
-- The database keeps it, one statement trigger over the inserted movements, so every path that appends movements
-- (the ledger, the inventory audits' posting, bulk loads) keeps it alike; movements are never updated or deleted.
ALTER TABLE "stock_balances" ADD COLUMN "value" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "stock_balances_add_movement_value"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  insert into stock_balances (item_id, warehouse_id, value)
  select n.item_id, n.warehouse_id, sum(n.value) from new_movements n
  group by n.item_id, n.warehouse_id
  order by n.item_id, n.warehouse_id
  on conflict (item_id, warehouse_id) do update set value = stock_balances.value + excluded.value;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stock_movements_value_to_balances" AFTER INSERT ON "stock_movements"
  REFERENCING NEW TABLE AS new_movements FOR EACH STATEMENT EXECUTE FUNCTION "stock_balances_add_movement_value"();--> statement-breakpoint
UPDATE "stock_balances" b SET "value" = m.value
FROM (select item_id, warehouse_id, sum(value) as value from stock_movements group by item_id, warehouse_id) m
WHERE b.item_id = m.item_id AND b.warehouse_id = m.warehouse_id;--> statement-breakpoint
INSERT INTO "stock_balances" (item_id, warehouse_id, value)
SELECT item_id, warehouse_id, sum(value) FROM stock_movements m
WHERE NOT EXISTS (select 1 from stock_balances b where b.item_id = m.item_id and b.warehouse_id = m.warehouse_id)
GROUP BY item_id, warehouse_id;
