// Payments read (sales.md §2): the register and one payment with its allocations, the match proposals of a payment,
// the stat cards, the open orders a payment may go to and the raw bank transactions.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { listOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec, fixed, sub } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { paidByOrder, paidSql } from '@/modules/orders/server/index.ts';
import { orders } from '@/modules/orders/server/orders.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import {
  allocatableOrderStatuses,
  candidateOrderStatuses,
  CANDIDATE_MAX_AGE_DAYS,
  paymentMessages as msg,
  paymentSortFields,
  type BankTransactionListQuery,
  type BankTransaction,
  type OpenOrder,
  type OpenOrdersQuery,
  type Payment,
  type PaymentListQuery,
  type PaymentStats,
  type PaymentSummary,
} from '../payments.contract.ts';
import { normaliseCode, rankProposals, type Candidate, type Proposal } from './payment-matching.ts';
import { bankTransactions, paymentAllocations, payments } from './payments.table.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { containsPattern } from '@/server/kernel/like.ts';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

// ---- reading ---------------------------------------------------------------------------------------------------

/** `payments.id` always qualified: drizzle writes a bare "id" in a select without joins, which a subquery would misread. */
const paymentId = sql.raw('"payments"."id"');
const allocatedSql = sql`coalesce((select sum(a.amount) from payment_allocations a where a.payment_id = ${paymentId}), 0)`;
const unallocatedSql = sql`(${payments.amount} - ${allocatedSql})`;

const summaryColumns = {
  id: payments.id,
  number: payments.number,
  paymentDate: payments.paymentDate,
  type: payments.type,
  method: payments.method,
  status: payments.status,
  source: payments.source,
  amount: payments.amount,
  currencyCode: payments.currencyCode,
  fxRate: payments.fxRate,
  clientId: payments.clientId,
  clientName: counterparties.name,
  companyId: payments.companyId,
  payerName: payments.payerName,
  payerTaxId: payments.payerTaxId,
  payerIban: payments.payerIban,
  purpose: payments.purpose,
  bankDocNumber: payments.bankDocNumber,
  allocated: sql<string>`${allocatedSql}::numeric(18,2)::text`,
  unallocated: sql<string>`${unallocatedSql}::numeric(18,2)::text`,
  orders: sql<unknown>`coalesce((select json_agg(json_build_object('orderId', o.id, 'orderNumber', o.order_number)
    order by o.order_number) from payment_allocations a join orders o on o.id = a.order_id
    where a.payment_id = ${paymentId}), '[]'::json)`,
  createdAt: payments.createdAt,
};

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof summaryColumns)
    .from(payments)
    .leftJoin(counterparties, eq(counterparties.id, payments.clientId));

const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

function toSummary(row: Record<string, unknown>): PaymentSummary {
  return {
    ...(row as unknown as PaymentSummary),
    orders: jsonOf<PaymentSummary['orders']>(row.orders),
    createdAt: iso(row.createdAt)!,
  };
}

