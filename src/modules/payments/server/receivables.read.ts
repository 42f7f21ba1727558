// Receivables (reports-admin.md §3 'Дебіторська заборгованість'), the one figure /clients, `GET
// /api/clients/:id/balance` and the receivables report read. For client c at date D, in UAH:
// - debit  = Σ revenueGross of c's sale facts up to D (posted shipment lines' lineGross × the order's fxRate, kept on
//   the line by posting);
// - credit = Σ c's posted payments up to D, allocated or not (receipts − refunds, × the payment's fxRate);
// - balance = debit − credit: above 0 the client owes us, below 0 it is an advance.
// Aging: credits pay the debits oldest first (by shipment date); what stays unpaid is bucketed by days since the
// shipment. The unpaid part of a debit whose due date — the order's paymentDueDate ('Оплатити до', sales.md §1), else
// the shipment date plus the client's paymentTermDays — is before D is overdue. Cancelled shipments and payments are no facts, so a cancelled order
// (it cannot have a posted shipment) owes nothing. Sums are exact numeric in SQL, answered as decimal strings.
import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { orders } from '../../orders/server/index.ts';
import { shipmentLines } from '../../shipments/server/index.ts';
import { counterparties } from '../../../resources/counterparties/counterparties.table.ts';
import { payments } from './payments.table.ts';

/** Receivables are kept in UAH (sale facts and cash are in UAH, reports-admin.md §0). */
export const RECEIVABLES_CURRENCY = 'UAH';

export interface ClientReceivable {
  clientId: number;
  /** debit − credit, 2 decimals; negative is an advance. */
  balance: string;
  /** The unpaid part of the debits due before the date, 2 decimals (never negative). */
  overdue: string;
  /** The earliest due date among the overdue unpaid debits (YYYY-MM-DD), or null. */
  oldestOverdueDate: string | null;
  /** Unpaid debits by days since their shipment: 0–30, 31–60, 61–90, > 90 (2 decimals each). */
  aging: { days0to30: string; days31to60: string; days61to90: string; over90: string };
}

export type DebtFilter = 'debt' | 'overdue';

/**
 * Each client's credit up to `asOf`: Σ of its posted payments, allocated or not (receipts − refunds, × the payment's
 * fxRate), in UAH. Columns client_id, amount; `clientIds` narrows it to those clients.
 */
function creditsByClient(asOf: string, clientIds?: readonly number[]): SQL {
  const where = and(
    eq(payments.status, 'posted'),
    sql`${payments.clientId} is not null`,
    lte(payments.paymentDate, asOf),
    clientIds ? inArray(payments.clientId, [...clientIds]) : undefined,
  );
  return sql`select ${payments.clientId} as client_id,
      sum(case when ${payments.type} = 'refund' then -1 else 1 end * round(${payments.amount} * ${payments.fxRate}, 2))
        as amount
    from ${payments} where ${where} group by ${payments.clientId}`;
}

/**
 * One row per client with any fact up to `asOf`: client_id, balance, overdue, oldest_overdue and the aging buckets.
 * `clientIds` narrows the facts read to those clients (a page of /clients); without it, every client.
 */
