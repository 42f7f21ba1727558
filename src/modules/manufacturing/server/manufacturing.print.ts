// Print forms of an MO (production.md §4): the traveller 'Маршрутний лист' — the MO number as a Code 128 barcode
// (vector bars from the shared encoder, so the shop-floor scanner reads it), the item, quantity and dates, the
// operations with a line to sign for each, and the materials — and the product labels of its output.
import { DomainError } from '@/shared/api-error.ts';
import { barRects, code128, isCode128Text } from '@/shared/barcode.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { createPdf, mm, pdfBuffer, printDate, type Pdf } from '@/server/kernel/pdf/pdf.ts';
import { renderLabelsPdf } from '@/modules/labels/server/index.ts';
import { MAX_LABELS, type LabelTemplate } from '@/modules/labels/labels.contract.ts';
import {
  moMessages,
  moOperationStatusLabels,
  moPriorityLabels,
  moStatusLabels,
  type MoDetail,
} from '../manufacturing.contract.ts';
import { wholeUnits } from './manufacturing.common.ts';

export const travelerTitle = 'Маршрутний лист';

const q = (v: string) => formatDecimalUk(v, 0);

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A bordered table that repeats its header on a new page; answers the y below it. */
function table(doc: Pdf, columns: readonly Column[], rows: ReadonlyArray<readonly string[]>, top: number): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const total = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * width);
  const pad = 3;
  const heightOf = (cells: readonly string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(8.5);
    return (
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i]! - pad * 2 })),
        doc.currentLineHeight(),
      ) +
      pad * 2
    );
  };
  const draw = (cells: readonly string[], y: number, h: number, font: 'regular' | 'bold') => {
    let x = left;
    doc.font(font).fontSize(8.5).lineWidth(0.5);
    cells.forEach((cell, i) => {
      doc.rect(x, y, widths[i]!, h).stroke();
      doc.text(cell, x + pad, y + pad, { width: widths[i]! - pad * 2, align: columns[i]!.align ?? 'left' });
      x += widths[i]!;
    });
  };
  const headers = columns.map((c) => c.header);
  const headerHeight = heightOf(headers, 'bold');
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  let y = top;
  if (y + headerHeight * 2 > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  draw(headers, y, headerHeight, 'bold');
  y += headerHeight;
  for (const row of rows) {
    const h = heightOf(row, 'regular');
    if (y + h > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      draw(headers, y, headerHeight, 'bold');
      y += headerHeight;
    }
    draw(row, y, h, 'regular');
    y += h;
  }
  return y;
}

