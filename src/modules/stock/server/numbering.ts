// One numbering service for every document (domain README §6): `<PREFIX>-<YYYY>-<NNNNN>`, the counter kept in the
// database and taken in the transaction that inserts the document — the row lock serialises creators and a
// rollback gives the number back.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { DOCUMENT_YEARS } from '@/shared/document-date.ts';

export const documentPrefixes = {
  order: 'ORD',
  payment: 'PAY',
  shipment: 'SHP',
  supplier_order: 'PO',
  supplier_receipt: 'GRN',
  transfer: 'TRF',
  inventory_audit: 'AUD',
  adjustment: 'ADJ',
  manufacturing_order: 'MO',
  mo_issue: 'MOI',
  mo_output: 'MOO',
  assembly: 'ASM',
  disassembly: 'DSM',
  repair: 'REP',
  repair_parts: 'RPP',
  mail: 'MAIL',
  mail_register: 'MREG',
} as const;
export type NumberedDocument = keyof typeof documentPrefixes;

/**
 * The next number of a document dated `documentDate` (YYYY-MM-DD, Kyiv calendar date). Contracts take only dates
 * within DOCUMENT_YEARS (src/shared/document-date.ts), so the guard below is a programming error, never bad input.
 */
export async function nextNumber(tx: DbOrTx, docType: NumberedDocument, documentDate: string): Promise<string> {
  const year = Number(documentDate.slice(0, 4));
  if (!Number.isInteger(year) || year < DOCUMENT_YEARS.from || year > DOCUMENT_YEARS.to) {
    throw new RangeError(`bad document date ${documentDate}`);
  }
  const result = (await tx.execute(sql`
    insert into number_counters (doc_type, year, last_value) values (${docType}, ${year}, 1)
    on conflict (doc_type, year) do update set last_value = number_counters.last_value + 1
    returning last_value`)) as unknown as { rows: Array<{ last_value: number }> };
  const counter = Number(result.rows[0]!.last_value);
  return `${documentPrefixes[docType]}-${year}-${String(counter).padStart(5, '0')}`;
}
