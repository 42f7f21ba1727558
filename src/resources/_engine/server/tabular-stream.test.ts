// The streamed download (issue 25): 30 000 rows in chunks of 1 000 come out as one CSV and one XLSX whose cells are
// the rows — numbers stay numbers, formula-looking text is neutralised — and the read stops at the short page.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheet, type Cell } from './tabular.ts';
import { keyedChunks, sendTableStream } from './tabular-stream.ts';

const TOTAL = 30_000;
let pagesAsked = 0;
const source = (after: number | null, size: number) => {
  pagesAsked += 1;
  const start = after ?? 0;
  const rows: Cell[][] = [];
  for (let i = start + 1; i <= Math.min(TOTAL, start + size); i++) {
    rows.push([i === 7 ? '=HYPERLINK("x")' : `Рядок ${i}`, `${i}.50`, i % 3 === 0 ? null : 'так']);
  }
  return Promise.resolve({ rows, last: rows.length ? start + rows.length : null });
};

const app = Fastify();
beforeAll(async () => {
  app.get('/t.:format', async (request, reply) =>
    sendTableStream(reply, {
      title: 'Реєстр продажів',
      format: (request.params as { format: 'csv' | 'xlsx' }).format,
      headers: ['Назва', 'Сума', 'Примітка'],
      numeric: new Set([1]),
      chunks: keyedChunks(1000, source),
    }),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('streamed table download', () => {
  it('writes every row of a chunked source as XLSX with numeric cells and neutralised formulas', async () => {
    pagesAsked = 0;
    const res = await app.inject({ method: 'GET', url: '/t.xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    expect(pagesAsked).toBe(31);
    const sheet = await readSheet(res.rawPayload, String(res.headers['content-type']));
    expect(sheet.headers).toEqual(['Назва', 'Сума', 'Примітка']);
    expect(sheet.rows).toHaveLength(TOTAL);
    expect(sheet.rows[0]).toEqual(['Рядок 1', 1.5, 'так']);
    expect(sheet.rows[6]![0]).toBe('=HYPERLINK("x")');
    // A row's empty last cell is not read back.
    expect(sheet.rows[TOTAL - 1]).toEqual([`Рядок ${TOTAL}`, TOTAL + 0.5]);
  });

  it('writes the same rows as CSV with a decimal comma', async () => {
    const res = await app.inject({ method: 'GET', url: '/t.csv' });
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(TOTAL + 1);
    expect(lines[1]).toBe('Рядок 1;1,50;так');
    expect(lines[7]).toBe('"\'=HYPERLINK(""x"")";7,50;так');
    expect(lines[3]).toBe('Рядок 3;3,50;');
  });
});
