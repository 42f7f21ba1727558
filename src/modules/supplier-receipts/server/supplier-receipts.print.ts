// 'Прибуткова накладна' (warehouse.md §6): the receipt as a PDF — the buying company, the supplier and their
// document, the lines at the supplier's prices with VAT, the totals, and once posted each line's cost in UAH.
import { eq } from 'drizzle-orm';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { printDate, renderPrintForm, type PrintColumn } from '@/server/kernel/pdf/pdf.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { receiptStatusLabels, type Receipt } from '../supplier-receipts.contract.ts';

export const receiptPrintTitle = 'Прибуткова накладна';

export async function renderReceiptPrint(db: DbOrTx, doc: Receipt): Promise<Buffer> {
  const [company] = await db
    .select({ fullName: companies.fullName })
    .from(companies)
    .where(doc.companyId === null ? eq(companies.isDefault, true) : eq(companies.id, doc.companyId))
    .limit(1);
  const posted = doc.status !== 'draft' && doc.lines.every((line) => line.unitCost !== null);
  const qty = (v: string) => formatDecimalUk(v, 0);
  const money = (v: string) => formatDecimalUk(v, 2);
  const currency = doc.currencyCode;
  const columns: PrintColumn[] = [
    { header: '№', width: 0.6, align: 'center' },
    { header: 'Артикул', width: 2 },
    { header: 'Найменування', width: 4.6 },
    { header: 'Од.', width: 0.8, align: 'center' },
    { header: 'Кількість', width: 1.4, align: 'right' },
    { header: `Ціна, ${currency}`, width: 1.6, align: 'right' },
    { header: 'ПДВ, %', width: 1, align: 'right' },
    { header: `Сума з ПДВ, ${currency}`, width: 1.9, align: 'right' },
  ];
  if (posted) columns.push({ header: 'Собівартість од., грн', width: 1.9, align: 'right' });
  const rows = doc.lines.map((line) => {
    const name = line.supplierItemName ? `${line.itemName}\n(${line.supplierItemName})` : line.itemName;
    const cells = [
      String(line.lineNo),
      line.sku,
      name,
      // As entered: the typed quantity in its unit, at the price per that unit.
      line.enteredUnitShortName ?? line.unitShortName ?? '',
      qty(line.enteredQty),
      formatDecimalUk(line.unitPrice, 2),
      line.vatRate,
      money(line.lineGross),
    ];
    // The cost is per stock unit: named so on a line entered in another unit.
    const cost = formatDecimalUk(line.unitCost ?? '0', 2);
    if (posted) cells.push(line.enteredUnitId === null ? cost : `${cost} / ${line.unitShortName ?? ''}`);
    return cells;
  });
  const fields: Array<readonly [string, string]> = [];
  if (company) fields.push(['Одержувач', company.fullName]);
  fields.push(
    ['Постачальник', doc.supplierName],
    [
      'Документ постачальника',
      `${doc.documentTypeName} № ${doc.supplierDocNumber} від ${printDate(doc.supplierDocDate)}`,
    ],
    ['Склад', doc.warehouseName],
  );
  if (doc.supplierOrderNumber) fields.push(['Замовлення постачальнику', doc.supplierOrderNumber]);
  if (currency !== 'UAH') fields.push(['Курс', `${formatDecimalUk(doc.fxRate, 4)} грн за 1 ${currency}`]);
  if (doc.status !== 'posted') fields.push(['Статус', receiptStatusLabels[doc.status]]);
  if (doc.notes) fields.push(['Примітки', doc.notes]);
  const totals: Array<readonly [string, string]> = [
    [`Разом без ПДВ, ${currency}`, money(doc.totalNet)],
    [`ПДВ, ${currency}`, money(doc.totalVat)],
    [`Усього з ПДВ, ${currency}`, money(doc.totalGross)],
  ];
  if (currency !== 'UAH') totals.push(['Усього з ПДВ, грн', money(doc.totalUah)]);
  if (doc.extraCosts !== '0' && doc.extraCosts !== '0.00')
    totals.push(['Додаткові витрати, грн', money(doc.extraCosts)]);
  return renderPrintForm({
    title: receiptPrintTitle,
    subtitle: `№ ${doc.number} від ${printDate(doc.documentDate)}`,
    fields,
    columns,
    rows,
    totals,
    signatures: ['Здав (постачальник)', 'Прийняв (комірник)'],
    landscape: true,
  });
}
