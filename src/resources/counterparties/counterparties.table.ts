import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../modules/users/server/users.table.ts';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';
import { carriers } from '../carriers/carriers.table.ts';
import { currencies } from '../currencies/currencies.table.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

// Clients and suppliers are one table with role flags (reference-data.md §13): a firm that both buys from us and
// sells to us exists once under its tax id.
export const counterparties = pgTable(
  'counterparties',
  {
    ...resourceColumns(),
    isClient: boolean('is_client').notNull().default(false),
    isSupplier: boolean('is_supplier').notNull().default(false),
    legalForm: text('legal_form').notNull(),
    name: text('name').notNull(),
    fullName: text('full_name'),
    taxId: text('tax_id'),
    taxIdKind: text('tax_id_kind'),
    isVatPayer: boolean('is_vat_payer').notNull().default(false),
    vatNumber: text('vat_number'),
    legalAddress: text('legal_address'),
    postalIndex: text('postal_index'),
    postalAddress: text('postal_address'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    // Client role
    discountPercent: numeric('discount_percent', { precision: 6, scale: 2 }),
    priceList: text('price_list').notNull().default('retail'),
    paymentTermDays: integer('payment_term_days').notNull().default(0),
    managerUserId: integer('manager_user_id').references(() => users.id),
    defaultCarrierId: integer('default_carrier_id').references(() => carriers.id),
    // Supplier role
    purchasePaymentTermDays: integer('purchase_payment_term_days'),
    leadTimeDays: integer('lead_time_days'),
    rating: integer('rating'),
    defaultCurrencyId: integer('default_currency_id').references(() => currencies.id),
    source: text('source').notNull().default('manual'),
    notes: text('notes'),
  },
  (t) => [
    uniqueIndex('counterparties_tax_id_key')
      .on(normalised(t.taxId))
      .where(sql`${t.taxId} is not null`),
    index('counterparties_name_idx').on(normalised(t.name)),
    index('counterparties_manager_user_id_idx').on(t.managerUserId),
    trigramIndex('counterparties_name_trgm_idx', t.name),
    trigramIndex('counterparties_full_name_trgm_idx', t.fullName),
    trigramIndex('counterparties_tax_id_trgm_idx', t.taxId),
    trigramIndex('counterparties_phone_trgm_idx', t.phone),
    // The search's phone digits ('+38 (067) 123' finds '0671234567'): the same expression as its statement.
    index('counterparties_phone_digits_trgm_idx').using(
      'gin',
      sql`regexp_replace(coalesce(${t.phone}, ''), '\\D', '', 'g') gin_trgm_ops`,
    ),
  ],
);

export const counterpartyBankAccounts = pgTable(
  'counterparty_bank_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    counterpartyId: integer('counterparty_id')
      .notNull()
      .references(() => counterparties.id, { onDelete: 'cascade' }),
    iban: text('iban').notNull(),
    bankName: text('bank_name'),
    currencyCode: text('currency_code').notNull().default('UAH'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('counterparty_bank_accounts_iban_key').on(t.counterpartyId, t.iban),
    index('counterparty_bank_accounts_iban_idx').on(t.iban),
  ],
);

// Contacts of a counterparty (reference-data.md §14): one primary per counterparty.
export const counterpartyContacts = pgTable(
  'counterparty_contacts',
  {
    ...resourceColumns(),
    counterpartyId: integer('counterparty_id')
      .notNull()
      .references(() => counterparties.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    position: text('position'),
    phone: text('phone'),
    phone2: text('phone2'),
    email: text('email'),
    isPrimary: boolean('is_primary').notNull().default(false),
    receivesDocuments: boolean('receives_documents').notNull().default(false),
    notes: text('notes'),
  },
  (t) => [
    index('counterparty_contacts_counterparty_id_idx').on(t.counterpartyId),
    uniqueIndex('counterparty_contacts_is_primary_key')
      .on(t.counterpartyId)
      .where(sql`${t.isPrimary}`),
  ],
);