function receivablesTable(asOf: string, clientIds?: readonly number[]): SQL {
  // The debits are the sale facts posting keeps on the shipment lines (client, date, revenueGross), by their index.
  const debitWhere = and(
    lte(shipmentLines.saleDate, asOf),
    clientIds ? inArray(shipmentLines.clientId, [...clientIds]) : undefined,
  );
  const unpaid = sql.raw(`greatest(0, least(f.amount, f.running - coalesce(c.amount, 0)))`);
  const age = sql`(${asOf}::date - f.dated)`;
  return sql`(
    with debits as (
      select ${shipmentLines.clientId} as client_id, ${shipmentLines.shipmentId} as shipment_id,
        ${shipmentLines.saleDate} as dated,
        coalesce(${orders.paymentDueDate}, ${shipmentLines.saleDate} + ${counterparties.paymentTermDays}) as due,
        sum(${shipmentLines.revenueGross}) as amount
      from ${shipmentLines}
      join ${orders} on ${orders.id} = ${shipmentLines.orderId}
      join ${counterparties} on ${counterparties.id} = ${shipmentLines.clientId}
      where ${debitWhere}
      group by ${shipmentLines.clientId}, ${shipmentLines.shipmentId}, ${shipmentLines.saleDate},
        ${orders.paymentDueDate}, ${counterparties.paymentTermDays}
    ),
    credits as (${creditsByClient(asOf, clientIds)}),
    fifo as (
      select d.*, sum(d.amount) over (partition by d.client_id order by d.dated, d.shipment_id) as running
      from debits d
    ),
    owed as (
      select f.client_id, sum(f.amount) as debit,
        sum(case when f.due < ${asOf}::date then ${unpaid} else 0 end) as overdue,
        min(case when f.due < ${asOf}::date and ${unpaid} > 0 then f.due end) as oldest_overdue,
        sum(case when ${age} <= 30 then ${unpaid} else 0 end) as d30,
        sum(case when ${age} between 31 and 60 then ${unpaid} else 0 end) as d60,
        sum(case when ${age} between 61 and 90 then ${unpaid} else 0 end) as d90,
        sum(case when ${age} > 90 then ${unpaid} else 0 end) as d90plus
      from fifo f left join credits c on c.client_id = f.client_id
      group by f.client_id
    )
    select coalesce(o.client_id, c.client_id) as client_id,
      coalesce(o.debit, 0) - coalesce(c.amount, 0) as balance,
      coalesce(o.overdue, 0) as overdue, o.oldest_overdue,
      coalesce(o.d30, 0) as d30, coalesce(o.d60, 0) as d60, coalesce(o.d90, 0) as d90,
      coalesce(o.d90plus, 0) as d90plus
    from owed o full join credits c on c.client_id = o.client_id
  )`;
}

const money = (column: string) => sql.raw(`r.${column}::numeric(18, 2)::text`);
const ZERO = '0.00';

function zeroOf(clientId: number): ClientReceivable {
  return {
    clientId,
    balance: ZERO,
    overdue: ZERO,
    oldestOverdueDate: null,
    aging: { days0to30: ZERO, days31to60: ZERO, days61to90: ZERO, over90: ZERO },
  };
}

/**
 * The receivable of each client asked for, at `asOf` (default: today in Kyiv), in one query (per 5000 clients); a
 * client without facts owes 0.00. Keyed by client id.
 */
export async function clientReceivables(
  db: DbOrTx,
  clientIds: readonly number[],
  asOf: string = kyivToday(),
): Promise<Map<number, ClientReceivable>> {
  const out = new Map(clientIds.map((id) => [id, zeroOf(id)]));
  // An export asks for every client: in chunks, well under the 65 535 parameters of one statement.
  for (let at = 0; at < clientIds.length; at += CHUNK) {
    for (const one of await receivablesOf(db, clientIds.slice(at, at + CHUNK), asOf)) out.set(one.clientId, one);
  }
  return out;
}

const CHUNK = 5000;

async function receivablesOf(db: DbOrTx, clientIds: readonly number[], asOf: string): Promise<ClientReceivable[]> {
  const rows = rowsOf<{
    client_id: number;
    balance: string;
    overdue: string;
    oldest_overdue: string | Date | null;
    d30: string;
    d60: string;
    d90: string;
    d90plus: string;
  }>(
    await db.execute(sql`
      select r.client_id, ${money('balance')} as balance, ${money('overdue')} as overdue,
        r.oldest_overdue::text as oldest_overdue, ${money('d30')} as d30, ${money('d60')} as d60,
        ${money('d90')} as d90, ${money('d90plus')} as d90plus
      from ${receivablesTable(asOf, clientIds)} r`),
  );
  return rows.map((row) => ({
    clientId: Number(row.client_id),
    balance: row.balance,
    overdue: row.overdue,
    oldestOverdueDate: row.oldest_overdue === null ? null : String(row.oldest_overdue).slice(0, 10),
    aging: { days0to30: row.d30, days31to60: row.d60, days61to90: row.d90, over90: row.d90plus },
  }));
}

export interface ReceivablesTotal {
  /** Σ balance of every client (advances included, as each client's balance nets them), 2 decimals. */
  balance: string;
  /** Σ of the clients' unpaid debits by days since the shipment (2 decimals each). */
  aging: ClientReceivable['aging'];
}

