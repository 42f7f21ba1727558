// The order events of reports-admin §9 that the orders module raises: an active order past its due date and an
// order past its payment date (the daily job, from 08:00 Kyiv time), a cancelled order that had payments, and an
// inventory audit that cut an order's reservation. Each goes to the order's manager, or to the viewers of the
// event's page when the order has none; the two overdue notices resolve themselves when their condition ends.
import { startJob, type JobLog, type StartedJob } from '@/server/kernel/jobs.ts';
import { sql } from 'drizzle-orm';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { formatMoneyUk, formatQtyUk } from '@/shared/decimal-format.ts';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { keyedId, notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import { emailEvent } from '@/modules/email-notifications/server/index.ts';
import { activeOrderStatuses } from '../orders.contract.ts';
import { paidSql } from './order-effects.ts';
import { orders } from './orders.table.ts';

export const orderNoticeMessages = {
  overdueTitle: 'Прострочене замовлення',
  overdue: (number: string, client: string, due: string) =>
    `Замовлення ${number} (${client}) мало бути виконане до ${due}, але ще не відвантажене`,
  paymentOverdueTitle: 'Прострочена оплата',
  paymentOverdue: (number: string, client: string, due: string, outstanding: string) =>
    `Замовлення ${number} (${client}): термін оплати ${due} минув, до сплати ${outstanding} грн`,
  cancelledPaidTitle: 'Скасоване замовлення мало оплати',
  cancelledPaid: (number: string, payments: string) =>
    `Замовлення ${number} скасовано; оплати ${payments} стали авансом клієнта — поверніть кошти або зарахуйте їх в інше замовлення`,
  reservationCutTitle: 'Резерв зменшено',
  reservationCut: (number: string, audit: string, lines: string) =>
    `Інвентаризація ${audit} зменшила резерв замовлення ${number}: ${lines}`,
  orderLabel: (number: string) => `Замовлення ${number}`,
} as const;

export const orderOverdueKey = (orderId: number) => `order-overdue:${orderId}`;
export const paymentOverdueKey = (orderId: number) => `order-payment-overdue:${orderId}`;

const orderUrl = (number: string) => `/orders?search=${encodeURIComponent(number)}`;
const recipientsOf = (managerUserId: number | null, route: string) =>
  managerUserId != null ? { userIds: [Number(managerUserId)] } : { route };

/** 'YYYY-MM-DD' → 'дд.мм.рррр'. */
const displayDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.');

/** The hour of the day in Kyiv (0–23). */
function kyivHour(now: Date): number {
  return (
    Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Kyiv', hour: '2-digit', hour12: false }).format(now)) %
    24
  );
}

/** The hour from which the daily notices are raised ('daily 08:00'). */
export const ORDER_NOTICES_HOUR = 8;

const activeList = sql.raw(activeOrderStatuses.map((s) => `'${s}'`).join(', '));
/** Past its due date and not shipped, completed or cancelled (the orders list's 'Прострочені'). */
const overdueWhere = (today: string) =>
  sql`${orders.status} in (${activeList}) and ${orders.dueDate} is not null and ${orders.dueDate} < ${today}::date`;
/** Past its payment date and not fully paid, in any state but draft and cancelled. */
const paymentOverdueWhere = (today: string) =>
  sql`${orders.status} not in ('draft', 'cancelled') and ${orders.paymentDueDate} is not null
    and ${orders.paymentDueDate} < ${today}::date and (${paidSql}) < ${orders.totalGross}`;

interface Candidate {
  id: number;
  number: string;
  client: string;
  due: string;
  outstanding: string;
  manager: number | null;
  notified: boolean | string;
}

async function candidates(
  tx: DbOrTx,
  where: ReturnType<typeof sql>,
  dueColumn: 'due_date' | 'payment_due_date',
  key: string,
) {
  return rowsOf<Candidate>(
    await tx.execute(sql`select ${orders.id} as id, ${orders.orderNumber} as number, c.name as client,
        ${sql.raw(`"orders"."${dueColumn}"`)}::text as due,
        greatest(${orders.totalGross} - (${paidSql}), 0)::numeric(18,2)::text as outstanding,
        ${orders.managerUserId} as manager,
        exists (select 1 from notifications n where n.dedupe_key = ${key} || ${orders.id} and not n.is_resolved)
          as notified
      from ${orders} join counterparties c on c.id = ${orders.clientId}
      where ${where}
      order by ${orders.id}`),
  );
}

/**
 * One run of the daily order notices: raises those not yet raised (from 08:00 Kyiv time) and resolves those whose
 * order is no longer overdue (shipped, completed, cancelled, re-dated or paid) at any hour. Answers the counts.
 */
export async function runOrderNoticesOnce(db: Db, now = new Date()) {
  const today = kyivToday(now);
  const raiseNow = kyivHour(now) >= ORDER_NOTICES_HOUR;
  return db.transaction(async (tx) => {
    let overdueRaised = 0;
    let paymentRaised = 0;
    if (raiseNow) {
      for (const o of await candidates(tx, overdueWhere(today), 'due_date', 'order-overdue:')) {
        if (o.notified === true || o.notified === 't') continue;
        await notify(tx, {
          type: 'warning',
          priority: 'high',
          title: orderNoticeMessages.overdueTitle,
          message: orderNoticeMessages.overdue(o.number, o.client, displayDate(o.due)),
          actionRequired: true,
          actionUrl: orderUrl(o.number),
          related: { type: 'order', id: Number(o.id), label: orderNoticeMessages.orderLabel(o.number) },
          ...recipientsOf(o.manager, '/orders'),
          dedupeKey: orderOverdueKey(Number(o.id)),
        });
        // The e-mail rule 'Прострочене замовлення' (reports-admin.md §14), raised with the notice, once.
        await emailEvent(tx, 'order_overdue', {
          values: {
            orderNumber: o.number,
            clientName: o.client,
            amount: `${formatMoneyUk(o.outstanding)} грн`,
            dueDate: displayDate(o.due),
            link: orderUrl(o.number),
          },
          managerUserId: o.manager == null ? null : Number(o.manager),
        });
        overdueRaised += 1;
      }
      for (const o of await candidates(tx, paymentOverdueWhere(today), 'payment_due_date', 'order-payment-overdue:')) {
        if (o.notified === true || o.notified === 't') continue;
        await notify(tx, {
          type: 'warning',
          priority: 'medium',
          title: orderNoticeMessages.paymentOverdueTitle,
          message: orderNoticeMessages.paymentOverdue(
            o.number,
            o.client,
            displayDate(o.due),
            formatMoneyUk(o.outstanding),
          ),
          actionRequired: true,
          actionUrl: orderUrl(o.number),
          related: { type: 'order', id: Number(o.id), label: orderNoticeMessages.orderLabel(o.number) },
          ...recipientsOf(o.manager, '/orders'),
          dedupeKey: paymentOverdueKey(Number(o.id)),
        });
        paymentRaised += 1;
      }
    }
    const stale = rowsOf<{ key: string }>(
      await tx.execute(sql`select distinct n.dedupe_key as key from notifications n
        where not n.is_resolved and (
          (n.dedupe_key like 'order-overdue:%' and not exists (select 1 from ${orders}
            where ${orders.id} = ${keyedId('order-overdue:')} and ${overdueWhere(today)}))
          or (n.dedupe_key like 'order-payment-overdue:%' and not exists (select 1 from ${orders}
            where ${orders.id} = ${keyedId('order-payment-overdue:')} and ${paymentOverdueWhere(today)})))`),
    );
    for (const row of stale) await resolveByKey(tx, row.key);
    return { overdueRaised, paymentRaised, resolved: stale.length };
  });
}

/** 'Скасоване замовлення мало оплати' (payment / high, resolved by hand), inside the cancelling transaction. */
export async function notifyCancelledWithPayments(
  tx: DbOrTx,
  order: { id: number; orderNumber: string; managerUserId: number | null },
  paymentNumbers: readonly string[],
) {
  if (!paymentNumbers.length) return;
  await notify(tx, {
    type: 'payment',
    priority: 'high',
    title: orderNoticeMessages.cancelledPaidTitle,
    message: orderNoticeMessages.cancelledPaid(order.orderNumber, [...new Set(paymentNumbers)].join(', ')),
    actionRequired: true,
    actionUrl: '/payments',
    related: { type: 'order', id: order.id, label: orderNoticeMessages.orderLabel(order.orderNumber) },
    ...recipientsOf(order.managerUserId, '/payments'),
    dedupeKey: `order-cancelled-paid:${order.id}`,
  });
}

/**
 * 'Резерв зменшено' (warning / high, resolved by hand): an inventory audit cut the reservations of order lines. One
 * notice per order, naming each item and its reservation before and after.
 */
export async function notifyReservationCut(
  tx: DbOrTx,
  auditNumber: string,
  cuts: ReadonlyArray<{ orderLineId: number; item: string; from: string; to: string }>,
) {
  if (!cuts.length) return;
  const lineIds = [...new Set(cuts.map((c) => c.orderLineId))];
  const owners = rowsOf<{ line_id: number; id: number; number: string; manager: number | null }>(
    await tx.execute(sql`select l.id as line_id, o.id, o.order_number as number, o.manager_user_id as manager
      from order_lines l join ${orders} o on o.id = l.order_id
      where l.id = any(${intArray(lineIds)})`),
  );
  const byOrder = new Map<number, { number: string; manager: number | null; lines: string[] }>();
  for (const cut of cuts) {
    const owner = owners.find((o) => Number(o.line_id) === cut.orderLineId);
    if (!owner) continue;
    const entry = byOrder.get(Number(owner.id)) ?? { number: owner.number, manager: owner.manager, lines: [] };
    entry.lines.push(`${cut.item}: ${formatQtyUk(cut.from)} → ${formatQtyUk(cut.to)}`);
    byOrder.set(Number(owner.id), entry);
  }
  for (const [orderId, o] of byOrder) {
    await notify(tx, {
      type: 'warning',
      priority: 'high',
      title: orderNoticeMessages.reservationCutTitle,
      message: orderNoticeMessages.reservationCut(o.number, auditNumber, o.lines.join('; ')),
      actionRequired: true,
      actionUrl: orderUrl(o.number),
      related: { type: 'order', id: orderId, label: orderNoticeMessages.orderLabel(o.number) },
      ...recipientsOf(o.manager, '/orders'),
      dedupeKey: `reservation-cut:${orderId}:${auditNumber}`,
    });
  }
}

/** Starts the order notices every 15 minutes (timers unref'd); the caller stops it on shutdown. */
export function startOrderJobs(deps: { db: Db; log: JobLog }): StartedJob {
  return startJob({
    db: deps.db,
    name: 'orders.notices',
    everyMs: 15 * 60_000,
    firstDelayMs: 60_000,
    log: deps.log,
    run: () => runOrderNoticesOnce(deps.db),
    report: (r) =>
      r.overdueRaised || r.paymentRaised || r.resolved ? { message: 'Прострочені замовлення', details: r } : null,
  });
}
