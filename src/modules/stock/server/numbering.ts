// One numbering service for every document (domain README §6): `<PREFIX>-<YYYY>-<NNNNN>`, the counter kept in the
// database and taken in the transaction that inserts the document — the row lock serialises creators and a
// rollback gives the number back. The prefixes are the company's choice (reports-admin §12, tab 'Нумерація'):
// one `settings` row holds the changed ones, the ASCII defaults below stand for the rest. A changed prefix numbers
// new documents only and continues the same counter; counters are never lowered (nothing here writes one down).
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { DOCUMENT_YEARS } from '@/shared/document-date.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  numberedDocuments,
  numberingMessages,
  PREFIX_PATTERN,
  type NumberedDocument,
  type NumberingRow,
} from '../numbering.contract.ts';

/** The default prefix of each document type (ASCII, so numbers typed into bank payment purposes stay unambiguous). */
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
} as const satisfies Record<NumberedDocument, string>;
export type { NumberedDocument };

/** The `settings` key of the changed prefixes: `{ order: 'ЗМ', … }`. */
export const NUMBERING_SETTING_KEY = 'numbering.prefixes';

/** The stored prefixes, each only when it is still a valid prefix of a known document type. */
async function storedPrefixes(db: DbOrTx): Promise<Partial<Record<NumberedDocument, string>>> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, NUMBERING_SETTING_KEY));
  const value = row?.value;
  if (!value || typeof value !== 'object') return {};
  const result: Partial<Record<NumberedDocument, string>> = {};
  for (const docType of numberedDocuments) {
    const prefix = (value as Record<string, unknown>)[docType];
    if (typeof prefix === 'string' && PREFIX_PATTERN.test(prefix)) result[docType] = prefix;
  }
  return result;
}

/** Every document type's prefix now: the company's where it chose one, the default elsewhere. */
export async function currentPrefixes(db: DbOrTx): Promise<Record<NumberedDocument, string>> {
  return { ...documentPrefixes, ...(await storedPrefixes(db)) };
}

/** A number as the service writes it. */
export const formatNumber = (prefix: string, year: number, counter: number) =>
  `${prefix}-${year}-${String(counter).padStart(5, '0')}`;

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
    returning last_value, (select value ->> ${docType} from settings where key = ${NUMBERING_SETTING_KEY}) as prefix`)) as unknown as {
    rows: Array<{ last_value: number; prefix: string | null }>;
  };
  const { last_value: counter, prefix } = result.rows[0]!;
  const chosen = prefix && PREFIX_PATTERN.test(prefix) ? prefix : documentPrefixes[docType];
  return formatNumber(chosen, year, Number(counter));
}

/** The 'Нумерація' tab: each document type's prefix, this year's counter and the number the next one takes. */
export async function numberingOverview(db: DbOrTx, year: number): Promise<NumberingRow[]> {
  const prefixes = await currentPrefixes(db);
  const counters = (await db.execute(
    sql`select doc_type, last_value from number_counters where year = ${year}`,
  )) as unknown as { rows: Array<{ doc_type: string; last_value: number }> };
  const byType = new Map(counters.rows.map((r) => [r.doc_type, Number(r.last_value)]));
  return numberedDocuments.map((docType) => {
    const counter = byType.get(docType) ?? 0;
    return {
      docType,
      label: numberingMessages.labels[docType],
      prefix: prefixes[docType],
      defaultPrefix: documentPrefixes[docType],
      counter,
      next: formatNumber(prefixes[docType], year, counter + 1),
    };
  });
}

/**
 * Saves changed prefixes (upper-cased, so a scanned number in any case finds its document). Two document types may
 * not share a prefix: a number must say which document it is. Audited with the prefixes before and after.
 */
export async function updatePrefixes(
  db: DbOrTx,
  ctx: AuditContext,
  patch: Partial<Record<NumberedDocument, string>>,
  year: number,
): Promise<NumberingRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${NUMBERING_SETTING_KEY}))`);
    const before = await currentPrefixes(tx);
    const after = { ...before };
    for (const [docType, prefix] of Object.entries(patch) as Array<[NumberedDocument, string | undefined]>) {
      if (prefix !== undefined) after[docType] = prefix.trim().toUpperCase();
    }
    const owners = new Map<string, NumberedDocument>();
    for (const docType of numberedDocuments) {
      const owner = owners.get(after[docType]);
      if (owner) {
        // Name the field the user changed, and the other type that already has the prefix.
        const [field, other] = patch[docType] !== undefined ? [docType, owner] : [owner, docType];
        const message = numberingMessages.prefixTaken(after[docType], numberingMessages.labels[other]);
        throw new DomainError(409, message, { [field]: message });
      }
      owners.set(after[docType], docType);
    }
    const changed = Object.fromEntries(
      numberedDocuments.filter((t) => after[t] !== documentPrefixes[t]).map((t) => [t, after[t]]),
    );
    await tx
      .insert(settings)
      .values({ key: NUMBERING_SETTING_KEY, value: changed, updatedBy: ctx.userId })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedBy: ctx.userId, updatedAt: sql`now()` },
      });
    await audit(tx, ctx, { action: 'setting_change', entityType: 'settings', entityId: 'numbering', before, after });
    return numberingOverview(tx, year);
  });
}

/** The document types whose prefix (now or by default) is `prefix` — where a scanned number is looked for first. */
export async function documentTypesOfPrefix(db: DbOrTx, prefix: string): Promise<NumberedDocument[]> {
  const prefixes = await currentPrefixes(db);
  return numberedDocuments.filter((t) => prefixes[t] === prefix || documentPrefixes[t] === prefix);
}
