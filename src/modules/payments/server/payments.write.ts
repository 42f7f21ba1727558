// Payments written (sales.md §2): draft → posted → cancelled documents with no ledger effect. Posting, cancelling and
// every re-allocation of a posted payment re-derive the orders it touches through the order core (`refreshOrders`):
// the paid sum, the production approval, shipped ↔ completed. Every change is one audited transaction,
// version-checked.
import { checkVersion } from '@/server/kernel/documents.ts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed } from '@/shared/decimal.ts';
import { currencyUk, formatDecimalUk } from '@/shared/decimal-format.ts';
import { amountInWords } from '@/shared/amount-in-words.ts';
import { emailEvent } from '@/modules/email-notifications/server/index.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import { refreshOrders } from '@/modules/orders/server/index.ts';
import { orders } from '@/modules/orders/server/orders.table.ts';
import { orderStatusLabels, type OrderStatus } from '@/modules/orders/orders.contract.ts';
import { companies, companyBankAccounts } from '@/resources/companies/companies.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import {
  allocatableOrderStatuses,
  paymentMessages as msg,
  type AllocationInput,
  type Payment,
  type PaymentCreateBody,
  type PaymentPostBody,
  type PaymentSource,
  type PaymentUpdateBody,
} from '../payments.contract.ts';
import { normaliseCode } from './payment-matching.ts';
import { paymentAllocations, payments } from './payments.table.ts';
import { getPayment } from './payments.read.ts';

export const PAYMENTS_ENTITY = 'payments';
/** The dedupe key of a payment's 'needs matching' notification: posting or cancelling resolves it. */
export const pendingNotificationKey = (paymentId: number) => `payment:unprocessed:${paymentId}`;

const money = (value: string) => formatDecimalUk(value, 2);

// ---- checks ----------------------------------------------------------------------------------------------------

async function checkClient(tx: DbOrTx, clientId: number) {
  const [client] = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.id, clientId), eq(counterparties.isClient, true)));
  if (!client) throw new DomainError(400, msg.notClient, { clientId: msg.notClient });
}

/** The company our IBAN belongs to, else the one chosen, else the default company (sales.md §2). */
async function resolveCompany(tx: DbOrTx, ourIban: string | null | undefined, companyId: number | null | undefined) {
  const code = normaliseCode(ourIban);
  if (code) {
    const [byIban] = await tx
      .select({ companyId: companyBankAccounts.companyId })
      .from(companyBankAccounts)
      .where(sql`upper(replace(${companyBankAccounts.iban}, ' ', '')) = ${code}`);
    if (byIban) return byIban.companyId;
  }
  if (companyId) {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (!company) throw new DomainError(400, msg.company, { companyId: msg.company });
    return company.id;
  }
  const [fallback] = await tx
    .select({ id: companies.id })
    .from(companies)
    .orderBy(desc(companies.isDefault), asc(companies.id))
    .limit(1);
  return fallback?.id ?? null;
}

/**
 * The allocation rules (sales.md §2): each order once, the payment's client's, in the payment's currency, in a
 * status that takes payments; Σ ≤ amount. An order may receive more than it still owes (an overpayment is the user's
 * decision); the rest of the amount stays the client's advance.
 */
