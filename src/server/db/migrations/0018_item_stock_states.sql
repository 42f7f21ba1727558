CREATE TABLE "item_stock_states" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	CONSTRAINT "item_stock_states_state" CHECK ("item_stock_states"."state" in ('in', 'low', 'out'))
);
--> statement-breakpoint
ALTER TABLE "item_stock_states" ADD CONSTRAINT "item_stock_states_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_stock_states_short_idx" ON "item_stock_states" USING btree ("item_id") WHERE "item_stock_states"."state" <> 'in';--> statement-breakpoint
-- The state of the given items (all when ids is null), exactly as /inventory's status column computes it
-- (stock-read.service.ts): available over the planning warehouses against minStock, else the threshold setting,
-- else 10. Rows whose state is unchanged are not written.
CREATE FUNCTION "refresh_item_stock_states"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  insert into item_stock_states (item_id, state)
  select i.id,
         case
           when coalesce(s.available, 0) <= 0 then 'out'
           when coalesce(s.available, 0) <= coalesce(i.min_stock,
                  coalesce((select (st.value #>> '{}')::numeric from settings st where st.key = 'stock.lowStockThreshold'), 10))
             then 'low'
           else 'in'
         end
  from items i
  left join (select b.item_id, sum(b.on_hand - b.reserved) as available
             from stock_balances b
             where (ids is null or b.item_id = any(ids))
               and b.warehouse_id in (select w.id from warehouses w where w.include_in_planning)
             group by b.item_id) s on s.item_id = i.id
  where ids is null or i.id = any(ids)
  on conflict (item_id) do update set state = excluded.state
    where item_stock_states.state is distinct from excluded.state;
$$;
--> statement-breakpoint
CREATE FUNCTION "item_stock_states_of_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'items' THEN
    PERFORM refresh_item_stock_states(array(select id from changed_rows));
  ELSE
    PERFORM refresh_item_stock_states(array(select distinct item_id from changed_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- One trigger per event: a trigger with a transition table may have only one.
CREATE TRIGGER "stock_balances_insert_stock_state" AFTER INSERT ON "stock_balances" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_stock_states_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "stock_balances_update_stock_state" AFTER UPDATE ON "stock_balances" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_stock_states_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "stock_balances_delete_stock_state" AFTER DELETE ON "stock_balances" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_stock_states_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "items_insert_stock_state" AFTER INSERT ON "items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_stock_states_of_rows"();
--> statement-breakpoint
CREATE TRIGGER "items_update_stock_state" AFTER UPDATE ON "items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_stock_states_of_rows"();
--> statement-breakpoint
-- The threshold setting and the planning flag change every item's state.
CREATE FUNCTION "item_stock_states_of_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'settings' THEN
    IF (TG_OP <> 'INSERT' AND OLD.key = 'stock.lowStockThreshold')
       OR (TG_OP <> 'DELETE' AND NEW.key = 'stock.lowStockThreshold') THEN
      PERFORM refresh_item_stock_states(null);
    END IF;
  ELSIF TG_OP = 'UPDATE' AND OLD.include_in_planning IS DISTINCT FROM NEW.include_in_planning THEN
    PERFORM refresh_item_stock_states(null);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "settings_stock_state" AFTER INSERT OR UPDATE OR DELETE ON "settings" FOR EACH ROW EXECUTE FUNCTION "item_stock_states_of_all"();
--> statement-breakpoint
CREATE TRIGGER "warehouses_stock_state" AFTER UPDATE ON "warehouses" FOR EACH ROW EXECUTE FUNCTION "item_stock_states_of_all"();
--> statement-breakpoint
SELECT refresh_item_stock_states(null);
