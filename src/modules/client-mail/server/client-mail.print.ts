// Client mail print forms (sales.md §5): envelopes whose PDF page IS the envelope (DL, C6, C5, C4, landscape) laid
// out by the company's envelope template, the letter's text as an A4 letter, and the register as the post office's
// 'Список згрупованих поштових відправлень'.
import { inArray } from 'drizzle-orm';
import { add, dec, fixed } from '@/shared/decimal.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import {
  createPdf,
  mm,
  pdfBuffer,
  printDate,
  renderPrintForm,
  type Pdf,
  type PrintForm,
} from '@/server/kernel/pdf/pdf.ts';
import { companyLogos } from '@/resources/companies/companies.table.ts';
import {
  envelopeSizes,
  mailKindLabels,
  postalServiceLabels,
  registerStatusLabels,
  type EnvelopeBlockInput,
  type EnvelopeBlocks,
  type EnvelopeFormat,
  type Letter,
  type Register,
} from '../client-mail.contract.ts';
import { senderCompany, type SenderCompany } from './client-mail.read.ts';
import { envelopeLayout, senderLines } from './client-mail.templates.ts';

export const envelopesFileName = 'Конверти.pdf';
export const registerPrintTitle = 'Список згрупованих поштових відправлень';

/** What one envelope carries, where (the data the PDF is drawn from, and what tests read). */
export interface EnvelopePage {
  letterId: number;
  number: string;
  format: EnvelopeFormat;
  widthMm: number;
  heightMm: number;
  blocks: EnvelopeBlocks;
  sender: string[];
  recipientName: string;
  /** The address lines without the index. */
  recipientAddress: string[];
  /** The 5-digit postal index, printed on its own line. */
  postalIndex: string | null;
  advertisingText: string | null;
  logo: { data: Buffer; contentType: string } | null;
}

/** Splits the address snapshot into its lines and the trailing 5-digit index. */
export function splitAddress(address: string): { lines: string[]; postalIndex: string | null } {
  const lines = address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const last = lines.at(-1);
  if (last && /^\d{5}$/.test(last)) return { lines: lines.slice(0, -1), postalIndex: last };
  return { lines, postalIndex: null };
}

/** The envelopes of the letters, in their order: each in `format` when given, else in the letter's own format. */
export async function envelopePages(
  db: DbOrTx,
  letters: readonly Letter[],
  format?: EnvelopeFormat,
): Promise<EnvelopePage[]> {
  const companyIds = [...new Set(letters.map((l) => l.companyId))];
  const companiesById = new Map<number, SenderCompany>();
  for (const id of companyIds) companiesById.set(id, await senderCompany(db, id));
  const logos = companyIds.length
    ? await db.select().from(companyLogos).where(inArray(companyLogos.companyId, companyIds))
    : [];
  const layouts = new Map<string, Awaited<ReturnType<typeof envelopeLayout>>>();
  const pages: EnvelopePage[] = [];
  for (const letter of letters) {
    const pageFormat = format ?? letter.envelopeFormat;
    const key = `${letter.companyId}:${pageFormat}`;
    if (!layouts.has(key)) layouts.set(key, await envelopeLayout(db, letter.companyId, pageFormat));
    const layout = layouts.get(key)!;
    const logo = logos.find((l) => l.companyId === letter.companyId);
    const { lines, postalIndex } = splitAddress(letter.recipientAddress);
    pages.push({
      letterId: letter.id,
      number: letter.number,
      format: pageFormat,
      ...envelopeSizes[pageFormat],
      blocks: layout.blocks,
      sender: senderLines(companiesById.get(letter.companyId)!),
      recipientName: letter.recipientName,
      recipientAddress: lines,
      postalIndex,
      advertisingText: layout.advertisingText,
      // pdfkit draws PNG and JPEG; an SVG logo is left out of the envelope.
      logo:
        logo && (logo.contentType === 'image/png' || logo.contentType === 'image/jpeg')
          ? { data: logo.data, contentType: logo.contentType }
          : null,
    });
  }
  return pages;
}

interface TextPart {
  text: string;
  font: 'regular' | 'bold';
  size: number;
  gray?: boolean;
}

