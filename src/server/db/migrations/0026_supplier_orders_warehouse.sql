-- Issue 21: every supplier order names its receiving warehouse (the server now always sets one). An order stored
-- without it gets the one the rule gives (src/modules/supplier-orders/server/supplier-orders.defaults.ts): the
-- materials warehouse (type 'materials', the default first) when any line is a component or material, or it has no
-- lines; otherwise the default finished-goods warehouse, else any default one, else the first active one. Where no
-- warehouse exists at all the row stays as it was.
UPDATE "supplier_orders" o SET "warehouse_id" = CASE
  WHEN NOT EXISTS (SELECT 1 FROM "supplier_order_lines" l WHERE l."order_id" = o."id")
    OR EXISTS (
      SELECT 1 FROM "supplier_order_lines" l JOIN "items" i ON i."id" = l."item_id"
      WHERE l."order_id" = o."id" AND i."kind" IN ('component', 'material')
    )
  THEN coalesce(
    (SELECT w."id" FROM "warehouses" w WHERE w."is_active" AND w."type" = 'materials'
      ORDER BY w."is_default" DESC, w."id" LIMIT 1),
    (SELECT w."id" FROM "warehouses" w WHERE w."is_active" AND w."is_default"
      ORDER BY CASE WHEN w."type" = 'finished_goods' THEN 0 ELSE 1 END, w."id" LIMIT 1),
    (SELECT w."id" FROM "warehouses" w WHERE w."is_active" ORDER BY w."id" LIMIT 1)
  )
  ELSE coalesce(
    (SELECT w."id" FROM "warehouses" w WHERE w."is_active" AND w."is_default"
      ORDER BY CASE WHEN w."type" = 'finished_goods' THEN 0 ELSE 1 END, w."id" LIMIT 1),
    (SELECT w."id" FROM "warehouses" w WHERE w."is_active" ORDER BY w."id" LIMIT 1)
  )
END
WHERE o."warehouse_id" IS NULL;
