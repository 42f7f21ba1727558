// The print forms of a client order (sales.md §1.6): 'Рахунок на оплату' — supplier and buyer requisites, the
// logo, the lines, the VAT totals and the sum in words, a 'ЧЕРНЕТКА' watermark on a draft — and 'Відомість для
// відділів' (the lines grouped by department, no prices). Both are drawn with pdfkit (DejaVu Sans embedded).
import { asc, desc, eq } from 'drizzle-orm';
import { amountInWords } from '@/shared/amount-in-words.ts';
import { DomainError } from '@/shared/api-error.ts';
import { currencyUk, formatDecimalUk } from '@/shared/decimal-format.ts';
import { dec, fixed, isZero, mul, round, sub, div } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { createPdf, pdfBuffer, printDate, type Pdf } from '@/server/kernel/pdf/pdf.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { departmentsOfItems } from '@/modules/categories/server/index.ts';
import { companies, companyBankAccounts, companyLogos } from '@/resources/companies/companies.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { orderMessages, type Order } from '../orders.contract.ts';

export const invoiceTitle = 'Рахунок на оплату';
export const departmentsTitle = 'Відомість для відділів';
export const DRAFT_WATERMARK = 'ЧЕРНЕТКА';
/** The group of lines whose item's product category has no department (or that have no item). */
export const NO_DEPARTMENT = 'Без відділу';

const MONTHS = [
  'січня',
  'лютого',
  'березня',
  'квітня',
  'травня',
  'червня',
  'липня',
  'серпня',
  'вересня',
  'жовтня',
  'листопада',
  'грудня',
];

