// 'Накладна на переміщення' (warehouse.md §7): the transfer note, a PDF of the document's lines with the cost they
// moved at once posted, and the signatures of who handed the goods over and who took them.
import { eq } from 'drizzle-orm';
import { add, dec, fixed } from '@/shared/decimal.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { printDate, renderPrintForm, type PrintColumn } from '@/server/kernel/pdf/pdf.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { transferStatusLabels, type Transfer } from '../warehouse-transfers.contract.ts';

export const transferNoteTitle = 'Накладна на переміщення';

export async function renderTransferNote(db: DbOrTx, doc: Transfer): Promise<Buffer> {
  const [company] = await db
    .select({ fullName: companies.fullName })
    .from(companies)
    .where(eq(companies.isDefault, true))
    .limit(1);
  const withCost = doc.status !== 'draft';
  const qty = (v: string) => formatDecimalUk(v, 0);
  const money = (v: string | null) => (v === null ? '—' : formatDecimalUk(v, 2));
  const columns: PrintColumn[] = [
    { header: '№', width: 0.6, align: 'center' },
    { header: 'Артикул', width: 2.2 },
    { header: 'Найменування', width: 4.4 },
    { header: 'Од.', width: 0.9, align: 'center' },
    { header: 'Кількість', width: 2.2, align: 'right' },
  ];
  if (withCost) {
    columns.push({ header: 'Ціна, грн', width: 1.9, align: 'right' });
    columns.push({ header: 'Сума, грн', width: 1.9, align: 'right' });
  }
  let totalQty = dec(0);
  let totalValue = dec(0);
  const rows = doc.lines.map((line) => {
    totalQty = add(totalQty, dec(line.qty));
    if (line.value !== null) totalValue = add(totalValue, dec(line.value));
    // A line typed in another unit shows it beside the stock quantity: '2 500 (2,5 кг)'.
    const entered = line.enteredUnitId === null ? '' : ` (${qty(line.enteredQty)} ${line.enteredUnitShortName ?? ''})`;
    const cells = [String(line.lineNo), line.sku, line.itemName, line.unitShortName ?? '', qty(line.qty) + entered];
    if (withCost) cells.push(money(line.unitCost), money(line.value));
    return cells;
  });
  const fields: Array<readonly [string, string]> = [];
  if (company) fields.push(['Організація', company.fullName]);
  fields.push(['Склад-відправник', doc.fromWarehouseName], ['Склад-одержувач', doc.toWarehouseName]);
  if (doc.reason) fields.push(['Підстава', doc.reason]);
  if (doc.status !== 'posted') fields.push(['Статус', transferStatusLabels[doc.status]]);
  if (doc.notes) fields.push(['Примітки', doc.notes]);
  const totals: Array<readonly [string, string]> = [['Усього кількість', qty(fixed(totalQty, 4))]];
  if (withCost) totals.push(['Усього на суму, грн', money(fixed(totalValue, 2))]);
  return renderPrintForm({
    title: transferNoteTitle,
    subtitle: `№ ${doc.number} від ${printDate(doc.documentDate)}`,
    fields,
    columns,
    rows,
    totals,
    signatures: ['Здав', 'Прийняв'],
  });
}
