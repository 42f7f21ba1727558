// Issue 19 §6: no export hands a spreadsheet a live formula. Every text column of the demo company that holds a name,
// a code or a comment is rewritten to start like a formula (`=HYPERLINK(…)`, `+…`, `@…`), then every export endpoint
// of the app is read as CSV and as XLSX: no CSV cell may start like a formula unless it is a number, and no XLSX cell
// may be a formula or a formula-looking text without the text format.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from '@/resources/_engine/server/tabular.ts';
import type { FuzzFixture } from '../fuzz/fixture.ts';

/** Registered by security.test.ts on its one demo-data fixture. */
export function exportsSuite(fixture: () => FuzzFixture) {
  let f: FuzzFixture;
  beforeAll(async () => {
    f = fixture();
    const columns = (await f.t.db.execute(sql`
      select c.table_name as t, c.column_name as c from information_schema.columns c
      join information_schema.tables x on x.table_name = c.table_name and x.table_schema = c.table_schema
      where c.table_schema = 'public' and x.table_type = 'BASE TABLE' and c.data_type = 'text'
        and c.column_name in ('name', 'first_name', 'last_name', 'short_name', 'sku', 'code', 'comment', 'note',
                              'notes', 'description', 'purpose', 'counterparty_name', 'phone')`)) as unknown as {
      rows: Array<{ t: string; c: string }>;
    };
    const prefixes = ['=HYPERLINK("http://evil.example","', '+', '@', '-'];
    let i = 0;
    for (const { t, c } of columns.rows) {
      const prefix = prefixes[i++ % prefixes.length]!;
      await f.t.db.execute(
        sql`update ${sql.identifier(t)} set ${sql.identifier(c)} = ${prefix} || ${sql.identifier(c)} where ${sql.identifier(c)} <> ''`,
      );
    }
    expect(columns.rows.length).toBeGreaterThan(10);
  }, 180_000);

  const FORMULA_START = /^[=+\-@\t\r]/;
  const NUMBER = /^-?\d[\d\s]*(?:,\d+)?$/;

  describe('exports (issue 19 §6)', () => {
    it('writes no live formula in any CSV or XLSX export', async () => {
      const exports = [
        ...new Set(f.t.app.endpoints.filter((e) => e.method === 'GET' && /\/export$/.test(e.url)).map((e) => e.url)),
      ];
      expect(exports.length).toBeGreaterThan(15);
      const wrong: string[] = [];
      let hostileCells = 0;
      for (const url of exports) {
        const csv = await f.t.app.inject({
          method: 'GET',
          url: `${url}?format=csv`,
          headers: { cookie: f.admin.cookie },
        });
        expect(csv.statusCode, `${url} csv: ${csv.body.slice(0, 200)}`).toBe(200);
        expect(csv.headers['content-type']).toMatch(/text\/csv/);
        const sheet = await readSheet(Buffer.from(csv.rawPayload), 'text/csv');
        // readSheet gives back the typed text; the raw cells are what a spreadsheet opens.
        const raw = csv.rawPayload.toString('utf8').replace(/^\uFEFF/, '');
        for (const line of raw.split('\r\n')) {
          for (const cell of line.split(';')) {
            const text = cell.replace(/^"/, '');
            if (FORMULA_START.test(text) && !NUMBER.test(text)) wrong.push(`${url} csv: ${text.slice(0, 60)}`);
            if (text.startsWith("'")) hostileCells += 1;
          }
        }
        expect(sheet.headers.length, url).toBeGreaterThan(0);

        const xlsx = await f.t.app.inject({
          method: 'GET',
          url: `${url}?format=xlsx`,
          headers: { cookie: f.admin.cookie },
        });
        expect(xlsx.statusCode, `${url} xlsx`).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
        workbook.worksheets[0]!.eachRow((row) =>
          row.eachCell((cell) => {
            if (cell.type === ExcelJS.ValueType.Formula) wrong.push(`${url} xlsx: formula ${String(cell.value)}`);
            if (typeof cell.value === 'string' && FORMULA_START.test(cell.value) && cell.numFmt !== '@')
              wrong.push(`${url} xlsx: ${cell.value.slice(0, 60)} without the text format`);
          }),
        );
      }
      expect(wrong).toEqual([]);
      // The demo data was rewritten to be hostile, so the exports must have met (and neutralised) such cells.
      expect(hostileCells).toBeGreaterThan(50);
    }, 120_000);
  });
}