/** '10 листопада 2026 р.' — the long Ukrainian form of a business date. */
export function longDateUk(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y} р.`;
}

const money = (v: string) => formatDecimalUk(v, 2);
const qty = (v: string) => formatDecimalUk(v, 0);

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}
type Row = { cells: readonly string[] } | { group: string };

const FONT = 9;
const PAD = 3;

/** A bordered table that repeats its header on each new page; `group` rows span the whole width in bold. */
function drawTable(doc: Pdf, columns: readonly Column[], rows: readonly Row[]) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const weight = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / weight) * width);
  const heightOf = (cells: readonly string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(FONT);
    return (
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i]! - PAD * 2 })),
        doc.currentLineHeight(),
      ) +
      PAD * 2
    );
  };
  const drawCells = (cells: readonly string[], y: number, h: number, font: 'regular' | 'bold') => {
    let x = left;
    doc.font(font).fontSize(FONT).lineWidth(0.5);
    cells.forEach((cell, i) => {
      const w = widths[i]!;
      doc.rect(x, y, w, h).stroke();
      doc.text(cell, x + PAD, y + PAD, { width: w - PAD * 2, align: columns[i]!.align ?? 'left' });
      x += w;
    });
  };
  const headers = columns.map((c) => c.header);
  const headerHeight = heightOf(headers, 'bold');
  let y = doc.y;
  drawCells(headers, y, headerHeight, 'bold');
  y += headerHeight;
  for (const row of rows) {
    const h =
      'group' in row
        ? (doc.font('bold').fontSize(FONT), doc.heightOfString(row.group, { width: width - PAD * 2 }) + PAD * 2)
        : heightOf(row.cells, 'regular');
    if (y + h > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      drawCells(headers, y, headerHeight, 'bold');
      y += headerHeight;
    }
    if ('group' in row) {
      doc.lineWidth(0.5).rect(left, y, width, h).fillAndStroke('#eeeeee', '#000000');
      doc
        .fillColor('#000000')
        .font('bold')
        .fontSize(FONT)
        .text(row.group, left + PAD, y + PAD, {
          width: width - PAD * 2,
        });
    } else {
      drawCells(row.cells, y, h, 'regular');
    }
    y += h;
  }
  doc.x = left;
  doc.y = y + 8;
}

/** A big pale diagonal word behind the page's content. */
function watermark(doc: Pdf, text: string) {
  const cx = doc.page.width / 2;
  const cy = doc.page.height / 2;
  const [x, y] = [doc.x, doc.y];
  doc.save();
  doc.rotate(-35, { origin: [cx, cy] });
  doc.font('bold').fontSize(96).fillColor('#9ca3af').fillOpacity(0.25);
  doc.text(text, cx - 300, cy - 50, { width: 600, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillColor('#000000').fillOpacity(1);
  doc.x = x;
  doc.y = y;
}

/** Page numbers once every page exists. */
function pageNumbers(doc: Pdf) {
  const range = doc.bufferedPageRange();
  if (range.count < 2) return;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .text(`Сторінка ${i + 1} з ${range.count}`, doc.page.margins.left, doc.page.height - savedBottom + 10, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = savedBottom;
  }
}

async function companyOf(db: DbOrTx, companyId: number, currencyCode: string) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const accounts = await db
    .select({
      iban: companyBankAccounts.iban,
      bankName: companyBankAccounts.bankName,
      currencyCode: companyBankAccounts.currencyCode,
    })
    .from(companyBankAccounts)
    .where(eq(companyBankAccounts.companyId, companyId))
    .orderBy(desc(companyBankAccounts.isDefault), asc(companyBankAccounts.id));
  const account = accounts.find((a) => a.currencyCode === currencyCode) ?? accounts[0] ?? null;
  const [logo] = await db
    .select({ contentType: companyLogos.contentType, data: companyLogos.data })
    .from(companyLogos)
    .where(eq(companyLogos.companyId, companyId));
  return { company: company!, account, logo: logo ?? null };
}

/** 'Ціна з ПДВ' / 'Сума без ПДВ' for a VAT payer; a company outside VAT has no VAT to speak of. */
const priceHeader = (isVatPayer: boolean, includeVat: boolean, noun: 'Ціна' | 'Сума') =>
  isVatPayer ? `${noun} ${includeVat ? 'з ПДВ' : 'без ПДВ'}` : noun;

/** The figures of the invoice's lines and totals, in the order's currency. */
export function invoiceFigures(order: Order, isVatPayer: boolean) {
  const rows = order.lines.map((l, i) => {
    const discount = dec(l.discountPercent);
    const price = isZero(discount)
      ? dec(l.unitPrice)
      : round(div(mul(dec(l.unitPrice), sub(dec(100), discount)), dec(100), 8), 2);
    const sum = order.pricesIncludeVat ? l.lineGross : l.lineNet;
    return [
      String(i + 1),
      l.sku ? `${l.itemName} (${l.sku})` : l.itemName,
      // As ordered: the entered quantity in its unit, at the price per that unit.
      l.enteredUnitShortName ?? l.unitShortName ?? 'шт',
      qty(l.enteredQty),
      money(fixed(price, 6)),
      money(sum),
    ];
  });
  const totals: [string, string][] = isVatPayer
    ? [
        ['Разом без ПДВ', money(order.totalNet)],
        ['ПДВ', money(order.totalVat)],
        ['Всього з ПДВ', money(order.totalGross)],
      ]
    : [
        ['Разом', money(order.totalGross)],
        ['Без ПДВ', ''],
        ['Всього', money(order.totalGross)],
      ];
  const currencyWord = currencyUk(order.currencyCode);
  const inWords =
    order.currencyCode === 'UAH'
      ? amountInWords(order.totalGross, 'UAH')
      : `${money(order.totalGross)} ${order.currencyCode}`;
  const vatLine = isVatPayer ? `у т.ч. ПДВ: ${money(order.totalVat)} ${currencyWord}` : 'Без ПДВ';
  return { rows, totals, inWords, vatLine, currencyWord };
}

/** 'Рахунок на оплату' (sales.md §1.6). Refused for a cancelled order; a draft carries the watermark. */
export async function renderInvoice(db: DbOrTx, order: Order): Promise<Buffer> {
  if (order.status === 'cancelled') throw new DomainError(409, orderMessages.cancelledPrint);
  const { company, account, logo } = await companyOf(db, order.companyId, order.currencyCode);
  const [client] = await db
    .select({
      name: counterparties.name,
      fullName: counterparties.fullName,
      taxId: counterparties.taxId,
      legalForm: counterparties.legalForm,
      legalAddress: counterparties.legalAddress,
      phone: counterparties.phone,
    })
    .from(counterparties)
    .where(eq(counterparties.id, order.clientId));
  const [issuer] = order.managerUserId
    ? await db
        .select({ lastName: users.lastName, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, order.managerUserId))
    : [];
  const figures = invoiceFigures(order, company.isVatPayer);
  const title = `${invoiceTitle} № ${order.orderNumber} від ${longDateUk(order.orderDate)}`;

  const doc = createPdf({ title });
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  if (order.status === 'draft') watermark(doc, DRAFT_WATERMARK);

  // The supplier, with the logo at the left when there is one pdfkit can draw (PNG or JPEG).
  const top = doc.y;
  let textLeft = left;
  if (logo && (logo.contentType === 'image/png' || logo.contentType === 'image/jpeg')) {
    try {
      doc.image(logo.data, left, top, { fit: [110, 55] });
      textLeft = left + 120;
    } catch {
      textLeft = left; // an unreadable image prints no logo rather than no invoice
    }
  }
  const textWidth = width - (textLeft - left);
  const line = (label: string, value: string, first = false) => {
    doc
      .font('bold')
      .fontSize(9)
      .text(`${label}: `, textLeft, first ? top : doc.y, { width: textWidth, continued: true });
    doc.font('regular').text(value || '—');
  };
  const taxLabel = company.legalForm === 'ФОП' ? 'РНОКПП' : 'ЄДРПОУ';
  line('Постачальник', company.fullName, true);
  line(taxLabel, company.taxId);
  line('ПДВ', company.isVatPayer ? `платник ПДВ, ІПН ${company.vatNumber ?? '—'}` : 'не є платником ПДВ');
  line('Адреса', company.legalAddress);
  line('IBAN', account ? `${account.iban}${account.bankName ? `, ${account.bankName}` : ''}` : '—');
  if (company.phone) line('Телефон', company.phone);
  doc.y = Math.max(doc.y, top + 60);
  doc.moveDown(1);

  doc.font('bold').fontSize(13).text(title, left, doc.y, { width, align: 'center' });
  doc.moveDown(0.8);
  textLeft = left;
  const buyer = (label: string, value: string) => {
    doc.font('bold').fontSize(9).text(`${label}: `, left, doc.y, { width, continued: true });
    doc.font('regular').text(value || '—');
  };
  buyer('Покупець', client?.fullName ?? client?.name ?? '—');
  if (client?.taxId) buyer(client.legalForm === 'legal_entity' ? 'ЄДРПОУ' : 'РНОКПП', client.taxId);
  if (client?.legalAddress) buyer('Адреса', client.legalAddress);
  if (client?.phone) buyer('Телефон', client.phone);
  if (order.currencyCode !== 'UAH') buyer('Валюта', order.currencyCode);
  doc.moveDown(0.6);

  drawTable(
    doc,
    [
      { header: '№', width: 5, align: 'right' },
      { header: 'Назва', width: 45 },
      { header: 'Од.', width: 7, align: 'center' },
      { header: 'Кількість', width: 12, align: 'right' },
      // Whether a price includes VAT is said where it is read (the totals say it again below).
      { header: priceHeader(company.isVatPayer, order.pricesIncludeVat, 'Ціна'), width: 15, align: 'right' },
      { header: priceHeader(company.isVatPayer, order.pricesIncludeVat, 'Сума'), width: 16, align: 'right' },
    ],
    figures.rows.map((cells) => ({ cells })),
  );
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  for (const [label, value] of figures.totals) {
    if (doc.y + 14 > bottom()) doc.addPage();
    doc
      .font('bold')
      .fontSize(10)
      .text(value ? `${label}: ${value}` : label, left, doc.y, { width, align: 'right' });
  }
  doc.moveDown(0.8);
  if (doc.y + 80 > bottom()) doc.addPage();
  doc
    .font('regular')
    .fontSize(10)
    .text(
      `Всього найменувань ${order.lines.length}, на суму ${money(order.totalGross)} ${figures.currencyWord}`,
      left,
      doc.y,
      { width },
    );
  doc.font('bold').text(`Всього на суму: ${figures.inWords}`, left, doc.y, { width });
  doc.font('regular').text(figures.vatLine, left, doc.y, { width });
  doc.moveDown(0.6);
  doc.font('bold').text(`Рахунок дійсний до ${printDate(order.paymentDueDate)}`, left, doc.y, { width });
  if (order.clientNotes) {
    doc.moveDown(0.4);
    doc.font('regular').fontSize(9).text(`Примітка: ${order.clientNotes}`, left, doc.y, { width });
  }

  doc.moveDown(2);
  const issuerName = issuer ? `${issuer.lastName} ${issuer.firstName}`.trim() : '';
  const signatures: [string, string][] = [
    ['Виписав(ла)', issuerName],
    [company.directorPosition ?? 'Директор', company.directorName ?? ''],
  ];
  for (const [caption, name] of signatures) {
    if (doc.y + 28 > bottom()) doc.addPage();
    const lineY = doc.y + 12;
    doc
      .font('regular')
      .fontSize(9)
      .text(caption, left, doc.y, { width: width * 0.3 });
    doc
      .moveTo(left + width * 0.32, lineY)
      .lineTo(left + width * 0.62, lineY)
      .lineWidth(0.5)
      .stroke();
    doc.text(name, left + width * 0.64, lineY - 10, { width: width * 0.36 });
    doc.x = left;
    doc.y = lineY + 14;
  }
  pageNumbers(doc);
  return pdfBuffer(doc);
}

/**
 * 'Відомість для відділів': the lines grouped by the departments of the item's product category
 * (reference-data.md §2–3 — a line whose category has two departments is listed under both), then 'Без відділу' for
 * items with none; no prices.
 */
export async function renderDepartments(db: DbOrTx, order: Order): Promise<Buffer> {
  const itemIds = order.lines.map((l) => l.itemId).filter((v): v is number => v != null);
  const departmentsOf = await departmentsOfItems(db, itemIds);
  const groups = new Map<string, Order['lines']>();
  for (const l of order.lines) {
    const names = (l.itemId != null ? departmentsOf.get(l.itemId) : undefined) ?? [NO_DEPARTMENT];
    for (const name of names) groups.set(name, [...(groups.get(name) ?? []), l]);
  }
  const names = [...groups.keys()].filter((n) => n !== NO_DEPARTMENT).sort((a, b) => a.localeCompare(b, 'uk'));
  if (groups.has(NO_DEPARTMENT)) names.push(NO_DEPARTMENT);

  const doc = createPdf({ title: departmentsTitle });
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('bold').fontSize(14).text(departmentsTitle, left, doc.y, { width, align: 'center' });
  doc
    .font('regular')
    .fontSize(10)
    .text(`до замовлення № ${order.orderNumber} від ${printDate(order.orderDate)}`, { width, align: 'center' });
  doc.moveDown(0.8);
  const field = (label: string, value: string) => {
    doc.font('bold').fontSize(9).text(`${label}: `, left, doc.y, { continued: true });
    doc.font('regular').text(value || '—');
  };
  field('Клієнт', order.clientName);
  field('Склад відвантаження', order.warehouseName);
  field('Термін відвантаження', printDate(order.dueDate));
  if (order.productionApproved) field('Виробництво', 'дозволено');
  if (order.notes) field('Примітки', order.notes);
  doc.moveDown(0.6);
  const rows: Row[] = [];
  let n = 0;
  for (const name of names) {
    rows.push({ group: name });
    for (const l of groups.get(name)!) {
      n += 1;
      rows.push({
        cells: [
          String(n),
          l.itemName,
          l.sku ?? l.externalCode ?? '',
          l.unitShortName ?? '',
          qty(l.qty),
          qty(l.shippedQty),
          l.notes ?? '',
        ],
      });
    }
  }
  drawTable(
    doc,
    [
      { header: '№', width: 4, align: 'right' },
      { header: 'Назва', width: 29 },
      { header: 'Артикул', width: 13 },
      { header: 'Од.', width: 6, align: 'center' },
      { header: 'Кількість', width: 12, align: 'right' },
      { header: 'Відвантажено', width: 18, align: 'right' },
      { header: 'Примітка', width: 18 },
    ],
    rows,
  );
  doc.moveDown(1.5);
  doc.font('regular').fontSize(9).text('Відомість склав(ла): ______________________', left, doc.y);
  pageNumbers(doc);
  return pdfBuffer(doc);
}
