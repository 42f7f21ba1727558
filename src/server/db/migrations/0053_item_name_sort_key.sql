-- Each item's name sort key (uk_sort_key, decision 0019), stored: the reports that order a year's derived rows by item
-- name (stock turnover and stock at a date: 173 000 item × warehouse rows on the bench year; sales by product) spent
-- most of their time computing the key per row in the sort. A generated column is recomputed whenever the name
-- changes; a later migration that changes uk_sort_key must drop and add this column to recompute it.
ALTER TABLE "items" ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (uk_sort_key(name)) STORED;