/** 'Маршрутний лист' of a released (or later) MO. */
export async function renderTraveler(mo: MoDetail): Promise<Buffer> {
  if (mo.status === 'planned') throw new DomainError(409, moMessages.travelerNotReady);
  const doc = createPdf({ title: `${travelerTitle} ${mo.number}` });
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  // The MO number as Code 128, top right, with the number under the bars.
  if (isCode128Text(mo.number)) {
    const symbol = code128(mo.number);
    const barWidth = mm(70);
    const barHeight = mm(14);
    const x = left + width - barWidth;
    const y = doc.page.margins.top;
    const module = barWidth / (symbol.modules + symbol.quietLeft + symbol.quietRight);
    for (const [start, w] of barRects(symbol)) {
      doc.rect(x + (symbol.quietLeft + start) * module, y, w * module, barHeight);
    }
    doc.fill('black');
    doc
      .font('regular')
      .fontSize(9)
      .text(mo.number, x, y + barHeight + 2, { width: barWidth, align: 'center' });
  }
  doc
    .font('bold')
    .fontSize(16)
    .text(travelerTitle, left, doc.page.margins.top, { width: width - mm(75) });
  doc
    .font('regular')
    .fontSize(10)
    .text(`№ ${mo.number} від ${printDate(mo.releasedAt ?? mo.createdAt)}`, left, doc.y, { width: width - mm(75) });
  doc.y = Math.max(doc.y, doc.page.margins.top + mm(22)) + 6;

  const fields: Array<[string, string]> = [
    ['Виріб', `${mo.itemName} (${mo.sku})`],
    ['Кількість', `${q(mo.qty)} ${mo.unitShortName ?? ''}`.trim()],
    ['Виготовлено', q(mo.producedQty)],
    ['Статус', moStatusLabels[mo.status]],
    ['Пріоритет', moPriorityLabels[mo.priority]],
    ['Плановий початок', printDate(mo.plannedStart)],
    ['Термін', printDate(mo.dueDate)],
    ['Специфікація', mo.bomName ?? '—'],
    ['Технологічна карта', mo.techCardName ?? '—'],
    ['Рецепт', mo.recipeName ?? '—'],
    ['Склад матеріалів', mo.materialsWarehouseName],
    ['Склад продукції', mo.outputWarehouseName],
    ['Відповідальний', mo.responsibleName ?? '—'],
    ['Замовлення', mo.orders.map((o) => o.orderNumber).join(', ') || '—'],
  ];
  for (const [label, value] of fields) {
    doc.font('bold').fontSize(9).text(`${label}: `, left, doc.y, { continued: true });
    doc.font('regular').text(value || '—');
  }
  if (mo.notes) {
    doc.font('bold').fontSize(9).text('Примітки: ', left, doc.y, { continued: true });
    doc.font('regular').text(mo.notes);
  }

  doc.moveDown(0.8);
  doc.font('bold').fontSize(11).text('Операції', left, doc.y);
  doc.moveDown(0.3);
  let y = table(
    doc,
    [
      { header: '№', width: 5, align: 'center' },
      { header: 'Операція', width: 24 },
      { header: 'Дільниця', width: 14 },
      { header: 'Обладнання', width: 12 },
      { header: 'План, хв', width: 8, align: 'right' },
      { header: 'Статус', width: 10 },
      { header: 'Придатні', width: 8, align: 'right' },
      { header: 'Брак', width: 7, align: 'right' },
      { header: 'Виконавець, підпис', width: 16 },
    ],
    mo.operations.map((op) => [
      String(op.seq),
      op.qualityCheck ? `${op.name} (ОТК)` : op.name,
      op.departmentName ?? '—',
      op.equipment ?? '',
      formatDecimalUk(op.plannedMinutes, 0),
      moOperationStatusLabels[op.status],
      '',
      '',
      '',
    ]),
    doc.y,
  );

  doc.x = left;
  doc.y = y + 12;
  doc.font('bold').fontSize(11).text('Матеріали', left, doc.y);
  doc.moveDown(0.3);
  y = table(
    doc,
    [
      { header: '№', width: 5, align: 'center' },
      { header: 'Артикул', width: 16 },
      { header: 'Найменування', width: 37 },
      { header: 'На од.', width: 10, align: 'right' },
      { header: 'Потрібно', width: 11, align: 'right' },
      { header: 'Видано', width: 11, align: 'right' },
      { header: 'Од.', width: 6 },
    ],
    mo.materials.map((m) => [
      String(m.lineNo),
      m.sku,
      m.itemName,
      formatDecimalUk(m.perUnitQty, 0),
      q(m.requiredQty),
      q(m.issuedQty),
      m.unitShortName ?? '',
    ]),
    doc.y,
  );

  doc.x = left;
  doc.y = y + 24;
  for (const caption of ['Видав (майстер)', 'Прийняв (ВТК)']) {
    if (doc.y + 28 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const lineY = doc.y + 14;
    doc
      .font('regular')
      .fontSize(9)
      .text(caption, left, doc.y, { width: width * 0.4 });
    doc
      .moveTo(left + width * 0.42, lineY)
      .lineTo(left + width, lineY)
      .lineWidth(0.5)
      .stroke();
    doc.x = left;
    doc.y = lineY + 12;
  }
  return pdfBuffer(doc);
}

/**
 * Labels of the MO's product: one per serial (allocated or produced) for a serial-tracked item, else one per unit
 * of its quantity (at most the labels module's limit).
 */
export async function renderMoLabels(db: DbOrTx, mo: MoDetail, template: LabelTemplate): Promise<Buffer> {
  const serials = mo.serials.filter((s) => s.status !== 'void');
  if (mo.serialTracking && serials.length) {
    return renderLabelsPdf(db, {
      template,
      showPrice: false,
      serialIds: serials.slice(0, MAX_LABELS).map((s) => s.id),
    });
  }
  const copies = Math.max(1, Math.min(500, wholeUnits(mo.qty) || 1));
  return renderLabelsPdf(db, { template, showPrice: false, items: [{ itemId: mo.itemId, copies }] });
}
