CREATE INDEX "manufacturing_orders_due_date_idx" ON "manufacturing_orders" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "mo_postings_output_date_idx" ON "mo_postings" USING btree ("posting_date") WHERE "mo_postings"."kind" = 'output' and "mo_postings"."status" = 'posted';--> statement-breakpoint
CREATE INDEX "time_entries_started_at_idx" ON "time_entries" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "time_entries_scrap_at_idx" ON "time_entries" USING btree (coalesce("ended_at", "started_at")) WHERE "time_entries"."scrap_qty" <> 0;