function listWhere(q: PaymentListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.status) where.push(eq(payments.status, q.status));
  if (q.method) where.push(eq(payments.method, q.method));
  if (q.type) where.push(eq(payments.type, q.type));
  if (q.source) where.push(eq(payments.source, q.source));
  if (q.clientId) where.push(eq(payments.clientId, q.clientId));
  if (q.dateFrom) where.push(gte(payments.paymentDate, q.dateFrom));
  if (q.dateTo) where.push(lte(payments.paymentDate, q.dateTo));
  if (q.unallocated) where.push(sql`${unallocatedSql} > 0`);
  if (q.orderId) {
    where.push(
      sql`exists (select 1 from payment_allocations a where a.payment_id = ${paymentId} and a.order_id = ${q.orderId})`,
    );
  }
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      or(
        ilike(payments.number, like),
        ilike(payments.payerName, like),
        ilike(payments.payerTaxId, like),
        ilike(payments.purpose, like),
        ilike(counterparties.name, like),
        ilike(counterparties.taxId, like),
        sql`exists (select 1 from payment_allocations a join orders o on o.id = a.order_id
          where a.payment_id = ${paymentId} and (o.order_number ilike ${like} or o.external_number ilike ${like}))`,
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

export async function listPayments(
  db: DbOrTx,
  q: PaymentListQuery,
): Promise<{ rows: PaymentSummary[]; total: number }> {
  const condition = listWhere(q);
  const { field, desc: isDesc } = parseSort<(typeof paymentSortFields)[number]>(
    q.sort ?? '-paymentDate',
    paymentSortFields,
    '-paymentDate',
  );
  const sortColumn = {
    number: sql`${payments.number}`,
    paymentDate: sql`${payments.paymentDate}`,
    amount: sql`${payments.amount}`,
    clientName: sql`${counterparties.name}`,
    payerName: sql`${payments.payerName}`,
    status: sql`${payments.status}`,
    unallocated: unallocatedSql,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    joined(db, summaryColumns)
      .where(condition)
      .orderBy(listOrder(sortColumn, field, isDesc, 'last'), isDesc ? desc(payments.id) : asc(payments.id))
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  const summaries = rows.map((r) => toSummary(r as unknown as Record<string, unknown>));
  if (q.withProposals) {
    for (const row of summaries) {
      if (row.status !== 'draft') continue;
      const [best] = await proposalsFor(db, row);
      row.bestProposal = best ?? null;
    }
  }
  return { rows: summaries, total: Number(total) };
}

export async function getPayment(db: DbOrTx, id: number, lock = false): Promise<Payment> {
  if (lock) await db.select({ id: payments.id }).from(payments).where(eq(payments.id, id)).for('update');
  const [header] = await joined(db, {
    ...summaryColumns,
    clientTaxId: counterparties.taxId,
    companyName: sql<string | null>`(select c.name from companies c where c.id = ${payments.companyId})`,
    ourIban: payments.ourIban,
    notes: payments.notes,
    version: payments.version,
    bankTransactionId: payments.bankTransactionId,
    postedAt: payments.postedAt,
    cancelledAt: payments.cancelledAt,
    cancelReason: payments.cancelReason,
  }).where(eq(payments.id, id));
  if (!header) throw new DomainError(404, msg.notFound);
  const h = header as unknown as Record<string, unknown>;
  const allocationRows = await db
    .select({
      id: paymentAllocations.id,
      orderId: paymentAllocations.orderId,
      orderNumber: orders.orderNumber,
      externalNumber: orders.externalNumber,
      orderDate: orders.orderDate,
      orderStatus: orders.status,
      totalGross: orders.totalGross,
      amount: paymentAllocations.amount,
    })
    .from(paymentAllocations)
    .innerJoin(orders, eq(orders.id, paymentAllocations.orderId))
    .where(eq(paymentAllocations.paymentId, id))
    .orderBy(asc(paymentAllocations.id));
  const paid = await paidByOrder(
    db,
    allocationRows.map((a) => a.orderId),
  );
  const allocations = allocationRows.map((a) => {
    const orderPaid = paid.get(a.orderId) ?? dec(0);
    const rest = sub(dec(a.totalGross), orderPaid);
    return {
      ...a,
      paid: fixed(orderPaid, 2),
      outstanding: fixed(cmp(rest, dec(0)) > 0 ? rest : dec(0), 2),
    };
  });
  let bankTransaction: Payment['bankTransaction'] = null;
  if (header.id && h.bankTransactionId) {
    const [bt] = await listBankTransactionRows(db, eq(bankTransactions.id, Number(h.bankTransactionId)), 1, 0);
    if (bt) {
      const { rawContent: _raw, ...rest } = bt;
      bankTransaction = rest;
    }
  }
  return {
    ...toSummary(h),
    clientTaxId: (h.clientTaxId as string | null) ?? null,
    companyName: (h.companyName as string | null) ?? null,
    ourIban: (h.ourIban as string | null) ?? null,
    notes: (h.notes as string | null) ?? null,
    version: Number(h.version),
    bankTransactionId: h.bankTransactionId == null ? null : Number(h.bankTransactionId),
    postedAt: iso(h.postedAt),
    cancelledAt: iso(h.cancelledAt),
    cancelReason: (h.cancelReason as string | null) ?? null,
    allocations,
    bankTransaction,
  };
}

// ---- candidates and proposals ----------------------------------------------------------------------------------

interface ProposalSubject {
  id: number;
  paymentDate: string;
  amount: string;
  currencyCode: string;
  clientId: number | null;
  payerTaxId: string | null;
  payerIban: string | null;
  purpose: string | null;
}

/**
 * The candidates of sales.md §2: confirmed, partially shipped or shipped orders in the payment's currency, still
 * owed something, no older than 365 days before the payment; each marked when the payer's IBAN is known for its
 * client (its bank accounts, or earlier posted payments from that IBAN).
 */
export async function loadCandidates(db: DbOrTx, payment: ProposalSubject): Promise<Candidate[]> {
  const since = addDays(payment.paymentDate, -CANDIDATE_MAX_AGE_DAYS);
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      externalNumber: orders.externalNumber,
      orderDate: orders.orderDate,
      orderStatus: orders.status,
      clientId: orders.clientId,
      clientName: counterparties.name,
      clientTaxId: counterparties.taxId,
      currencyCode: orders.currencyCode,
      totalGross: orders.totalGross,
      paid: sql<string>`(${paidSql})::numeric(18,2)::text`,
    })
    .from(orders)
    .innerJoin(counterparties, eq(counterparties.id, orders.clientId))
    .where(
      and(
        inArray(orders.status, [...candidateOrderStatuses]),
        eq(orders.currencyCode, payment.currencyCode),
        gte(orders.orderDate, since),
        sql`${paidSql} < ${orders.totalGross}`,
      ),
    );
  const known = new Set<number>();
  const payerIban = normaliseCode(payment.payerIban);
  if (payerIban) {
    const rowsKnown = rowsOf<{ client_id: number }>(
      await db.execute(sql`select b.counterparty_id as client_id from counterparty_bank_accounts b
          where upper(replace(b.iban, ' ', '')) = ${payerIban}
        union
        select p.client_id from payments p
          where upper(replace(p.payer_iban, ' ', '')) = ${payerIban} and p.status = 'posted'
            and p.client_id is not null and p.id <> ${payment.id}`),
    );
    for (const r of rowsKnown) known.add(Number(r.client_id));
  }
  return rows.map((r) => ({
    ...r,
    orderStatus: r.orderStatus as string,
    outstanding: fixed(sub(dec(r.totalGross), dec(r.paid)), 2),
    payerIbanKnown: known.has(r.clientId),
  }));
}

