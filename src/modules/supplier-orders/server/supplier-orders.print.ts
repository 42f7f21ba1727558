// The print form 'Замовлення постачальнику' (warehouse.md §5): company, supplier, lines, totals, signatures.
import { desc, eq } from 'drizzle-orm';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { printDate, renderPrintForm, type PrintForm } from '@/server/kernel/pdf/pdf.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import type { Order } from '../supplier-orders.contract.ts';

export const orderPrintTitle = 'Замовлення постачальнику';

const money = (v: string) => formatDecimalUk(v, 2);
const qty = (v: string) => formatDecimalUk(v, 0);

export async function renderOrderPrint(db: DbOrTx, order: Order): Promise<Buffer> {
  const [company] = await db
    .select({
      fullName: companies.fullName,
      taxId: companies.taxId,
      legalAddress: companies.legalAddress,
      phone: companies.phone,
      directorName: companies.directorName,
    })
    .from(companies)
    .where(order.companyId ? eq(companies.id, order.companyId) : eq(companies.isDefault, true))
    .orderBy(desc(companies.isDefault))
    .limit(1);
  const [supplier] = await db
    .select({
      name: counterparties.name,
      fullName: counterparties.fullName,
      taxId: counterparties.taxId,
      legalAddress: counterparties.legalAddress,
      phone: counterparties.phone,
    })
    .from(counterparties)
    .where(eq(counterparties.id, order.supplierId));
  const currency = order.currencyCode;
  const priceNote = order.pricesIncludeVat ? 'з ПДВ' : 'без ПДВ';
  const fields: [string, string][] = [
    ['Замовник', company ? `${company.fullName}, ЄДРПОУ ${company.taxId}` : '—'],
    ['Адреса замовника', company?.legalAddress ?? '—'],
    [
      'Постачальник',
      supplier ? `${supplier.fullName ?? supplier.name}${supplier.taxId ? `, код ${supplier.taxId}` : ''}` : '—',
    ],
  ];
  if (supplier?.legalAddress) fields.push(['Адреса постачальника', supplier.legalAddress]);
  fields.push(['Очікувана дата поставки', printDate(order.expectedDate)]);
  if (order.warehouseName) fields.push(['Склад отримання', order.warehouseName]);
  if (order.supplierReference) fields.push(['Номер постачальника', order.supplierReference]);
  fields.push(['Валюта', currency === 'UAH' ? 'UAH' : `${currency}, курс ${formatDecimalUk(order.fxRate, 2)}`]);
  if (order.notes) fields.push(['Примітки', order.notes]);
  const form: PrintForm = {
    title: orderPrintTitle,
    subtitle: `№ ${order.number} від ${printDate(order.orderDate)}`,
    fields,
    columns: [
      { header: '№', width: 4, align: 'right' },
      { header: 'Артикул', width: 12 },
      { header: 'Найменування', width: 30 },
      { header: 'Од.', width: 5, align: 'center' },
      { header: 'К-сть', width: 8, align: 'right' },
      { header: `Ціна, ${currency} (${priceNote})`, width: 11, align: 'right' },
      { header: 'ПДВ, %', width: 6, align: 'right' },
      { header: 'Сума без ПДВ', width: 11, align: 'right' },
      { header: 'Сума з ПДВ', width: 11, align: 'right' },
      { header: 'Дата поставки', width: 10, align: 'center' },
    ],
    rows: order.lines.map((l) => [
      String(l.lineNo),
      l.sku,
      l.itemName,
      // As ordered: the entered quantity in its unit, at the price per that unit.
      l.enteredUnitShortName ?? l.unitShortName ?? '',
      qty(l.enteredQty),
      money(l.unitPrice),
      l.vatRate,
      money(l.lineNet),
      money(l.lineGross),
      printDate(l.expectedDate ?? order.expectedDate),
    ]),
    totals: [
      [`Разом без ПДВ, ${currency}`, money(order.totalNet)],
      [`ПДВ, ${currency}`, money(order.totalVat)],
      [`Всього з ПДВ, ${currency}`, money(order.totalGross)],
      ...(currency === 'UAH' ? [] : ([['Всього, грн', money(order.totalUah)]] as [string, string][])),
    ],
    signatures: [`Замовив: ${company?.directorName ?? ''}`.trim(), 'Прийняв до виконання (постачальник)'],
    landscape: true,
  };
  return renderPrintForm(form);
}
