-- Items in the stock reports' order (decision 0031, 'A report's preview'): the stored name key, the name in the
-- opposite direction of "C", then the SKU — the order of advanced-reports' ukOrderByKey(name_sort_key, name) and sku.
-- The stock reports walk items along it and stop after a page (a row per item × warehouse: 173 000 on the bench
-- year), instead of deriving and sorting every row; the export walks it from one item to the next.
CREATE INDEX "items_name_walk_idx" ON "items" USING btree ("name_sort_key" COLLATE "C", "name" COLLATE "C" DESC NULLS LAST, "sku");
