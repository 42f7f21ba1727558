-- What a notification is about has one singular name per kind of record (reports-admin.md §9): the plural names
-- written before are renamed (an old 'Виготовлено' event keeps pointing at its order, now named 'order').
UPDATE "notifications" SET "related_entity_type" = 'order' WHERE "related_entity_type" = 'orders';--> statement-breakpoint
UPDATE "notifications" SET "related_entity_type" = 'payment' WHERE "related_entity_type" = 'payments';--> statement-breakpoint
UPDATE "notifications" SET "related_entity_type" = 'manufacturing_order' WHERE "related_entity_type" = 'manufacturing_orders';--> statement-breakpoint
UPDATE "notifications" SET "related_entity_type" = 'shipment' WHERE "related_entity_type" = 'shipments';--> statement-breakpoint
UPDATE "notifications" SET "related_entity_type" = 'item' WHERE "related_entity_type" = 'items';