async function checkAllocations(
  tx: DbOrTx,
  target: { clientId: number | null; currencyCode: string; amount: string },
  allocations: readonly AllocationInput[],
) {
  if (!allocations.length) return;
  if (!target.clientId) throw new DomainError(400, msg.clientForAllocations, { clientId: msg.clientForAllocations });
  const fields: Record<string, string> = {};
  const ids = allocations.map((a) => a.orderId);
  const found = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      clientId: orders.clientId,
      currencyCode: orders.currencyCode,
      status: orders.status,
    })
    .from(orders)
    .where(inArray(orders.id, ids));
  const byId = new Map(found.map((o) => [o.id, o]));
  const seen = new Set<number>();
  let total = dec(0);
  allocations.forEach((a, i) => {
    total = add(total, dec(a.amount));
    const order = byId.get(a.orderId);
    const at = `allocations.${i}.orderId`;
    if (seen.has(a.orderId)) fields[at] = msg.orderTwice;
    else if (!order) fields[at] = msg.orderNotFound;
    else if (order.clientId !== target.clientId) fields[at] = msg.orderOtherClient(order.orderNumber);
    else if (order.currencyCode !== target.currencyCode)
      fields[at] = msg.orderCurrency(order.orderNumber, order.currencyCode);
    else if (!(allocatableOrderStatuses as readonly string[]).includes(order.status))
      fields[at] = msg.orderStatus(order.orderNumber, orderStatusLabels[order.status as OrderStatus] ?? order.status);
    seen.add(a.orderId);
  });
  if (cmp(total, dec(target.amount)) > 0) {
    fields.allocations = msg.overAllocated(money(fixed(total, 2)), money(target.amount));
  }
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
}

async function writeAllocations(
  tx: DbOrTx,
  paymentId: number,
  allocations: readonly AllocationInput[],
  userId: number | null,
) {
  await tx.delete(paymentAllocations).where(eq(paymentAllocations.paymentId, paymentId));
  if (!allocations.length) return;
  await tx.insert(paymentAllocations).values(
    allocations.map((a) => ({
      paymentId,
      orderId: a.orderId,
      amount: fixed(dec(a.amount), 2),
      createdBy: userId,
    })),
  );
}

/** Locks the payment and checks the version it was read at. */
async function lockPayment(tx: DbOrTx, id: number, version: number | undefined) {
  const before = await getPayment(tx, id, true);
  checkVersion(version, before.version, msg.version);
  return before;
}

function assertDraft(payment: Payment) {
  if (payment.status === 'posted') throw new DomainError(409, msg.posted);
  if (payment.status === 'cancelled') throw new DomainError(409, msg.cancelled);
}

const allocationInputs = (p: Payment): AllocationInput[] =>
  p.allocations.map((a) => ({ orderId: a.orderId, amount: a.amount }));

/** A foreign-currency payment without a rate takes its first order's rate, else 1 (UAH is always 1). */
async function rateOf(tx: DbOrTx, currencyCode: string, fxRate: string | undefined, allocations: AllocationInput[]) {
  if (currencyCode === 'UAH') return '1';
  if (fxRate) return fxRate;
  if (allocations.length) {
    const [order] = await tx
      .select({ fxRate: orders.fxRate })
      .from(orders)
      .where(eq(orders.id, allocations[0]!.orderId));
    if (order) return order.fxRate;
  }
  return '1';
}

// ---- notifications ---------------------------------------------------------------------------------------------

/** 'Надійшла оплата' to the manager of each order paid (the order's manager, else the client's). */
async function notifyReceived(tx: DbOrTx, payment: Payment) {
  const managers = new Set<number>();
  if (payment.allocations.length) {
    const rows = await tx
      .select({ manager: sql<number | null>`coalesce(${orders.managerUserId}, ${counterparties.managerUserId})` })
      .from(orders)
      .innerJoin(counterparties, eq(counterparties.id, orders.clientId))
      .where(
        inArray(
          orders.id,
          payment.allocations.map((a) => a.orderId),
        ),
      );
    for (const r of rows) if (r.manager != null) managers.add(Number(r.manager));
  } else if (payment.clientId) {
    const [client] = await tx
      .select({ manager: counterparties.managerUserId })
      .from(counterparties)
      .where(eq(counterparties.id, payment.clientId));
    if (client?.manager != null) managers.add(client.manager);
  }
  await emailReceived(tx, payment, managers);
  if (!managers.size) return;
  const orderText = payment.allocations.length
    ? ` — ${payment.allocations.map((a) => `${a.orderNumber}: ${money(a.amount)}`).join(', ')}`
    : ' — аванс без замовлення';
  await notify(tx, {
    type: 'payment',
    priority: 'medium',
    title: 'Надійшла оплата',
    message: `${payment.number} від «${payment.clientName ?? payment.payerName ?? '—'}»: ${money(payment.amount)} ${payment.currencyCode}${orderText}`,
    actionUrl:
      payment.allocations.length === 1 ? `/orders/${payment.allocations[0]!.orderId}` : `/payments/${payment.id}`,
    related: { type: 'payment', id: payment.id, label: `Платіж ${payment.number}` },
    userIds: [...managers],
  });
}