/** Writes the parts one under another inside the block, never past the envelope's bottom edge (no page breaks). */
function drawBlock(doc: Pdf, block: EnvelopeBlockInput, pageHeightMm: number, parts: readonly TextPart[]) {
  const x = mm(block.xMm);
  const width = mm(block.widthMm);
  const bottom = mm(pageHeightMm - 3);
  let y = mm(block.yMm);
  for (const part of parts) {
    doc.font(part.font).fontSize(part.size);
    const room = bottom - y;
    if (room < doc.currentLineHeight()) break;
    const height = Math.min(doc.heightOfString(part.text, { width }), room);
    doc.fillColor(part.gray ? '#555555' : '#000000');
    doc.text(part.text, x, y, { width, height: room, ellipsis: true });
    y += height + part.size * 0.2;
  }
  doc.fillColor('#000000');
}

function drawEnvelope(doc: Pdf, page: EnvelopePage) {
  doc.addPage({ size: [mm(page.widthMm), mm(page.heightMm)], margin: 0 });
  const { blocks } = page;
  if (blocks.logo.visible && page.logo) {
    try {
      doc.image(page.logo.data, mm(blocks.logo.xMm), mm(blocks.logo.yMm), {
        fit: [mm(blocks.logo.widthMm), mm(Math.min(blocks.logo.widthMm * 0.6, page.heightMm / 3))],
      });
    } catch {
      // A logo pdfkit cannot read does not stop the envelopes.
    }
  }
  if (blocks.sender.visible) {
    const size = blocks.sender.fontSize;
    const [name = '', ...rest] = page.sender;
    drawBlock(doc, blocks.sender, page.heightMm, [
      { text: 'Від кого:', font: 'regular', size: Math.max(5, size * 0.75), gray: true },
      { text: name, font: 'bold', size },
      ...rest.map((text) => ({ text, font: 'regular' as const, size })),
    ]);
  }
  if (blocks.recipient.visible) {
    const size = blocks.recipient.fontSize;
    drawBlock(doc, blocks.recipient, page.heightMm, [
      { text: 'Кому:', font: 'regular', size: Math.max(5, size * 0.7), gray: true },
      { text: page.recipientName, font: 'bold', size },
      ...page.recipientAddress.map((text) => ({ text, font: 'regular' as const, size })),
      ...(page.postalIndex ? [{ text: page.postalIndex, font: 'bold' as const, size: size * 1.3 }] : []),
    ]);
  }
  if (blocks.advertising.visible && page.advertisingText) {
    drawBlock(doc, blocks.advertising, page.heightMm, [
      { text: page.advertisingText, font: 'regular', size: blocks.advertising.fontSize, gray: true },
    ]);
  }
}

/** The letter's text on A4: our letterhead, the date, the recipient, the subject, the text, the signature. */
function drawLetter(doc: Pdf, letter: Letter, company: SenderCompany) {
  const margin = mm(20);
  doc.addPage({ size: 'A4', margin });
  const width = doc.page.width - margin * 2;
  doc
    .font('bold')
    .fontSize(12)
    .text(company.fullName || company.name, margin, margin, { width });
  doc.font('regular').fontSize(9).text(senderLines(company).slice(1).join(' · '), { width });
  const contacts = [company.email, company.website].filter(Boolean).join(' · ');
  if (contacts) doc.text(contacts, { width });
  const lineY = doc.y + 6;
  doc
    .moveTo(margin, lineY)
    .lineTo(margin + width, lineY)
    .lineWidth(0.5)
    .stroke();
  doc.y = lineY + 14;
  const top = doc.y;
  doc.fontSize(10).text(`№ ${letter.number}`, margin, top, { width: width * 0.45 });
  doc.text(`від ${printDate(kyivToday())}`, { width: width * 0.45 });
  const recipientX = margin + width * 0.55;
  doc.font('bold').text(letter.recipientName, recipientX, top, { width: width * 0.45 });
  doc.font('regular').text(letter.recipientAddress.replace(/\r?\n/g, ', '), { width: width * 0.45 });
  doc.x = margin;
  doc.y = Math.max(doc.y, top + 40) + 20;
  if (letter.subject) {
    doc.font('bold').fontSize(11).text(letter.subject, margin, doc.y, { width, align: 'center' });
    doc.moveDown(1);
  }
  doc
    .font('regular')
    .fontSize(11)
    .text(letter.body ?? '', margin, doc.y, { width, align: 'justify', lineGap: 2 });
  doc.moveDown(3);
  if (company.directorName) {
    const y = doc.y;
    doc.text(company.directorPosition ?? 'Директор', margin, y, { width: width * 0.5 });
    doc.text(company.directorName, margin + width * 0.5, y, { width: width * 0.5, align: 'right' });
  }
}