export async function proposalsFor(db: DbOrTx, payment: ProposalSubject): Promise<Proposal[]> {
  const candidates = await loadCandidates(db, payment);
  return rankProposals(payment, candidates, payment.clientId);
}

/** `GET /api/payments/:id/match-proposals`: the top 5, best first. */
export async function matchProposals(db: DbOrTx, id: number): Promise<Proposal[]> {
  const payment = await getPayment(db, id);
  return proposalsFor(db, payment);
}

/** The client whose tax id the payer's equals, when exactly one client has it (sales.md §2). */
export async function clientByTaxId(db: DbOrTx, taxId: string | null): Promise<number | null> {
  const code = normaliseCode(taxId);
  if (!code) return null;
  const found = await db
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.isClient, true), sql`upper(replace(${counterparties.taxId}, ' ', '')) = ${code}`))
    .limit(2);
  return found.length === 1 ? found[0]!.id : null;
}

// ---- stats, open orders, bank transactions ---------------------------------------------------------------------

const ZERO_STATS: PaymentStats = {
  pendingPayments: 0,
  pendingAmount: '0.00',
  todayAmount: '0.00',
  monthAmount: '0.00',
  unallocatedAmount: '0.00',
};
export const emptyPaymentStats = (): PaymentStats => ({ ...ZERO_STATS });

/**
 * The cards and the sidebar badge: drafts (count and amount), posted receipts today and this month (Kyiv calendar),
 * and the unallocated rest of posted receipts (advances). Amounts in UAH at each payment's rate.
 */
export async function paymentStats(db: DbOrTx, today = kyivToday()): Promise<PaymentStats> {
  const monthStart = `${today.slice(0, 8)}01`;
  const uah = sql`round(${payments.amount} * ${payments.fxRate}, 2)`;
  const receipt = sql`${payments.status} = 'posted' and ${payments.type} = 'receipt'`;
  const [row] = await db
    .select({
      pendingPayments: sql<number>`(count(*) filter (where ${payments.status} = 'draft'))::int`,
      pendingAmount: sql<string>`coalesce(sum(${uah}) filter (where ${payments.status} = 'draft'), 0)::numeric(18,2)::text`,
      todayAmount: sql<string>`coalesce(sum(${uah}) filter (where ${receipt} and ${payments.paymentDate} = ${today}), 0)::numeric(18,2)::text`,
      monthAmount: sql<string>`coalesce(sum(${uah}) filter (where ${receipt} and ${payments.paymentDate} >= ${monthStart}
        and ${payments.paymentDate} <= ${today}), 0)::numeric(18,2)::text`,
      unallocatedAmount: sql<string>`coalesce(sum(round(${unallocatedSql} * ${payments.fxRate}, 2))
        filter (where ${receipt}), 0)::numeric(18,2)::text`,
    })
    .from(payments);
  return { ...row!, pendingPayments: Number(row!.pendingPayments) };
}

/**
 * Orders a payment may go to ('Обрати замовлення', the new payment dialog): the client's orders that take payments
 * and still owe something, oldest first; or one order by id whatever it owes (`?orderId=`).
 */
