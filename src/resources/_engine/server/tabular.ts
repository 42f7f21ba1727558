// CSV and XLSX in and out (reference-data.md §0): CSV is UTF-8 with BOM, ';' and a decimal comma; XLSX keeps
// numeric cells. Reading takes the first sheet and the header row.
import ExcelJS from 'exceljs';

export type Cell = string | number | null;

export interface Sheet {
  headers: string[];
  rows: Cell[][];
}

const csvEscape = (value: string) => (/[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function toCsv(headers: string[], rows: Cell[][], numericColumns: ReadonlySet<number>): Buffer {
  const lines = [headers.map(csvEscape).join(';')];
  for (const row of rows) {
    lines.push(
      row
        .map((cell, i) => {
          if (cell === null) return '';
          const text = String(cell);
          return csvEscape(numericColumns.has(i) ? text.replace('.', ',') : text);
        })
        .join(';'),
    );
  }
  return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8');
}

export async function toXlsx(title: string, headers: string[], rows: Cell[][], numericColumns: ReadonlySet<number>) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) {
    // Excel keeps numbers as numbers; the exact decimal string is converted only for the cell's display.
    sheet.addRow(row.map((cell, i) => (cell !== null && numericColumns.has(i) ? Number(cell) : cell)));
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
  const [head = [], ...rows] = parseCsv(body.toString('utf8'));
  return { headers: head.map((h) => h.trim()), rows };
}
