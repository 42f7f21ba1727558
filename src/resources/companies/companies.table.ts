import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';
import { bytea } from '@/server/kernel/columns.ts';

// The business's own legal entities, printed on its documents (reference-data.md §15).
export const companies = pgTable(
  'companies',
  {
    ...resourceColumns(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    legalForm: text('legal_form'),
    taxId: text('tax_id').notNull(),
    isVatPayer: boolean('is_vat_payer').notNull().default(false),
    vatNumber: text('vat_number'),
    taxSystem: text('tax_system').notNull().default('general'),
    legalAddress: text('legal_address').notNull(),
    postalAddress: text('postal_address'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    directorName: text('director_name'),
    directorPosition: text('director_position'),
    accountantName: text('accountant_name'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('companies_name_key').on(normalised(t.name)),
    uniqueIndex('companies_tax_id_key').on(normalised(t.taxId)),
    uniqueIndex('companies_is_default_key')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

// Our IBAN tells which company a bank payment belongs to: unique across all companies.
export const companyBankAccounts = pgTable(
  'company_bank_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    iban: text('iban').notNull(),
    bankName: text('bank_name'),
    currencyCode: text('currency_code').notNull().default('UAH'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('company_bank_accounts_iban_key').on(t.iban),
    uniqueIndex('company_bank_accounts_is_default_key')
      .on(t.companyId, t.currencyCode)
      .where(sql`${t.isDefault}`),
  ],
);

// Logos are files kept in their own table (decision 0007), never base64 in the company's row.
export const companyLogos = pgTable('company_logos', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
