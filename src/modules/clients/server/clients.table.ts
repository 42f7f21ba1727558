import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { carriers } from '@/resources/carriers/carriers.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';

// Delivery presets of one client (reference-data.md §13a). An order copies the chosen preset as a snapshot.
export const clientDeliveryPresets = pgTable(
  'client_delivery_presets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => counterparties.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    recipientName: text('recipient_name').notNull(),
    recipientPhone: text('recipient_phone').notNull(),
    cityRef: text('city_ref'),
    cityName: text('city_name'),
    deliveryType: text('delivery_type').notNull().default('branch'),
    warehouseRef: text('warehouse_ref'),
    warehouseNumber: text('warehouse_number'),
    warehouseAddress: text('warehouse_address'),
    street: text('street'),
    building: text('building'),
    flat: text('flat'),
    serviceType: text('service_type').notNull().default('WarehouseWarehouse'),
    payerType: text('payer_type').notNull().default('Recipient'),
    paymentMethod: text('payment_method').notNull().default('Cash'),
    codEnabled: boolean('cod_enabled').notNull().default(false),
    isPrimary: boolean('is_primary').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_delivery_presets_client_id_idx').on(t.clientId),
    uniqueIndex('client_delivery_presets_is_primary_key')
      .on(t.clientId)
      .where(sql`${t.isPrimary}`),
  ],
);

// The client's identity at Nova Poshta (reference-data.md §13b). The API key is sealed (src/server/kernel/secrets.ts)
// and never answered.
export const clientNpSettings = pgTable('client_np_settings', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => counterparties.id, { onDelete: 'cascade' }),
  recipientCounterpartyRef: text('recipient_counterparty_ref'),
  /** Phone (+380…) → ContactPerson ref, filled by the first waybill. */
  contactPersonRefs: jsonb('contact_person_refs').$type<Record<string, string>>().notNull().default({}),
  apiKeySealed: text('api_key_sealed'),
  senderCounterpartyRef: text('sender_counterparty_ref'),
  senderContactRef: text('sender_contact_ref'),
  senderCityRef: text('sender_city_ref'),
  senderWarehouseRef: text('sender_warehouse_ref'),
  senderPhone: text('sender_phone'),
  isActive: boolean('is_active').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
