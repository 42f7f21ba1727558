// 'Надіслати' with a letter (warehouse.md §5 states: 'optional e-mail of the print form to the supplier's contact
// through the outbox'): the PDF 'Замовлення постачальнику' attached, to the supplier's active contacts marked
// 'Отримує рахунки та накладні', queued in the caller's transaction — so a refusal leaves the order unsent.
import { and, eq } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { formatMoneyUk } from '@/shared/decimal-format.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { printDate } from '@/server/kernel/pdf/pdf.ts';
import type { Mailer } from '@/modules/email-settings/server/index.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { counterpartyContacts } from '@/resources/counterparties/counterparties.table.ts';
import { orderMessages, type Order } from '../supplier-orders.contract.ts';
import { orderPrintTitle, renderOrderPrint } from './supplier-orders.print.ts';

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Queues the letter to each recipient; answers their addresses. 409 when the supplier has none. */
export async function emailOrderToSupplier(tx: DbOrTx, mailer: Mailer, order: Order): Promise<string[]> {
  const contacts = await tx
    .select({ email: counterpartyContacts.email })
    .from(counterpartyContacts)
    .where(
      and(
        eq(counterpartyContacts.counterpartyId, order.supplierId),
        eq(counterpartyContacts.receivesDocuments, true),
        eq(counterpartyContacts.isActive, true),
      ),
    );
  const recipients = [...new Set(contacts.map((c) => c.email?.trim()).filter((e): e is string => !!e))];
  if (!recipients.length) throw new DomainError(409, orderMessages.noRecipients);
  const [company] = order.companyId
    ? await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, order.companyId))
    : await tx.select({ name: companies.name }).from(companies).where(eq(companies.isDefault, true));
  const subject = `${orderPrintTitle} № ${order.number} від ${printDate(order.orderDate)}`;
  const lines = [
    'Добрий день!',
    '',
    `Надсилаємо ${orderPrintTitle.toLowerCase()} № ${order.number} від ${printDate(order.orderDate)} (PDF у вкладенні).`,
    `Сума: ${formatMoneyUk(order.totalGross)} ${order.currencyCode === 'UAH' ? 'грн' : order.currencyCode}.`,
    order.expectedDate ? `Очікувана дата постачання: ${printDate(order.expectedDate)}.` : '',
    'Просимо підтвердити замовлення та строк постачання.',
    '',
    `З повагою, ${company?.name ?? ''}`,
  ].filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== ''));
  const text = lines.join('\n');
  const html = `<div style="font-family:sans-serif">${lines
    .map((l) => (l === '' ? '<br>' : `<p style="margin:0 0 4px">${escapeHtml(l)}</p>`))
    .join('')}</div>`;
  const pdf = await renderOrderPrint(tx, order);
  const attachments = [
    { fileName: `${orderPrintTitle} ${order.number}.pdf`, contentType: 'application/pdf', data: pdf },
  ];
  for (const to of recipients) {
    await mailer.enqueue(tx, { to, subject, text, html, eventKey: `supplier-order:${order.id}`, attachments });
  }
  return recipients;
}