/** The e-mail rules 'Надійшла оплата' (to the order's manager) and 'Оплату отримано' (to the client), §14. */
async function emailReceived(tx: DbOrTx, payment: Payment, managers: ReadonlySet<number>) {
  const amount = `${money(payment.amount)} ${currencyUk(payment.currencyCode)}`;
  const values = {
    orderNumber: payment.allocations.map((a) => a.orderNumber).join(', ') || payment.number,
    clientName: payment.clientName ?? payment.payerName ?? '',
    amount,
    amountInWords: payment.currencyCode === 'UAH' ? amountInWords(payment.amount, 'UAH') : amount,
    // A letter's link opens a page of the app: the order (or the payment) found by its number in its list.
    link:
      payment.allocations.length === 1
        ? `/orders?search=${encodeURIComponent(payment.allocations[0]!.orderNumber)}`
        : `/payments?open=${payment.id}`,
  };
  for (const managerUserId of managers.size ? managers : [null]) {
    await emailEvent(tx, 'payment_received', { values, managerUserId });
  }
  if (payment.clientId) await emailEvent(tx, 'client_payment_received', { values, clientId: payment.clientId });
}

/** 'Неопрацьований платіж' to everyone who sees /payments: a bank credit nobody has matched yet. */
export async function notifyPending(tx: DbOrTx, payment: Payment) {
  await emailEvent(tx, 'bank_payment_unmatched', {
    values: {
      amount: `${money(payment.amount)} ${currencyUk(payment.currencyCode)}`,
      payerName: payment.payerName ?? 'Невідомий платник',
      link: `/payments?open=${payment.id}`,
    },
  });
  const purpose = payment.purpose ? ` — ${payment.purpose}` : '';
  await notify(tx, {
    type: 'payment',
    priority: 'high',
    title: 'Неопрацьований платіж',
    message: `${payment.payerName ?? 'Невідомий платник'}: ${money(payment.amount)} ${payment.currencyCode}${purpose}`,
    actionRequired: true,
    actionUrl: `/unprocessed-payments/${payment.id}`,
    related: { type: 'payment', id: payment.id, label: `Платіж ${payment.number}` },
    route: '/payments',
    dedupeKey: pendingNotificationKey(payment.id),
  });
}

// ---- writing ---------------------------------------------------------------------------------------------------

export interface CreateOptions {
  source?: PaymentSource;
  bankTransactionId?: number | null;
}

/**
 * `POST /api/payments` and the bank import: a new payment (number PAY taken now). A manual payment is posted at
 * once unless `post: false`; an imported one stays a draft.
 */
