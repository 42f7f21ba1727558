// PDF documents on the server (print forms, labels): pdfkit with DejaVu Sans embedded (subset) so Cyrillic prints
// everywhere, and one renderer for the tabular print forms every document module offers ('Інвентаризаційний опис',
// 'Накладна на переміщення', 'Замовлення постачальнику', …).
import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

export type Pdf = PDFKit.PDFDocument;

/** Millimetres to PDF points. */
export const mm = (value: number) => (value * 72) / 25.4;

export interface PdfOptions {
  /** 'A4' or [width, height] in points. */
  size?: 'A4' | [number, number];
  landscape?: boolean;
  /** Page margin in points (36 = 12.7 mm). */
  margin?: number;
  title?: string;
}

/** A new document with the fonts 'regular' and 'bold' registered and 'regular' selected. Pages are added by you. */
export function createPdf(options: PdfOptions = {}): Pdf {
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    layout: options.landscape ? 'landscape' : 'portrait',
    margin: options.margin ?? 36,
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: options.title ?? '', Producer: 'Система управління виробництвом', Creator: 'ERP' },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.font('regular');
  return doc;
}

/** Ends the document and collects it. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Answers a PDF inline (the browser shows it; its own button prints or saves) under a Ukrainian file name. */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  const ascii = fileName.replace(/[^\w.-]+/g, '_');
  return reply
    .type('application/pdf')
    .header('cache-control', 'no-store')
    .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(pdf);
}

export interface PrintColumn {
  header: string;
  /** A relative width; the columns share the printable width in these proportions. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface PrintForm {
  title: string;
  /** Lines under the title: '№ AUD-2026-00001 від 22.11.2026'. */
  subtitle?: string;
  /** Label–value pairs printed above the table (company, warehouse, supplier, …). */
  fields?: ReadonlyArray<readonly [string, string]>;
  columns: readonly PrintColumn[];
  rows: ReadonlyArray<readonly string[]>;
  /** Label–value pairs printed right-aligned under the table. */
  totals?: ReadonlyArray<readonly [string, string]>;
  /** Signature captions: each gets a line to sign on. */
  signatures?: readonly string[];
  landscape?: boolean;
}

const FONT_SIZE = 9;
const CELL_PAD = 3;

/** Renders a tabular print form: a header, a bordered table that repeats its header on each page, totals, signatures. */
export async function renderPrintForm(form: PrintForm): Promise<Buffer> {
  const doc = createPdf({ landscape: form.landscape, title: form.title });
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.font('bold').fontSize(14).text(form.title, left, doc.y, { width, align: 'center' });
  if (form.subtitle) doc.font('regular').fontSize(10).text(form.subtitle, { width, align: 'center' });
  doc.moveDown(0.8);
  for (const [label, value] of form.fields ?? []) {
    doc.font('bold').fontSize(FONT_SIZE).text(`${label}: `, left, doc.y, { continued: true });
    doc.font('regular').text(value || '—');
  }
  doc.moveDown(0.6);

  const totalWeight = form.columns.reduce((s, c) => s + c.width, 0);
  const widths = form.columns.map((c) => (c.width / totalWeight) * width);
  const rowHeight = (cells: readonly string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(FONT_SIZE);
    return (
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i]! - CELL_PAD * 2 })),
        doc.currentLineHeight(),
      ) +
      CELL_PAD * 2
    );
  };
  const drawRow = (cells: readonly string[], y: number, height: number, font: 'regular' | 'bold') => {
    let x = left;
    doc.font(font).fontSize(FONT_SIZE).lineWidth(0.5);
    cells.forEach((cell, i) => {
      const w = widths[i]!;
      doc.rect(x, y, w, height).stroke();
      doc.text(cell, x + CELL_PAD, y + CELL_PAD, {
        width: w - CELL_PAD * 2,
        align: form.columns[i]!.align ?? 'left',
      });
      x += w;
    });
  };
  const headers = form.columns.map((c) => c.header);
  const headerHeight = rowHeight(headers, 'bold');
  let y = doc.y;
  drawRow(headers, y, headerHeight, 'bold');
  y += headerHeight;
  for (const row of form.rows) {
    const h = rowHeight(row, 'regular');
    if (y + h > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      drawRow(headers, y, headerHeight, 'bold');
      y += headerHeight;
    }
    drawRow(row, y, h, 'regular');
    y += h;
  }
  doc.x = left;
  doc.y = y + 8;
  for (const [label, value] of form.totals ?? []) {
    if (doc.y + 14 > bottom()) doc.addPage();
    doc.font('bold').fontSize(10).text(`${label}: ${value}`, left, doc.y, { width, align: 'right' });
  }
  if (form.signatures?.length) {
    doc.moveDown(1.5);
    for (const caption of form.signatures) {
      if (doc.y + 28 > bottom()) doc.addPage();
      const lineY = doc.y + 14;
      doc
        .font('regular')
        .fontSize(FONT_SIZE)
        .text(caption, left, doc.y, { width: width * 0.4 });
      doc
        .moveTo(left + width * 0.42, lineY)
        .lineTo(left + width, lineY)
        .lineWidth(0.5)
        .stroke();
      doc.x = left;
      doc.y = lineY + 12;
    }
  }
  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  if (range.count > 1) {
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const savedBottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('regular')
        .fontSize(8)
        .text(`Сторінка ${i + 1} з ${range.count}`, left, doc.page.height - savedBottom + 10, {
          width,
          align: 'right',
          lineBreak: false,
        });
      doc.page.margins.bottom = savedBottom;
    }
  }
  return pdfBuffer(doc);
}

/** dd.mm.yyyy of an ISO date (YYYY-MM-DD…), as the print forms show dates. */
export function printDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}