export async function openOrders(db: DbOrTx, q: OpenOrdersQuery): Promise<OpenOrder[]> {
  const where: SQL[] = [];
  if (q.orderId) where.push(eq(orders.id, q.orderId));
  else {
    where.push(inArray(orders.status, [...allocatableOrderStatuses]));
    where.push(sql`${paidSql} < ${orders.totalGross}`);
  }
  if (q.clientId) where.push(eq(orders.clientId, q.clientId));
  if (q.currencyCode) where.push(eq(orders.currencyCode, q.currencyCode));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      or(ilike(orders.orderNumber, like), ilike(orders.externalNumber, like), ilike(counterparties.name, like))!,
    );
  }
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      externalNumber: orders.externalNumber,
      orderDate: orders.orderDate,
      status: orders.status,
      clientId: orders.clientId,
      clientName: counterparties.name,
      currencyCode: orders.currencyCode,
      totalGross: orders.totalGross,
      paid: sql<string>`(${paidSql})::numeric(18,2)::text`,
    })
    .from(orders)
    .innerJoin(counterparties, eq(counterparties.id, orders.clientId))
    .where(and(...where))
    .orderBy(asc(orders.orderDate), asc(orders.id))
    .limit(q.limit ?? 50);
  return rows.map((r) => {
    const rest = sub(dec(r.totalGross), dec(r.paid));
    return { ...r, status: r.status as string, outstanding: fixed(cmp(rest, dec(0)) > 0 ? rest : dec(0), 2) };
  });
}

const bankColumns = {
  id: bankTransactions.id,
  source: bankTransactions.source,
  externalId: bankTransactions.externalId,
  receivedAt: bankTransactions.receivedAt,
  parserName: bankTransactions.parserName,
  status: bankTransactions.status,
  parseError: bankTransactions.parseError,
  direction: bankTransactions.direction,
  operationDate: bankTransactions.operationDate,
  amount: bankTransactions.amount,
  currency: bankTransactions.currency,
  ourIban: bankTransactions.ourIban,
  counterpartyName: bankTransactions.counterpartyName,
  counterpartyTaxId: bankTransactions.counterpartyTaxId,
  counterpartyIban: bankTransactions.counterpartyIban,
  purpose: bankTransactions.purpose,
  bankDocNumber: bankTransactions.bankDocNumber,
  paymentId: bankTransactions.paymentId,
  paymentNumber: payments.number,
  paymentStatus: payments.status,
  rawContent: bankTransactions.rawContent,
};

async function listBankTransactionRows(
  db: DbOrTx,
  condition: SQL | undefined,
  limit: number,
  offset: number,
  order: SQL[] = [desc(bankTransactions.receivedAt), desc(bankTransactions.id)],
): Promise<BankTransaction[]> {
  const rows = await db
    .select(bankColumns)
    .from(bankTransactions)
    .leftJoin(payments, eq(payments.id, bankTransactions.paymentId))
    .where(condition)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, receivedAt: iso(r.receivedAt)! }) as BankTransaction);
}

const bankSortFields = ['receivedAt', 'operationDate', 'amount', 'status', 'counterpartyName'] as const;

/** `GET /api/payments/bank-transactions`: raw operations, ignored and failed ones included. */
export async function listBankTransactions(
  db: DbOrTx,
  q: BankTransactionListQuery,
): Promise<{ rows: BankTransaction[]; total: number }> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(bankTransactions.status, q.status));
  if (q.source) where.push(eq(bankTransactions.source, q.source));
  const day = sql`coalesce(${bankTransactions.operationDate}, (${bankTransactions.receivedAt} at time zone 'Europe/Kyiv')::date)`;
  if (q.dateFrom) where.push(sql`${day} >= ${q.dateFrom}`);
  if (q.dateTo) where.push(sql`${day} <= ${q.dateTo}`);
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      or(
        ilike(bankTransactions.counterpartyName, like),
        ilike(bankTransactions.counterpartyTaxId, like),
        ilike(bankTransactions.purpose, like),
        ilike(bankTransactions.bankDocNumber, like),
        ilike(bankTransactions.counterpartyIban, like),
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort<(typeof bankSortFields)[number]>(
    q.sort ?? '-receivedAt',
    bankSortFields,
    '-receivedAt',
  );
  const column = {
    receivedAt: bankTransactions.receivedAt,
    operationDate: bankTransactions.operationDate,
    amount: bankTransactions.amount,
    status: bankTransactions.status,
    counterpartyName: bankTransactions.counterpartyName,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    listBankTransactionRows(db, condition, limit, offset, [
      listOrder(column, field, isDesc, 'last'),
      isDesc ? desc(bankTransactions.id) : asc(bankTransactions.id),
    ]),
    db.select({ total: count() }).from(bankTransactions).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return { rows, total: Number(total) };
}