export async function createPayment(
  db: DbOrTx,
  ctx: AuditContext,
  input: PaymentCreateBody,
  opts: CreateOptions = {},
): Promise<Payment> {
  const source = opts.source ?? 'manual';
  return db.transaction(async (tx) => {
    const allocations = input.allocations ?? [];
    if (input.clientId) await checkClient(tx, input.clientId);
    const companyId = await resolveCompany(tx, input.ourIban, input.companyId);
    const fxRate = await rateOf(tx, input.currencyCode, input.fxRate, allocations);
    await checkAllocations(
      tx,
      { clientId: input.clientId ?? null, currencyCode: input.currencyCode, amount: input.amount },
      allocations,
    );
    const number = await nextNumber(tx, 'payment', input.paymentDate);
    const [row] = await tx
      .insert(payments)
      .values({
        number,
        paymentDate: input.paymentDate,
        type: input.type,
        method: input.method,
        status: 'draft',
        amount: fixed(dec(input.amount), 2),
        currencyCode: input.currencyCode,
        fxRate,
        clientId: input.clientId ?? null,
        companyId,
        payerName: input.payerName ?? null,
        payerTaxId: input.payerTaxId ?? null,
        payerIban: input.payerIban ? normaliseCode(input.payerIban) : null,
        ourIban: input.ourIban ? normaliseCode(input.ourIban) : null,
        purpose: input.purpose ?? null,
        bankDocNumber: input.bankDocNumber ?? null,
        bankTransactionId: opts.bankTransactionId ?? null,
        source,
        notes: input.notes ?? null,
        createdBy: ctx.userId,
      })
      .returning({ id: payments.id });
    const id = row!.id;
    await writeAllocations(tx, id, allocations, ctx.userId);
    const created = await getPayment(tx, id);
    await audit(tx, ctx, { action: 'create', entityType: PAYMENTS_ENTITY, entityId: id, after: created });
    if (input.post ?? source === 'manual') return postInTx(tx, ctx, id, {});
    return created;
  });
}

