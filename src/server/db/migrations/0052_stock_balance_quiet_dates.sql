-- The day each item × warehouse last moved, kept beside its quantity and value: the first incoming movement and the
-- last outgoing one other than a transfer. Dead stock ('Неліквід', /components-analysis) is stock in hand that went
-- quiet — its last such outgoing movement, or without one its first incoming — before a cut-off; on the bench year
-- that asked the ledger three questions for each of 59 000 components on every page (0,9 s). The same statement
-- trigger as the value (0050) keeps both days for every path that appends movements; movements are never updated or
-- deleted, so the earliest and latest only move outwards (least/greatest ignore a null).
ALTER TABLE "stock_balances" ADD COLUMN "first_in_on" date;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD COLUMN "last_out_on" date;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stock_balances_add_movement_value"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  insert into stock_balances (item_id, warehouse_id, value, first_in_on, last_out_on)
  select n.item_id, n.warehouse_id, sum(n.value),
    min(n.occurred_on) filter (where n.qty > 0),
    max(n.occurred_on) filter (where n.qty < 0 and n.document_type <> 'transfer')
  from new_movements n
  group by n.item_id, n.warehouse_id
  order by n.item_id, n.warehouse_id
  on conflict (item_id, warehouse_id) do update set value = stock_balances.value + excluded.value,
    first_in_on = least(stock_balances.first_in_on, excluded.first_in_on),
    last_out_on = greatest(stock_balances.last_out_on, excluded.last_out_on);
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "stock_balances" b SET "first_in_on" = m.first_in_on, "last_out_on" = m.last_out_on
FROM (select item_id, warehouse_id, min(occurred_on) filter (where qty > 0) as first_in_on,
        max(occurred_on) filter (where qty < 0 and document_type <> 'transfer') as last_out_on
      from stock_movements group by item_id, warehouse_id) m
WHERE b.item_id = m.item_id AND b.warehouse_id = m.warehouse_id;
