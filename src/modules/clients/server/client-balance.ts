// A client's balance (reference-data.md §13, reports-admin.md §3): what it owes, read from the payments module's
// receivables (the figure the receivables report uses), for `GET /api/clients/:id/balance` and for the /clients list —
// the 'Баланс' and 'Прострочено' columns of a page (one query for the page's ids) and the debt filter (one subquery in
// the list's WHERE). This file imports neither the resource engine nor the module's routes, so the resource registry
// may import it without a cycle.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { DomainError } from '@/shared/api-error.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { clientReceivables, clientsInDebt, RECEIVABLES_CURRENCY } from '../../payments/server/index.ts';
import { clientsMessages, debtFilterValues, type ClientBalance } from '../clients.contract.ts';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** `GET /api/clients/:id/balance`: 404 for an id that is not a client. */
export async function clientBalance(db: DbOrTx, id: number, asOf: string = kyivToday()): Promise<ClientBalance> {
  const [client] = await db
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.id, id), eq(counterparties.isClient, true)));
  if (!client) throw new DomainError(404, clientsMessages.clientNotFound);
  const owed = (await clientReceivables(db, [id], asOf)).get(id)!;
  return {
    clientId: id,
    balance: owed.balance,
    overdue: owed.overdue,
    currency: RECEIVABLES_CURRENCY,
    oldestOverdueDate: owed.oldestOverdueDate,
    overdueDays: owed.oldestOverdueDate ? daysBetween(owed.oldestOverdueDate, asOf) : null,
  };
}

/** The /clients page's rows get `balance` and `overdue` (2-decimal strings): one query for the page. */
export async function withClientBalances(db: DbOrTx, rows: Array<Record<string, unknown>>): Promise<void> {
  const owed = await clientReceivables(
    db,
    rows.map((row) => row.id as number),
  );
  for (const row of rows) {
    const one = owed.get(row.id as number)!;
    row.balance = one.balance;
    row.overdue = one.overdue;
  }
}

/** The /clients list's `debt` filter: 'debt' (balance > 0) or 'overdue' (overdue > 0); anything else filters nothing. */
export function clientDebtWhere(value: string) {
  return (debtFilterValues as readonly string[]).includes(value)
    ? clientsInDebt(counterparties.id, value as (typeof debtFilterValues)[number])
    : undefined;
}
