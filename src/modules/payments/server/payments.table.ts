// Payments (PAY, sales.md §2): documents of money received (or refunded), allocated to orders of their client.
// An order's payment status is derived from the allocations of posted payments. Bank statement rows are kept as
// bank transactions, idempotent by (source, externalId), so a re-import never brings a payment back.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { orders } from '../../orders/server/orders.table.ts';
import { companies } from '../../../resources/companies/companies.table.ts';
import { counterparties } from '../../../resources/counterparties/counterparties.table.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

export const paymentTypes = ['receipt', 'refund'] as const;
export const paymentMethods = ['bank_transfer', 'cash', 'card', 'other'] as const;
export const paymentStatuses = ['draft', 'posted', 'cancelled'] as const;
export const paymentSources = ['manual', 'bank_email', 'bank_statement', 'import'] as const;

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    type: text('type').$type<(typeof paymentTypes)[number]>().notNull().default('receipt'),
    method: text('method').$type<(typeof paymentMethods)[number]>().notNull().default('bank_transfer'),
    status: text('status').$type<(typeof paymentStatuses)[number]>().notNull().default('draft'),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currencyCode: text('currency_code').notNull().default('UAH'),
    fxRate: numeric('fx_rate', { precision: 18, scale: 6 }).notNull().default('1'),
    clientId: integer('client_id').references(() => counterparties.id),
    companyId: integer('company_id').references(() => companies.id),
    payerName: text('payer_name'),
    payerTaxId: text('payer_tax_id'),
    payerIban: text('payer_iban'),
    ourIban: text('our_iban'),
    purpose: text('purpose'),
    bankDocNumber: text('bank_doc_number'),
    bankTransactionId: integer('bank_transaction_id'),
    source: text('source').$type<(typeof paymentSources)[number]>().notNull().default('manual'),
    notes: text('notes'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postedBy: integer('posted_by').references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_number_key').on(t.number),
    uniqueIndex('payments_bank_transaction_id_key')
      .on(t.bankTransactionId)
      .where(sql`${t.bankTransactionId} is not null`),
    index('payments_payment_date_idx').on(t.paymentDate, t.id),
    index('payments_client_id_idx').on(t.clientId),
    index('payments_status_idx').on(t.status),
    trigramIndex('payments_number_trgm_idx', t.number),
    trigramIndex('payments_bank_doc_number_trgm_idx', t.bankDocNumber),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_allocations_payment_id_idx').on(t.paymentId),
    index('payment_allocations_order_id_idx').on(t.orderId),
    check('payment_allocations_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const bankTransactionSources = ['email', 'statement_1c', 'statement_file', 'manual_paste'] as const;

export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    source: text('source').$type<(typeof bankTransactionSources)[number]>().notNull(),
    externalId: text('external_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    rawContent: text('raw_content').notNull(),
    parserName: text('parser_name').notNull(),
    /** parsed | ignored (a debit, or not our account) | failed */
    status: text('status').notNull(),
    parseError: text('parse_error'),
    /** credit | debit */
    direction: text('direction'),
    operationDate: date('operation_date', { mode: 'string' }),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    currency: text('currency'),
    ourIban: text('our_iban'),
    counterpartyName: text('counterparty_name'),
    counterpartyTaxId: text('counterparty_tax_id'),
    counterpartyIban: text('counterparty_iban'),
    purpose: text('purpose'),
    bankDocNumber: text('bank_doc_number'),
    paymentId: integer('payment_id'),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('bank_transactions_source_external_id_key').on(t.source, t.externalId),
    index('bank_transactions_received_at_idx').on(t.receivedAt),
    index('bank_transactions_status_idx').on(t.status),
  ],
);
