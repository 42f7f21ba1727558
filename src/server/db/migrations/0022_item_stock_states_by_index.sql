-- refresh_item_stock_states was one SQL statement for both callers, `where ids is null or i.id = any(ids)`: planned
-- without knowing whether ids is null, it could use no index and read every item and every balance on each call —
-- that is, on every posting (26 ms for three items on the bench's 100 000 items on PostgreSQL, and the full-scale
-- generator five times slower on PGlite). Two statements now: the touched items through their keys, or all items
-- (the threshold setting or a warehouse's planning flag changed). The state rule is unchanged (0020).
CREATE OR REPLACE FUNCTION "refresh_item_stock_states"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  threshold numeric := coalesce(
    (select (st.value #>> '{}')::numeric from settings st where st.key = 'stock.lowStockThreshold'), 10);
BEGIN
  IF ids IS NULL THEN
    insert into item_stock_states (item_id, state, kind, counted)
    select i.id,
           case
             when coalesce(s.available, 0) <= 0 then 'out'
             when coalesce(s.available, 0) <= coalesce(i.min_stock, threshold) then 'low'
             else 'in'
           end,
           i.kind,
           i.is_active and i.stock_control
    from items i
    left join (select b.item_id, sum(b.on_hand - b.reserved) as available
               from stock_balances b
               where b.warehouse_id in (select w.id from warehouses w where w.include_in_planning)
               group by b.item_id) s on s.item_id = i.id
    on conflict (item_id) do update set state = excluded.state, kind = excluded.kind, counted = excluded.counted
      where (item_stock_states.state, item_stock_states.kind, item_stock_states.counted)
        is distinct from (excluded.state, excluded.kind, excluded.counted);
  ELSE
    insert into item_stock_states (item_id, state, kind, counted)
    select i.id,
           case
             when coalesce(s.available, 0) <= 0 then 'out'
             when coalesce(s.available, 0) <= coalesce(i.min_stock, threshold) then 'low'
             else 'in'
           end,
           i.kind,
           i.is_active and i.stock_control
    from items i
    left join (select b.item_id, sum(b.on_hand - b.reserved) as available
               from stock_balances b
               where b.item_id = any(ids)
                 and b.warehouse_id in (select w.id from warehouses w where w.include_in_planning)
               group by b.item_id) s on s.item_id = i.id
    where i.id = any(ids)
    on conflict (item_id) do update set state = excluded.state, kind = excluded.kind, counted = excluded.counted
      where (item_stock_states.state, item_stock_states.kind, item_stock_states.counted)
        is distinct from (excluded.state, excluded.kind, excluded.counted);
  END IF;
END
$$;
