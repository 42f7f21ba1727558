// A table download that streams (issue 25: a year's export in constant memory): the rows come in chunks from an
// async source (a report reads them page by page, by a key), and each chunk is written to the reply as it comes —
// CSV as lines, XLSX through ExcelJS's streaming writer, whose rows are committed and let go. The cells follow the
// same rules as `sendTable` (numeric columns numbers, formula-looking text neutralised).
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import {
  csvHeader,
  csvLine,
  downloadDisposition,
  FORMULA_START,
  isNumber,
  loadExcelJs,
  XLSX_TYPE,
  type Cell,
} from './tabular.ts';

export interface StreamedTable {
  title: string;
  format: 'csv' | 'xlsx';
  headers: readonly string[];
  numeric: ReadonlySet<number>;
  /** The rows, a chunk at a time (e.g. 5 000 read by a key): the whole table is never in memory. */
  chunks: AsyncIterable<Cell[][]>;
  stem?: string;
  stamp?: string;
}

async function writeCsv(out: PassThrough, table: StreamedTable) {
  out.write('\uFEFF' + csvHeader(table.headers) + '\r\n');
  for await (const chunk of table.chunks) {
    const text = chunk.map((row) => csvLine(row, table.numeric)).join('\r\n');
    if (text && !out.write(text + '\r\n')) await new Promise((resolve) => out.once('drain', resolve));
  }
  out.end();
}

async function writeXlsx(out: PassThrough, table: StreamedTable) {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(table.title.slice(0, 31));
  sheet.columns = table.headers.map((h) => ({ width: Math.min(60, Math.max(10, h.length + 2)) }));
  const head = sheet.addRow([...table.headers]);
  head.font = { bold: true };
  head.commit();
  for await (const chunk of table.chunks) {
    for (const row of chunk) {
      const added = sheet.addRow(
        row.map((cell, i) =>
          cell === null ? null : isNumber(cell, table.numeric.has(i)) ? Number(cell) : String(cell),
        ),
      );
      added.eachCell((cell) => {
        if (typeof cell.value === 'string' && FORMULA_START.test(cell.value)) cell.numFmt = '@';
      });
      added.commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}

/** Sends the table as a streamed CSV or XLSX download; a failure mid-way ends the download (it cannot turn into JSON). */
export function sendTableStream(reply: FastifyReply, table: StreamedTable): FastifyReply {
  const out = new PassThrough();
  const write = table.format === 'csv' ? writeCsv(out, table) : writeXlsx(out, table);
  write.catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return reply
    .type(table.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
    .header('content-disposition', downloadDisposition(table.title, table.format, table.stem, table.stamp))
    .send(out);
}

/**
 * The chunks of a keyed read: `page(after)` answers up to `size` rows after the key (null: from the start) and the
 * key of its last row; it is called until a page comes back short. Keyset, so a deep chunk costs what the first does.
 */
export async function* keyedChunks<K>(
  size: number,
  page: (after: K | null, size: number) => Promise<{ rows: Cell[][]; last: K | null }>,
): AsyncIterable<Cell[][]> {
  let after: K | null = null;
  for (;;) {
    const { rows, last } = await page(after, size);
    if (rows.length) yield rows;
    if (rows.length < size || last === null) return;
    after = last;
  }
}
