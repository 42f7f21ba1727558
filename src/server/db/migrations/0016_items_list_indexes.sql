CREATE INDEX "items_created_at_id_idx" ON "items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "items_kind_is_active_idx" ON "items" USING btree ("kind","is_active");