// Bank statement import (sales.md §2 'Statement import'): pure functions from a file's bytes to bank operations. The
// 1C client-bank exchange is read by bank-statement-1c.ts, CSV and XLSX by bank-statement-table.ts; an operation, its
// values and its idempotency key are in bank-statement-operation.ts.
import type { Cell } from '@/resources/_engine/server/tabular.ts';
import { readSheet, XLSX_TYPE } from '@/resources/_engine/server/tabular.ts';
import type { StatementField } from '../payments.contract.ts';
import { isClientBankExchange, parseClientBankExchange } from './bank-statement-1c.ts';
import { decodeCsv, parseCsvRows, parseTableStatement } from './bank-statement-table.ts';
import type { ParsedStatement } from './bank-statement-operation.ts';

/** Any supported statement file: 1C exchange, XLSX, or CSV. Throws StatementFormatError for an unknown layout. */
export async function parseStatement(
  body: Buffer,
  contentType: string,
  ourIbans: ReadonlySet<string>,
  profile?: { name: string; columns: Partial<Record<StatementField, string>> },
): Promise<ParsedStatement> {
  if (isClientBankExchange(body)) return parseClientBankExchange(body, ourIbans);
  const isXlsx = contentType.startsWith(XLSX_TYPE) || (body[0] === 0x50 && body[1] === 0x4b);
  let rows: Cell[][];
  if (isXlsx) {
    const sheet = await readSheet(body, XLSX_TYPE);
    rows = [sheet.headers, ...sheet.rows];
  } else {
    rows = parseCsvRows(decodeCsv(body));
  }
  const parserName = `${isXlsx ? 'XLSX' : 'CSV'}${profile ? ` (${profile.name})` : ' (автовизначення колонок)'}`;
  return parseTableStatement(rows, ourIbans, { parserName, profile: profile?.columns });
}