/**
 * The receivables of all clients at `asOf` (default: today in Kyiv), in one query: Σ of `clientReceivables`'
 * balances and aging buckets (reports-admin.md §4 'receivables at the period end').
 *
 * The aging is the same oldest-first allocation, read without ordering every debit. Credits pay the oldest debits
 * first, so what a client still owes, owed = min(debit, max(0, debit − credit)), is the newest part of its debits
 * (debits are never negative: prices, discounts and rates are not). The unpaid part of the debits dated on or after
 * a day is then min(owed, Σ debits since that day), and each bucket is the difference of two such cut-offs — one
 * grouped pass over the sale facts instead of a window over every shipment (a year of debits: 1,0 s → 0,7 s).
 * client-balance.test.ts holds the buckets equal to Σ of every client's `clientReceivables` aging.
 */
export async function receivablesTotal(db: DbOrTx, asOf: string = kyivToday()): Promise<ReceivablesTotal> {
  const since = (days: number) =>
    sql`coalesce(sum(sl.revenue_gross) filter (where sl.sale_date >= ${asOf}::date - ${days}::int), 0)`;
  const [row] = rowsOf<{ balance: string; d30: string; d60: string; d90: string; d90plus: string }>(
    await db.execute(sql`
      with debits as (select sl.client_id, sum(sl.revenue_gross) as debit, ${since(30)} as s30, ${since(60)} as s60,
          ${since(90)} as s90
        from shipment_lines sl where sl.sale_date <= ${asOf}::date group by sl.client_id),
      credits as (${creditsByClient(asOf)}),
      owed as (select d.s30, d.s60, d.s90, least(d.debit, greatest(0, d.debit - coalesce(c.amount, 0))) as owed
        from debits d left join credits c on c.client_id = d.client_id)
      select ((select coalesce(sum(d.debit), 0) from debits d) - (select coalesce(sum(c.amount), 0) from credits c)
          )::numeric(18, 2)::text as balance,
        coalesce(sum(least(o.owed, o.s30)), 0)::numeric(18, 2)::text as d30,
        coalesce(sum(least(o.owed, o.s60) - least(o.owed, o.s30)), 0)::numeric(18, 2)::text as d60,
        coalesce(sum(least(o.owed, o.s90) - least(o.owed, o.s60)), 0)::numeric(18, 2)::text as d90,
        coalesce(sum(o.owed - least(o.owed, o.s90)), 0)::numeric(18, 2)::text as d90plus
      from owed o`),
  );
  return {
    balance: row?.balance ?? ZERO,
    aging: {
      days0to30: row?.d30 ?? ZERO,
      days31to60: row?.d60 ?? ZERO,
      days61to90: row?.d90 ?? ZERO,
      over90: row?.d90plus ?? ZERO,
    },
  };
}

/**
 * Σ of every client's balance at `asOf` (default: today in Kyiv), 2 decimals — `receivablesTotal`'s balance without
 * the oldest-first aging, which needs every debit in order: the balances of all clients sum to all debits less all
 * clients' credits. The /analytics tile reads it (a year of debits: 0,8 s with the aging, a sum without).
 */
export async function receivablesBalance(db: DbOrTx, asOf: string = kyivToday()): Promise<string> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(sql`select ((select coalesce(sum(sl.revenue_gross), 0) from shipment_lines sl
        where sl.sale_date <= ${asOf}::date)
      - (select coalesce(sum(c.amount), 0) from (${creditsByClient(asOf)}) c)
      )::numeric(18, 2)::text as balance`),
  );
  return row?.balance ?? ZERO;
}

/**
 * A WHERE condition on a client id column: the client owes us (`debt`: balance > 0) or owes past a due date
 * (`overdue`: overdue > 0), at `asOf` (default: today in Kyiv). One subquery, so a list stays one query per page.
 */
export function clientsInDebt(clientId: PgColumn, kind: DebtFilter, asOf = kyivToday()): SQL {
  const measure = kind === 'overdue' ? sql.raw('r.overdue') : sql.raw('r.balance');
  return sql`${clientId} in (select r.client_id from ${receivablesTable(asOf)} r where ${measure} > 0)`;
}
