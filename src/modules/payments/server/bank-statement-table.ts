// CSV and XLSX statements (sales.md §2): the header row is found among the first rows and its columns mapped by a bank
// profile or by the usual Ukrainian/Russian header names; CSV is read as UTF-8 when it is valid UTF-8, else as cp1251.
import type { Cell } from '@/resources/_engine/server/tabular.ts';
import { statementFields, type StatementField } from '../payments.contract.ts';
import {
  classify,
  iban,
  parseAmount,
  parseDate,
  StatementFormatError,
  text,
  type ParsedStatement,
  type StatementOperation,
} from './bank-statement-operation.ts';

/** Header names of the common Ukrainian (and Russian) statements, most specific first. */
export const headerSynonyms: Record<StatementField, readonly string[]> = {
  date: [
    'дата операції',
    'дата операции',
    'дата проведення',
    'дата проводки',
    'дата і час операції',
    'дата та час операції',
    'дата',
    'дата платежу',
    'дата документа',
    'дата валютування',
    'operation date',
    'date',
  ],
  amount: [
    'сума',
    'сумма',
    'сума операції',
    'сума операции',
    'сума, грн',
    'сума грн',
    'сума в валюті рахунку',
    'сума в валюті картки (uah)',
    'сума в валюті картки',
    'amount',
  ],
  credit: ['кредит', 'надходження', 'зараховано', 'поступление', 'приход', 'сума надходження', 'credit'],
  debit: ['дебет', 'списання', 'списано', 'списание', 'расход', 'сума списання', 'debit'],
  counterpartyName: [
    'кореспондент',
    'корреспондент',
    'контрагент',
    'назва кореспондента',
    'назва контрагента',
    'найменування кореспондента',
    'найменування контрагента',
    'платник',
    'плательщик',
    'назва платника',
    'найменування платника',
    'counterparty',
  ],
  counterpartyTaxId: [
    'єдрпоу кореспондента',
    'єдрпоу контрагента',
    'єдрпоу/іпн кореспондента',
    'єдрпоу/іпн контрагента',
    'єдрпоу/рнокпп контрагента',
    'код кореспондента',
    'код контрагента',
    'окпо корреспондента',
    'егрпоу корреспондента',
    'окпо контрагента',
    'ідентифікаційний код контрагента',
    'іпн контрагента',
    'рнокпп контрагента',
    'єдрпоу платника',
    'код платника',
  ],
  counterpartyIban: [
    'рахунок кореспондента',
    'рахунок контрагента',
    'iban кореспондента',
    'iban контрагента',
    'рахунок кореспондента (iban)',
    'счет корреспондента',
    'счет контрагента',
    'рахунок платника',
    'iban платника',
  ],
  purpose: [
    'призначення платежу',
    'призначення',
    'назначение платежа',
    'назначение',
    'деталі операції',
    'деталі платежу',
    'опис операції',
    'опис',
    'коментар',
    'purpose',
    'details',
  ],
  reference: [
    'референс',
    'референс операції',
    'референс проводки',
    'номер референсу',
    'ідентифікатор операції',
    'id операції',
    'reference',
    'ref',
  ],
  docNumber: ['номер документа', '№ документа', 'номер док', '№ док', 'номер платіжного документа', 'номер', '№'],
  currency: ['валюта', 'код валюти', 'валюта рахунку', 'currency'],
  ourIban: ['рахунок', 'наш рахунок', 'рахунок клієнта', 'номер рахунку', 'iban', 'iban рахунку', 'счет'],
};

