// Drawing labels (warehouse.md §10): one page per label at the label's exact size, or 70×37 mm labels 3×8 on A4.
// The barcode is vector rectangles from the shared encoder, so it scans at any printer resolution.
import { barRects, type BarcodeSymbol } from '@/shared/barcode.ts';
import { createPdf, mm, pdfBuffer, type Pdf } from '@/server/kernel/pdf/pdf.ts';
import { labelSizes, type LabelTemplate } from '../labels.contract.ts';

export interface LabelContent {
  name: string;
  sku: string;
  /** Formatted for print ('1 250,00 грн'), or null to leave it out. */
  price: string | null;
  barcode: BarcodeSymbol | null;
  company: string | null;
}

interface Style {
  /** Padding inside the label, mm. */
  pad: number;
  company: number;
  name: number;
  sku: number;
  price: number;
  barText: number;
  /** The tallest the bars may be, mm. */
  maxBars: number;
}

const STYLES: Record<LabelTemplate, Style> = {
  '58x40': { pad: 2, company: 6, name: 8, sku: 7, price: 10, barText: 7, maxBars: 16 },
  '40x25': { pad: 1.2, company: 4.5, name: 6, sku: 5, price: 7, barText: 5, maxBars: 9 },
  '100x150': { pad: 5, company: 12, name: 18, sku: 14, price: 24, barText: 12, maxBars: 40 },
  'a4-3x8': { pad: 2.5, company: 6, name: 8, sku: 7, price: 10, barText: 7, maxBars: 14 },
};

const A4 = { width: 210, height: 297, columns: 3, rows: 8 };
const LINE = 1.15;

/** One line of text cut with an ellipsis to the width (pdfkit's own ellipsis needs a height, so this is explicit). */
function fitLine(doc: Pdf, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(text.slice(0, mid).trimEnd() + '…') <= width) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo).trimEnd() + '…';
}

/** The name in at most `maxLines` lines, word-wrapped, the last one ellipsised when the name is longer. */
export function wrapName(doc: Pdf, name: string, width: number, maxLines = 2): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of name.trim().split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (doc.widthOfString(candidate) <= width) current = candidate;
    else {
      if (current) lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines.map((line) => fitLine(doc, line, width));
  const kept = lines.slice(0, maxLines - 1).map((line) => fitLine(doc, line, width));
  const rest = lines.slice(maxLines - 1).join(' ');
  return [...kept, fitLine(doc, rest, width)];
}

function drawBarcode(doc: Pdf, symbol: BarcodeSymbol, x: number, y: number, width: number, barHeight: number) {
  const totalModules = symbol.modules + symbol.quietLeft + symbol.quietRight;
  const module = width / totalModules;
  const left = x + symbol.quietLeft * module;
  for (const [start, w] of barRects(symbol)) doc.rect(left + start * module, y, w * module, barHeight);
  doc.fill('black');
}

function drawLabel(doc: Pdf, label: LabelContent, x0: number, y0: number, w: number, h: number, style: Style) {
  const pad = mm(style.pad);
  const x = x0 + pad;
  const width = w - pad * 2;
  const bottom = y0 + h - pad;
  let y = y0 + pad;
  doc.fillColor('black');

  if (label.company) {
    doc.font('regular').fontSize(style.company);
    doc.text(fitLine(doc, label.company, width), x, y, { width, lineBreak: false });
    y += style.company * LINE;
  }

  doc.font('bold').fontSize(style.name);
  for (const line of wrapName(doc, label.name, width)) {
    doc.text(line, x, y, { width, lineBreak: false });
    y += style.name * LINE;
  }

  const rowHeight = Math.max(style.sku, label.price ? style.price : 0) * LINE;
  let priceWidth = 0;
  if (label.price) {
    doc.font('bold').fontSize(style.price);
    // A price wider than 60 % of the label is drawn smaller rather than cut.
    const natural = doc.widthOfString(label.price);
    if (natural > width * 0.6) doc.fontSize((style.price * width * 0.6) / natural);
    priceWidth = doc.widthOfString(label.price);
    // No `width` here: pdfkit wraps a line given exactly its own width.
    doc.text(label.price, x + width - priceWidth, y, { lineBreak: false });
  }
  doc.font('regular').fontSize(style.sku);
  const skuWidth = width - priceWidth - (priceWidth ? mm(1) : 0);
  doc.text(fitLine(doc, label.sku, skuWidth), x, y + (rowHeight - style.sku * LINE), {
    width: skuWidth,
    lineBreak: false,
  });
  y += rowHeight + mm(0.8);

  if (!label.barcode) return;
  const textHeight = style.barText * LINE;
  const available = bottom - y - textHeight;
  const barHeight = Math.min(available, mm(style.maxBars));
  if (barHeight <= mm(3)) return; // no room: better no barcode than an unreadable one
  const top = y + (available - barHeight) / 2;
  drawBarcode(doc, label.barcode, x, top, width, barHeight);
  doc.font('regular').fontSize(style.barText);
  doc.text(fitLine(doc, label.barcode.text, width), x, top + barHeight + 0.5, {
    width,
    align: 'center',
    lineBreak: false,
  });
}

/** The labels as one PDF: a page of the label's size per label, or A4 sheets of 3×8 for 'a4-3x8'. */
export async function renderLabels(template: LabelTemplate, labels: readonly LabelContent[]): Promise<Buffer> {
  const size = labelSizes[template];
  const style = STYLES[template];
  const w = mm(size.width);
  const h = mm(size.height);
  if (template === 'a4-3x8') {
    const doc = createPdf({ size: 'A4', margin: 0, title: 'Етикетки' });
    const perPage = A4.columns * A4.rows;
    const left = mm((A4.width - size.width * A4.columns) / 2);
    const top = mm((A4.height - size.height * A4.rows) / 2);
    labels.forEach((label, index) => {
      const slot = index % perPage;
      if (slot === 0) doc.addPage();
      const col = slot % A4.columns;
      const row = Math.floor(slot / A4.columns);
      drawLabel(doc, label, left + col * w, top + row * h, w, h, style);
    });
    return pdfBuffer(doc);
  }
  const doc = createPdf({ size: [w, h], margin: 0, title: 'Етикетки' });
  for (const label of labels) {
    doc.addPage();
    drawLabel(doc, label, 0, 0, w, h, style);
  }
  return pdfBuffer(doc);
}
