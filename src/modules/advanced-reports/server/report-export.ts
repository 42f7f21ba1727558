// A report as a download (reports-admin.md §3): CSV and XLSX through the toolkit's streamed table download (numeric
// cells for quantities, money and percents, Ukrainian headers, dates дд.мм.рррр; written as it is read), and PDF through the print-form renderer with
// the company's requisites above the table, page numbers, and landscape pages for a wide report. Rows are read in
// chunks (readAllRows), never by one statement for the whole register.
import type { FastifyReply } from 'fastify';
import { asc, desc, eq } from 'drizzle-orm';
import type { Cell } from '@/resources/_engine/server/tabular.ts';
import { sendTableStream } from '@/resources/_engine/server/tabular-stream.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { printDate, renderPrintForm, sendPdf, type PrintColumn } from '@/server/kernel/pdf/pdf.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { ColumnKind, ReportMeta, ReportQuery } from '../advanced-reports.catalogue.ts';
import { advancedReportsMessages as m } from '../advanced-reports.messages.ts';
import { readAllRows, type ReportDefinition, type Row } from './report-kit.ts';

const NUMERIC: ReadonlySet<ColumnKind> = new Set(['qty', 'money', 'percent']);

/** A cell for a spreadsheet: numbers stay exact decimal strings (the writer makes them numbers), dates дд.мм.рррр. */
const sheetCell = (kind: ColumnKind, v: string | null): Cell =>
  v === null ? null : kind === 'date' ? printDate(v) : v;

/** A cell as printed: a decimal comma, money with 2 decimals. */
export function printCell(kind: ColumnKind, v: string | null): string {
  if (v === null) return '';
  if (kind === 'date') return printDate(v);
  if (kind === 'money' || kind === 'percent') return formatDecimalUk(v, 2);
  if (kind === 'qty') return formatDecimalUk(v, 0);
  return v;
}

/** The parameters as printed under the title: 'Період: 01.11.2026 – 28.11.2026', 'На дату: 28.11.2026'. */
function paramsLine(meta: ReportMeta, q: ReportQuery): string {
  const parts: string[] = [];
  for (const f of meta.params) {
    if (f.kind === 'period') parts.push(`${f.label}: ${printDate(String(q.from))} – ${printDate(String(q.to))}`);
    else if (f.kind === 'date') parts.push(`${f.label}: ${printDate(String(q[f.name]))}`);
    else if (f.kind === 'choice' && q[f.name]) {
      parts.push(`${f.label}: ${f.options?.find((o) => o.value === q[f.name])?.label ?? String(q[f.name])}`);
    }
  }
  return parts.join(' · ');
}

/** The company whose requisites head the print: the one filtered on, else the default, else the first. */
async function companyOf(db: DbOrTx, companyId: number | undefined) {
  const base = db.select().from(companies);
  const [row] = companyId
    ? await base.where(eq(companies.id, companyId))
    : await base.orderBy(desc(companies.isDefault), asc(companies.id)).limit(1);
  return row ?? null;
}

export async function sendReport(reply: FastifyReply, db: DbOrTx, def: ReportDefinition, q: ReportQuery) {
  const { meta } = def;
  const stamp = typeof q.from === 'string' ? `${q.from}_${q.to}` : String(q.asOf ?? kyivToday());
  const headers = meta.columns.map((c) => c.header);
  const numeric = new Set(meta.columns.flatMap((c, i) => (NUMERIC.has(c.kind) ? [i] : [])));
  const cellsOf = (rows: Row[]) => rows.map((r) => meta.columns.map((c) => sheetCell(c.kind, r[c.key] ?? null)));
  if (q.format === 'xlsx' || q.format === 'csv') {
    // Written while read: the rows of a long register go out chunk by chunk (the toolkit's streamed download).
    async function* chunks() {
      for await (const rows of readAllRows(def, db, q)) yield cellsOf(rows);
    }
    return sendTableStream(reply, {
      title: meta.title,
      format: q.format,
      headers,
      chunks: chunks(),
      numeric,
      stem: meta.key,
      stamp,
    });
  }
  const rows: Row[] = [];
  for await (const chunk of readAllRows(def, db, q)) rows.push(...chunk);
  const company = await companyOf(db, typeof q.companyId === 'number' ? q.companyId : undefined);
  const columns: PrintColumn[] = meta.columns.map((c) => ({
    header: c.header,
    width: NUMERIC.has(c.kind) || c.kind === 'date' ? 9 : c.key === 'item' || c.key === 'client' ? 20 : 12,
    align: NUMERIC.has(c.kind) ? 'right' : 'left',
  }));
  const pdf = await renderPrintForm({
    title: meta.title,
    subtitle: paramsLine(meta, q),
    fields: [
      [m.company, company?.fullName ?? '—'],
      [m.taxId, company?.taxId ?? '—'],
      [m.address, company?.legalAddress ?? '—'],
      [m.generated, printDate(kyivToday())],
    ],
    columns,
    rows: rows.map((r) => meta.columns.map((c) => printCell(c.kind, r[c.key] ?? null))),
    totals: [[m.rows, String(rows.length)]],
    landscape: meta.landscape,
  });
  return sendPdf(reply, `${meta.title} ${stamp}.pdf`, pdf);
}
