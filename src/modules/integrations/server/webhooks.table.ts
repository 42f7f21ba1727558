// The inbound webhooks' ledger and the name mappings (reports-admin.md §15 'Inbound webhooks', 'Name mappings'):
// - `integration_webhook_events`: one row per accepted (system, externalId, version) — the idempotency key; a second
//   delivery of the same version finds its row and changes nothing;
// - `external_item_mappings`: an external system's item code → our item. A code that arrived unmapped is kept with
//   `item_id` null, so a person can map it on /integrations.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { items } from '../../../resources/items/items.table.ts';
import { users } from '../../users/server/users.table.ts';

export const integrationWebhookEvents = pgTable(
  'integration_webhook_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    system: text('system').notNull(),
    externalId: text('external_id').notNull(),
    version: integer('version').notNull(),
    event: text('event').notNull(),
    documentType: text('document_type').notNull(),
    /** Set in the transaction that takes the event; null only while it runs. */
    documentId: integer('document_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_webhook_events_key').on(t.system, t.externalId, t.version),
    index('integration_webhook_events_received_at_idx').on(t.receivedAt),
  ],
);

export const externalItemMappings = pgTable(
  'external_item_mappings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    system: text('system').notNull(),
    externalCode: text('external_code').notNull(),
    externalName: text('external_name'),
    /** Null until a person maps it. */
    itemId: integer('item_id').references(() => items.id),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_item_mappings_key').on(t.system, t.externalCode),
    index('external_item_mappings_unmapped_idx')
      .on(t.system)
      .where(sql`${t.itemId} is null`),
  ],
);
