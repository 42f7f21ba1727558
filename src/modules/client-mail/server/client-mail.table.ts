// Client mail (sales.md §5): outgoing paper letters (MAIL), the post office registers they leave in (MREG) and
// the envelope layout per company and format.
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { companies } from '../../../resources/companies/companies.table.ts';
import { counterparties, counterpartyContacts } from '../../../resources/counterparties/counterparties.table.ts';

export const mailKinds = ['simple', 'registered', 'valuable', 'parcel'] as const;
export const envelopeFormats = ['DL', 'C6', 'C5', 'C4'] as const;
export const mailStatuses = ['draft', 'printed', 'sent', 'delivered', 'returned', 'cancelled'] as const;

export const mailRegisters = pgTable(
  'mail_registers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    registerDate: date('register_date', { mode: 'string' }).notNull(),
    /** ukrposhta | nova_poshta */
    postalService: text('postal_service').notNull().default('ukrposhta'),
    companyId: integer('company_id').references(() => companies.id),
    /** draft | sent */
    status: text('status').notNull().default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_registers_number_key').on(t.number)],
);

export const mailItems = pgTable(
  'mail_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    counterpartyId: integer('counterparty_id')
      .notNull()
      .references(() => counterparties.id),
    contactId: integer('contact_id').references(() => counterpartyContacts.id),
    recipientName: text('recipient_name').notNull(),
    recipientAddress: text('recipient_address').notNull(),
    subject: text('subject'),
    body: text('body'),
    kind: text('kind').$type<(typeof mailKinds)[number]>().notNull().default('simple'),
    declaredValue: numeric('declared_value', { precision: 18, scale: 2 }),
    envelopeFormat: text('envelope_format').$type<(typeof envelopeFormats)[number]>().notNull().default('DL'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    status: text('status').$type<(typeof mailStatuses)[number]>().notNull().default('draft'),
    registerId: integer('register_id').references(() => mailRegisters.id),
    trackingNumber: text('tracking_number'),
    postageCost: numeric('postage_cost', { precision: 18, scale: 2 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_items_number_key').on(t.number),
    index('mail_items_counterparty_id_idx').on(t.counterpartyId),
    index('mail_items_register_id_idx').on(t.registerId),
    index('mail_items_status_idx').on(t.status, t.createdAt),
  ],
);

export interface EnvelopeBlock {
  /** Position of the block's top-left corner from the envelope's top-left, in millimetres. */
  xMm: number;
  yMm: number;
  widthMm: number;
  fontSize: number;
  visible: boolean;
}

export const envelopeTemplates = pgTable(
  'envelope_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    format: text('format').$type<(typeof envelopeFormats)[number]>().notNull(),
    /** {sender, recipient, logo, advertising} */
    blocks: jsonb('blocks').$type<Record<'sender' | 'recipient' | 'logo' | 'advertising', EnvelopeBlock>>().notNull(),
    advertisingText: text('advertising_text'),
    isDefault: boolean('is_default').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('envelope_templates_company_format_key').on(t.companyId, t.format)],
);