/** A header as the mapping compares it: lower case, quotes and trailing marks dropped, spaces made single. */
export function normaliseHeader(header: Cell | undefined): string {
  return String(header ?? '')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/["«»']/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s:*.]+$/, '')
    .trim();
}

export type ColumnMap = Partial<Record<StatementField, number>>;

/** Maps a header row: by the profile's names when given, else by the synonyms (each column serves one field). */
export function mapColumns(headers: readonly Cell[], profile?: Partial<Record<StatementField, string>>): ColumnMap {
  const names = headers.map(normaliseHeader);
  const map: ColumnMap = {};
  const taken = new Set<number>();
  for (const field of statementFields) {
    const wanted = profile ? (profile[field] ? [normaliseHeader(profile[field])] : []) : headerSynonyms[field];
    for (const synonym of wanted) {
      const at = names.findIndex((name, i) => name === synonym && !taken.has(i));
      if (at >= 0) {
        map[field] = at;
        taken.add(at);
        break;
      }
    }
  }
  return map;
}

const usable = (map: ColumnMap) => map.date !== undefined && (map.amount !== undefined || map.credit !== undefined);

/** Decodes a CSV: UTF-8 when the bytes are valid UTF-8, else cp1251 (the usual export of Ukrainian banks). */
export function decodeCsv(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1251').decode(body);
  }
}

/** Splits CSV text into rows; the delimiter (';', ',' or tab) is the one most frequent in the first lines. */
export function parseCsvRows(content: string): string[][] {
  const sample = content.split(/\r?\n/).slice(0, 30).join('\n');
  const counts = [';', ',', '\t'].map((d) => [d, sample.split(d).length - 1] as const);
  const delimiter = counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < content.length; i++) {
    const ch = content[i]!;
    if (quoted) {
      if (ch === '"' && content[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && content[i + 1] === '\n') i++;
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
  return rows;
}

const SUMMARY_ROW = /^(разом|всього|усього|итого|обороти|обороты|сальдо|залишок|остаток|кількість)/i;

/**
 * The operations of a table statement. The header row is the first of the first 30 rows that maps a date and an
 * amount (or credit) column; rows before it (the bank's title lines) and summary rows after it are skipped.
 */
export function parseTableStatement(
  all: readonly Cell[][],
  ourIbans: ReadonlySet<string>,
  opts: { parserName: string; profile?: Partial<Record<StatementField, string>> },
): ParsedStatement {
  let headerAt = -1;
  let map: ColumnMap = {};
  for (let i = 0; i < Math.min(all.length, 30); i++) {
    const candidate = mapColumns(all[i]!, opts.profile);
    if (usable(candidate)) {
      headerAt = i;
      map = candidate;
      break;
    }
  }
  if (headerAt < 0) {
    const found = (all[0] ?? []).map((h) => text(h)).filter(Boolean);
    throw new StatementFormatError(found.join(', '));
  }
  const headers = all[headerAt]!;
  const operations: StatementOperation[] = [];
  for (const row of all.slice(headerAt + 1)) {
    if (row.every((c) => text(c) === null)) continue;
    const at = (field: StatementField) => (map[field] === undefined ? undefined : row[map[field]!]);
    const first = text(row.find((c) => text(c) !== null));
    if (parseDate(at('date')) === null && first && SUMMARY_ROW.test(first)) continue;
    let signed: string | null = null;
    const credit = parseAmount(at('credit'));
    const debit = parseAmount(at('debit'));
    if (credit !== null && /[1-9]/.test(credit)) signed = credit.replace(/^-/, '');
    else if (debit !== null && /[1-9]/.test(debit)) signed = `-${debit.replace(/^-/, '')}`;
    else if (map.amount !== undefined) signed = parseAmount(at('amount'));
    else if (credit !== null) signed = credit;
    const rawContent = headers
      .map((h, i) => [text(h), text(row[i])] as const)
      .filter(([h, v]) => h && v)
      .map(([h, v]) => `${h}: ${v}`)
      .join('\n');
    operations.push(
      classify(
        {
          rawContent,
          date: parseDate(at('date')),
          signedAmount: signed,
          currency: text(at('currency')),
          purpose: text(at('purpose')),
          docNumber: text(at('docNumber')),
          reference: text(at('reference')),
        },
        null,
        {
          ourIban: iban(at('ourIban')),
          counterparty: {
            name: text(at('counterpartyName')),
            taxId: iban(at('counterpartyTaxId')),
            iban: iban(at('counterpartyIban')),
          },
        },
        ourIbans,
      ),
    );
  }
  return { source: 'statement_file', parserName: opts.parserName, operations };
}
