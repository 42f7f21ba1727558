// CSV and XLSX in and out (reference-data.md §0): CSV is UTF-8 with BOM, ';' and a decimal comma; XLSX keeps
// numeric cells. Reading takes the first sheet and the header row.
import type { FastifyReply } from 'fastify';

export type Cell = string | number | null;

/** ExcelJS, loaded on the first XLSX export or import instead of at every server start (≈ 0,12 s of it). */
export const loadExcelJs = async () => (await import('exceljs')).default;

export interface Sheet {
  headers: string[];
  rows: Cell[][];
}

export const csvEscape = (value: string) => (/[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

const NUMBER = /^-?\d+(?:\.\d+)?$/;
/** What a spreadsheet reads as the start of a formula (OWASP 'CSV injection'). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as a spreadsheet will show it, never run it: a client named `=HYPERLINK(...)` would otherwise become a
 * live formula when the export is opened (issue 19 §6). The leading apostrophe is how Excel and LibreOffice mark
 * text typed to look like a formula.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell of a numeric column is written as a number only when it is one; anything else is text like any other. */
export const isNumber = (cell: Cell, numeric: boolean) =>
  numeric && (typeof cell === 'number' || (typeof cell === 'string' && NUMBER.test(cell)));

/** One CSV line: ';' between cells, a decimal comma in numeric columns, formula-looking text neutralised. */
export function csvLine(row: readonly Cell[], numericColumns: ReadonlySet<number>): string {
  return row
    .map((cell, i) => {
      if (cell === null) return '';
      const text = String(cell);
      return csvEscape(isNumber(cell, numericColumns.has(i)) ? text.replace('.', ',') : neutralizeFormula(text));
    })
    .join(';');
}

export const csvHeader = (headers: readonly string[]) => headers.map((h) => csvEscape(neutralizeFormula(h))).join(';');

export function toCsv(headers: string[], rows: Cell[][], numericColumns: ReadonlySet<number>): Buffer {
  const lines = [csvHeader(headers), ...rows.map((row) => csvLine(row, numericColumns))];
  return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8');
}

export async function toXlsx(title: string, headers: string[], rows: Cell[][], numericColumns: ReadonlySet<number>) {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) {
    // Excel keeps numbers as numbers; the exact decimal string is converted only for the cell's display.
    const added = sheet.addRow(
      row.map((cell, i) =>
        cell === null ? null : isNumber(cell, numericColumns.has(i)) ? Number(cell) : String(cell),
      ),
    );
    // A text cell is never a formula in XLSX, but one that looks like a formula would become one when a user edits
    // it: the text format ('@') keeps it text, without the apostrophe a CSV needs.
    added.eachCell((cell) => {
      if (typeof cell.value === 'string' && FORMULA_START.test(cell.value)) cell.numFmt = '@';
    });
  }
  sheet.columns.forEach((col, i) => {
    col.width = Math.min(60, Math.max(10, (headers[i]?.length ?? 10) + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function parseCsv(text: string): string[][] {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < clean.length; i++) {
    const ch = clean[i]!;
    if (quoted) {
      if (ch === '"' && clean[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && clean[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function readSheet(body: Buffer, contentType: string): Promise<Sheet> {
  if (contentType.startsWith(XLSX_TYPE) || (body[0] === 0x50 && body[1] === 0x4b)) {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) return { headers: [], rows: [] };
    const all: Cell[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = (row.values as unknown[]).slice(1);
      all.push(
        values.map((v) => {
          if (v === null || v === undefined) return null;
          if (typeof v === 'number' || typeof v === 'string') return v;
          if (v instanceof Date) return v.toISOString().slice(0, 10);
          if (typeof v === 'object' && 'text' in v) return String((v as { text: unknown }).text);
          if (typeof v === 'object' && 'result' in v) return (v as { result: Cell }).result ?? null;
          return String(v);
        }),
      );
    });
    const [head = [], ...rows] = all;
    return { headers: head.map((h) => String(h ?? '').trim()), rows };
  }
  // An export's neutralised text ('=…, '+380…) comes back as it was typed.
  const [head = [], ...rows] = parseCsv(body.toString('utf8')).map((r) =>
    r.map((cell) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)),
  );
  return { headers: head.map((h) => h.trim()), rows };
}

/** The attachment header of a download: an ASCII file name and the Ukrainian title with the date (RFC 6266). */
export function downloadDisposition(
  title: string,
  ext: string,
  stem = 'export',
  stamp = new Date().toISOString().slice(0, 10),
): string {
  return `attachment; filename="${stem}-${stamp}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${title} ${stamp}.${ext}`)}`;
}

/** Sends a table as a CSV or XLSX download named by its title; numeric columns stay numbers in the sheet. */
export async function sendTable(
  reply: FastifyReply,
  table: {
    title: string;
    format: 'csv' | 'xlsx';
    headers: readonly string[];
    cells: Cell[][];
    numeric: ReadonlySet<number>;
    stem?: string;
    /** What tells this file from others of the title (ASCII): today's date unless given, e.g. a report's period. */
    stamp?: string;
  },
): Promise<FastifyReply> {
  const { title, format, cells, numeric, stem, stamp } = table;
  const headers = [...table.headers];
  if (format === 'csv') {
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', downloadDisposition(title, 'csv', stem, stamp))
      .send(toCsv(headers, cells, numeric));
  }
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', downloadDisposition(title, 'xlsx', stem, stamp))
    .send(await toXlsx(title, headers, cells, numeric));
}