/** `PATCH /api/payments/:id`: a draft's header and, when given, its allocations (version-checked). */
export async function updatePayment(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: PaymentUpdateBody,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const before = await lockPayment(tx, id, change.version);
    assertDraft(before);
    const has = <K extends keyof PaymentUpdateBody>(key: K) => change[key] !== undefined;
    const clientId = has('clientId') ? (change.clientId ?? null) : before.clientId;
    if (has('clientId') && clientId) await checkClient(tx, clientId);
    const ourIban = has('ourIban') ? (change.ourIban ?? null) : before.ourIban;
    const companyId =
      has('ourIban') || has('companyId')
        ? await resolveCompany(tx, ourIban, has('companyId') ? change.companyId : before.companyId)
        : before.companyId;
    const currencyCode = change.currencyCode ?? before.currencyCode;
    const amount = change.amount ?? before.amount;
    const allocations = change.allocations ?? allocationInputs(before);
    const fxRate =
      has('fxRate') || has('currencyCode')
        ? await rateOf(
            tx,
            currencyCode,
            change.fxRate ?? (currencyCode === before.currencyCode ? before.fxRate : undefined),
            allocations,
          )
        : before.fxRate;
    await checkAllocations(tx, { clientId, currencyCode, amount }, allocations);
    const text = <K extends 'payerName' | 'payerTaxId' | 'purpose' | 'bankDocNumber' | 'notes'>(key: K) =>
      has(key) ? (change[key] ?? null) : before[key];
    await tx
      .update(payments)
      .set({
        paymentDate: change.paymentDate ?? before.paymentDate,
        type: change.type ?? before.type,
        method: change.method ?? before.method,
        amount: fixed(dec(amount), 2),
        currencyCode,
        fxRate,
        clientId,
        companyId,
        payerName: text('payerName'),
        payerTaxId: text('payerTaxId'),
        payerIban: has('payerIban') ? (change.payerIban ? normaliseCode(change.payerIban) : null) : before.payerIban,
        ourIban: ourIban ? normaliseCode(ourIban) : null,
        purpose: text('purpose'),
        bankDocNumber: text('bankDocNumber'),
        notes: text('notes'),
        version: sql`${payments.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, id));
    if (change.allocations) await writeAllocations(tx, id, change.allocations, ctx.userId);
    const after = await getPayment(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: PAYMENTS_ENTITY, entityId: id, before, after });
    return after;
  });
}

/** `DELETE /api/payments/:id`: manual drafts only; an imported payment is cancelled instead. */
export async function deletePayment(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockPayment(tx, id, undefined);
    if (before.source !== 'manual') throw new DomainError(409, msg.deleteImported);
    if (before.status !== 'draft') throw new DomainError(409, msg.deleteNotDraft);
    await tx.delete(payments).where(eq(payments.id, id));
    await resolveByKey(tx, pendingNotificationKey(id));
    await audit(tx, ctx, { action: 'delete', entityType: PAYMENTS_ENTITY, entityId: id, before });
  });
}

/** Posting inside the caller's transaction (also the auto-post of the bank import). */
export async function postInTx(tx: DbOrTx, ctx: AuditContext, id: number, body: PaymentPostBody): Promise<Payment> {
  const before = await lockPayment(tx, id, body.version);
  assertDraft(before);
  const clientId = body.clientId ?? before.clientId;
  if (!clientId) throw new DomainError(400, msg.clientRequired, { clientId: msg.clientRequired });
  if (body.clientId) await checkClient(tx, body.clientId);
  const allocations = body.allocations ?? allocationInputs(before);
  await checkAllocations(tx, { clientId, currencyCode: before.currencyCode, amount: before.amount }, allocations);
  if (body.allocations) await writeAllocations(tx, id, body.allocations, ctx.userId);
  await tx
    .update(payments)
    .set({
      status: 'posted',
      clientId,
      postedAt: sql`now()`,
      postedBy: ctx.userId,
      version: sql`${payments.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, id));
  await refreshOrders(
    tx,
    allocations.map((a) => a.orderId),
    ctx,
  );
  await resolveByKey(tx, pendingNotificationKey(id));
  const after = await getPayment(tx, id);
  await audit(tx, ctx, { action: 'post', entityType: PAYMENTS_ENTITY, entityId: id, before, after });
  await notifyReceived(tx, after);
  return after;
}

/** 'Провести' (sales.md §2): a client is required and the allocations must fit the amount. */
export async function postPayment(db: DbOrTx, ctx: AuditContext, id: number, body: PaymentPostBody): Promise<Payment> {
  return db.transaction((tx) => postInTx(tx, ctx, id, body));
}

/**
 * 'Скасувати' {reason} from draft or posted: the allocations are removed and the orders re-derived; the bank
 * transaction stays, so a re-import does not bring the payment back.
 */
export async function cancelPayment(db: DbOrTx, ctx: AuditContext, id: number, reason: string): Promise<Payment> {
  return db.transaction(async (tx) => {
    const before = await lockPayment(tx, id, undefined);
    if (before.status === 'cancelled') throw new DomainError(409, msg.alreadyCancelled);
    await tx.delete(paymentAllocations).where(eq(paymentAllocations.paymentId, id));
    await tx
      .update(payments)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelReason: reason,
        version: sql`${payments.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, id));
    if (before.status === 'posted') {
      await refreshOrders(
        tx,
        before.allocations.map((a) => a.orderId),
        ctx,
      );
    }
    await resolveByKey(tx, pendingNotificationKey(id));
    const after = await getPayment(tx, id);
    await audit(tx, ctx, {
      action: 'cancel',
      entityType: PAYMENTS_ENTITY,
      entityId: id,
      before,
      after: { ...after, reason },
    });
    return after;
  });
}

/** 'Розподілити': the allocations replaced atomically (draft or posted); a posted payment re-derives its orders. */
export async function replaceAllocations(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  body: { version?: number; allocations: AllocationInput[] },
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const before = await lockPayment(tx, id, body.version);
    if (before.status === 'cancelled') throw new DomainError(409, msg.cancelled);
    await checkAllocations(
      tx,
      { clientId: before.clientId, currencyCode: before.currencyCode, amount: before.amount },
      body.allocations,
    );
    await writeAllocations(tx, id, body.allocations, ctx.userId);
    await tx
      .update(payments)
      .set({ version: sql`${payments.version} + 1`, updatedAt: sql`now()` })
      .where(eq(payments.id, id));
    if (before.status === 'posted') {
      await refreshOrders(
        tx,
        [...before.allocations.map((a) => a.orderId), ...body.allocations.map((a) => a.orderId)],
        ctx,
      );
    }
    const after = await getPayment(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: PAYMENTS_ENTITY, entityId: id, before, after });
    return after;
  });
}