/** The envelopes as one PDF, each page the envelope's size; a letter's A4 page follows its envelope when asked. */
export async function renderEnvelopes(
  db: DbOrTx,
  letters: readonly Letter[],
  options: { format?: EnvelopeFormat; withLetters?: boolean } = {},
): Promise<Buffer> {
  const pages = await envelopePages(db, letters, options.format);
  const doc = createPdf({ title: 'Конверти', margin: 0 });
  const companies = new Map<number, SenderCompany>();
  for (const [i, page] of pages.entries()) {
    drawEnvelope(doc, page);
    const letter = letters[i]!;
    if (options.withLetters && letter.body) {
      if (!companies.has(letter.companyId)) companies.set(letter.companyId, await senderCompany(db, letter.companyId));
      drawLetter(doc, letter, companies.get(letter.companyId)!);
    }
  }
  return pdfBuffer(doc);
}

/** `GET /api/client-mail/:id/print/letter`: the letter's text alone, on A4. */
export async function renderLetter(db: DbOrTx, letter: Letter): Promise<Buffer> {
  const doc = createPdf({ title: `Лист ${letter.number}` });
  drawLetter(doc, letter, await senderCompany(db, letter.companyId));
  return pdfBuffer(doc);
}

const money = (v: string | null) => (v === null ? '—' : formatDecimalUk(v, 2));

/** The register as the post office's list of grouped mailings: one row per letter, then the totals. */
export function registerPrintForm(register: Register, company: SenderCompany | null): PrintForm {
  const rows = register.items.map((l, i) => [
    String(i + 1),
    l.recipientName,
    l.recipientAddress.replace(/\r?\n/g, ', '),
    mailKindLabels[l.kind],
    l.trackingNumber ?? '',
    money(l.declaredValue),
    money(l.postageCost),
  ]);
  const sum = (pick: (l: Letter) => string | null) =>
    fixed(
      register.items.reduce((s, l) => add(s, dec(pick(l) ?? '0')), dec(0)),
      2,
    );
  const fields: Array<readonly [string, string]> = [];
  if (company) {
    fields.push(['Відправник', company.fullName || company.name]);
    fields.push([
      'Адреса відправника',
      (company.postalAddress?.trim() || company.legalAddress).replace(/\r?\n/g, ', '),
    ]);
  }
  fields.push(['Поштова служба', postalServiceLabels[register.postalService]]);
  fields.push(
    register.sentAt
      ? ['Відправлено', printDate(kyivToday(new Date(register.sentAt)))]
      : ['Статус', registerStatusLabels[register.status]],
  );
  if (register.notes) fields.push(['Примітки', register.notes]);
  return {
    title: registerPrintTitle,
    subtitle: `Реєстр № ${register.number} від ${printDate(register.registerDate)}`,
    fields,
    columns: [
      { header: '№', width: 0.5, align: 'center' },
      { header: 'Одержувач', width: 3 },
      { header: 'Адреса', width: 4 },
      { header: 'Вид відправлення', width: 1.8 },
      { header: 'Трек-номер', width: 1.8 },
      { header: 'Оголошена цінність, грн', width: 1.7, align: 'right' },
      { header: 'Плата за пересилання, грн', width: 2, align: 'right' },
    ],
    rows,
    totals: [
      ['Усього відправлень', String(register.items.length)],
      [
        'Оголошена цінність, грн',
        formatDecimalUk(
          sum((l) => l.declaredValue),
          2,
        ),
      ],
      [
        'Плата за пересилання, грн',
        formatDecimalUk(
          sum((l) => l.postageCost),
          2,
        ),
      ],
    ],
    signatures: ['Здав (відправник)', 'Прийняв (працівник поштового зв’язку)'],
    landscape: true,
  };
}

export async function renderRegister(db: DbOrTx, register: Register): Promise<Buffer> {
  const company = register.companyId ? await senderCompany(db, register.companyId) : null;
  return renderPrintForm(registerPrintForm(register, company));
}
