// 'Надіслати рахунок' (sales.md §1.3): the invoice PDF and a letter with its figures, queued through the mail outbox.
import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import type { Mailer } from '@/modules/email-settings/server/index.ts';
import { emailEvent, emailRuleEnabled } from '@/modules/email-notifications/server/index.ts';
import { companies, companyBankAccounts } from '@/resources/companies/companies.table.ts';
import { counterpartyContacts } from '@/resources/counterparties/counterparties.table.ts';
import { amountInWords } from '@/shared/amount-in-words.ts';
import { currencyUk, formatDecimalUk } from '@/shared/decimal-format.ts';
import { orderMessages, orderStatusLabels, type OrderStatus } from '../orders.contract.ts';
import { ORDERS_ENTITY } from './order-effects.ts';
import { getOrder } from './orders.read.ts';
import { printDate } from '@/server/kernel/pdf/pdf.ts';
import { renderInvoice } from './orders.print.ts';

const label = (status: OrderStatus) => orderStatusLabels[status];

// ---- 'Надіслати рахунок' ---------------------------------------------------------------------------------------

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Queues the invoice through the mail outbox to the client's contacts marked 'Отримує рахунки та накладні': the
 * PDF 'Рахунок на оплату' attached, and the letter repeating its figures and our requisites.
 */
export async function sendInvoice(
  db: DbOrTx,
  mailer: Mailer,
  ctx: AuditContext,
  id: number,
): Promise<{ queued: number; recipients: string[] }> {
  return db.transaction(async (tx) => {
    const order = await getOrder(tx, id);
    if (order.status === 'cancelled' || order.status === 'draft') {
      throw new DomainError(409, orderMessages.transition('Надіслати рахунок', label(order.status)));
    }
    const contacts = await tx
      .select({ fullName: counterpartyContacts.fullName, email: counterpartyContacts.email })
      .from(counterpartyContacts)
      .where(
        and(
          eq(counterpartyContacts.counterpartyId, order.clientId),
          eq(counterpartyContacts.receivesDocuments, true),
          eq(counterpartyContacts.isActive, true),
        ),
      );
    const recipients = [...new Set(contacts.map((c) => c.email?.trim()).filter((e): e is string => !!e))];
    if (!recipients.length) throw new DomainError(409, orderMessages.noRecipients);
    const [company] = await tx.select().from(companies).where(eq(companies.id, order.companyId));
    const [account] = await tx
      .select({ iban: companyBankAccounts.iban, bankName: companyBankAccounts.bankName })
      .from(companyBankAccounts)
      .where(
        and(
          eq(companyBankAccounts.companyId, order.companyId),
          eq(companyBankAccounts.currencyCode, order.currencyCode),
        ),
      )
      .orderBy(sql`${companyBankAccounts.isDefault} desc`)
      .limit(1);
    const currency = currencyUk(order.currencyCode);
    const subject = `Рахунок на оплату № ${order.orderNumber} від ${printDate(order.orderDate)}`;
    const lines = [
      'Добрий день!',
      '',
      `Надсилаємо рахунок на оплату № ${order.orderNumber} від ${printDate(order.orderDate)}.`,
      `Сума до сплати: ${formatDecimalUk(order.totalGross, 2)} ${currency}` +
        (order.currencyCode === 'UAH' ? ` (${amountInWords(order.totalGross, 'UAH')})` : '') +
        '.',
      company?.isVatPayer ? `У т.ч. ПДВ: ${formatDecimalUk(order.totalVat, 2)} ${currency}.` : 'Без ПДВ.',
      `Рахунок дійсний до ${printDate(order.paymentDueDate)}.`,
      '',
      `Отримувач: ${company?.fullName ?? ''}, ЄДРПОУ ${company?.taxId ?? ''}`,
      account ? `IBAN: ${account.iban}${account.bankName ? `, ${account.bankName}` : ''}` : '',
      `Призначення платежу: Оплата за рахунком № ${order.orderNumber}`,
      '',
      'Позиції:',
      ...order.lines.map(
        (l, i) =>
          `${i + 1}. ${l.itemName} — ${formatDecimalUk(l.enteredQty, 0)} ` +
          `${l.enteredUnitShortName ?? l.unitShortName ?? 'шт'} × ` +
          `${formatDecimalUk(l.unitPrice, 2)} = ${formatDecimalUk(order.pricesIncludeVat ? l.lineGross : l.lineNet, 2)}`,
      ),
      '',
      `З повагою, ${company?.name ?? ''}`,
    ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
    const text = lines.join('\n');
    const html = `<div style="font-family:sans-serif">${lines
      .map((l) => (l === '' ? '<br>' : `<p style="margin:0 0 4px">${escapeHtml(l)}</p>`))
      .join('')}</div>`;
    const pdf = await renderInvoice(tx, order);
    const attachments = [{ fileName: `Рахунок ${order.orderNumber}.pdf`, contentType: 'application/pdf', data: pdf }];
    for (const to of recipients) {
      await mailer.enqueue(tx, { to, subject, text, html, eventKey: `order-invoice:${id}`, attachments });
    }
    await audit(tx, ctx, {
      action: 'update',
      entityType: ORDERS_ENTITY,
      entityId: id,
      after: { invoiceSent: { to: recipients, subject } },
    });
    return { queued: recipients.length, recipients };
  });
}

// ---- the e-mail rule 'Замовлення підтверджено' (reports-admin.md §14) -------------------------------------------

/**
 * On 'Підтвердити': the client's letter by the e-mail rule, the 'Рахунок на оплату' PDF attached and the amount in
 * words in the body; nothing (not even the PDF) while the rule is off.
 */
export async function emailOrderConfirmed(tx: DbOrTx, id: number): Promise<void> {
  if (!(await emailRuleEnabled(tx, 'client_order_confirmed'))) return;
  const order = await getOrder(tx, id);
  const currency = currencyUk(order.currencyCode);
  const amount = `${formatDecimalUk(order.totalGross, 2)} ${currency}`;
  const pdf = await renderInvoice(tx, order);
  await emailEvent(tx, 'client_order_confirmed', {
    values: {
      orderNumber: order.orderNumber,
      clientName: order.clientName,
      amount,
      amountInWords: order.currencyCode === 'UAH' ? amountInWords(order.totalGross, 'UAH') : amount,
      dueDate: order.paymentDueDate ? printDate(order.paymentDueDate) : '',
    },
    clientId: order.clientId,
    managerUserId: order.managerUserId,
    attachments: [{ fileName: `Рахунок ${order.orderNumber}.pdf`, contentType: 'application/pdf', data: pdf }],
  });
}
