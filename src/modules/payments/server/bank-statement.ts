// Bank statement parsers (sales.md §2 'Statement import'): pure functions from a file's bytes to bank operations.
//  - `1CClientBankExchange`: decoded by its declared `Кодировка` (Windows = cp1251, DOS = cp866), never as UTF-8 by
//    default; a document is a credit when its recipient account is one of ours, a debit when the payer's is.
//  - CSV/XLSX: the header row is found among the first rows and its columns mapped by a bank profile or by the
//    usual Ukrainian/Russian header names; CSV is read as UTF-8 when it is valid UTF-8, else as cp1251.
// Each operation gets its idempotency key: the bank's reference, else a hash of (our account, date, bank document
// number, amount, counterparty account); a row that cannot be read gets the hash of its text.
import { createHash } from 'node:crypto';
import type { Cell } from '@/resources/_engine/server/tabular.ts';
import { readSheet, XLSX_TYPE } from '@/resources/_engine/server/tabular.ts';
import { DOCUMENT_YEARS, inYears, isIsoDate } from '@/shared/document-date.ts';
import { statementFields, type StatementField } from '../payments.contract.ts';
import { normaliseCode } from './payment-matching.ts';

export interface StatementOperation {
  externalId: string;
  rawContent: string;
  status: 'parsed' | 'ignored' | 'failed';
  parseError: string | null;
  direction: 'credit' | 'debit' | null;
  operationDate: string | null;
  /** Positive, two decimals. */
  amount: string | null;
  currency: string | null;
  ourIban: string | null;
  counterpartyName: string | null;
  counterpartyTaxId: string | null;
  counterpartyIban: string | null;
  purpose: string | null;
  bankDocNumber: string | null;
}

export interface ParsedStatement {
  source: 'statement_1c' | 'statement_file';
  parserName: string;
  operations: StatementOperation[];
}

export const statementTexts = {
  noAmount: 'Не вдалося прочитати суму',
  noDate: 'Не вдалося прочитати дату',
  debit: 'Списання з нашого рахунку — не надходження',
  notOurs: 'Рахунок не належить жодній нашій компанії',
  zero: 'Нульова сума',
} as const;

export class StatementFormatError extends Error {}

// ---- values ----------------------------------------------------------------------------------------------------

/** '1 250,50' / '1250.5' / '-100' / 1250.5 → '1250.50' (sign kept), or null. */
export function parseAmount(value: Cell | undefined): string | null {
  if (value === null || value === undefined) return null;
  let text = String(value)
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/^\+/, '');
  if (text === '') return null;
  // '1.250,50' (dots grouping) and '1,250.50' (commas grouping).
  if (/^-?\d{1,3}(\.\d{3})+,\d+$/.test(text)) text = text.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+\.\d+$/.test(text)) text = text.replace(/,/g, '');
  else text = text.replace(',', '.');
  if (/^-?\d+(\.\d+)?e[+-]?\d+$/i.test(text)) return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, int, fraction = ''] = match;
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return null;
  return `${sign}${int!.replace(/^0+(?=\d)/, '')}.${fraction.slice(0, 2).padEnd(2, '0')}`;
}

/**
 * 'dd.mm.yyyy[ hh:mm[:ss]]', 'dd/mm/yyyy', 'yyyy-mm-dd[Thh:mm…]' → 'yyyy-mm-dd', or null — null too for a day outside
 * the years a payment can be numbered in (issue 19 §5), so such a line fails with its reason instead of the import.
 */
export function parseDate(value: Cell | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  let y: string, m: string, d: string;
  const dmy = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})(?:[ T].*)?$/.exec(text);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(text);
  if (ymd) [, y, m, d] = ymd as unknown as [string, string, string, string];
  else if (dmy) {
    [, d, m, y] = dmy as unknown as [string, string, string, string];
    if (y.length === 2) y = `20${y}`;
  } else return null;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isIsoDate(iso) && inYears(iso, DOCUMENT_YEARS) ? iso : null;
}

const text = (value: Cell | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const t = String(value).replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
};
const iban = (value: Cell | undefined): string | null => {
  const t = normaliseCode(text(value));
  return t === '' ? null : t;
};

const NUMERIC_CURRENCIES: Record<string, string> = {
  '980': 'UAH',
  '840': 'USD',
  '978': 'EUR',
  '985': 'PLN',
  '826': 'GBP',
};

/** 'UAH', 'грн', '980' → 'UAH'; a code that is not three letters or a known number is left out (UAH assumed). */
export function currencyOf(value: string | null): string | null {
  if (!value) return null;
  const code = value.trim().toUpperCase();
  if (/^ГРН\.?$/.test(code)) return 'UAH';
  if (NUMERIC_CURRENCIES[code]) return NUMERIC_CURRENCIES[code];
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

const sha = (...parts: Array<string | null>) =>
  createHash('sha256')
    .update(parts.map((p) => p ?? '').join('|'))
    .digest('hex');

/** The idempotency key: the bank's reference, else the hash of sales.md §2. */
function externalIdOf(op: Omit<StatementOperation, 'externalId'>, reference: string | null): string {
  if (reference) return `ref:${reference}`;
  if (op.status === 'failed') return `raw:${sha(op.rawContent)}`;
  return `hash:${sha(op.ourIban, op.operationDate, op.bankDocNumber, op.amount, op.counterpartyIban)}`;
}

/** Decides credit / debit / not ours and fills the rest of an operation. */
function classify(
  base: {
    rawContent: string;
    date: string | null;
    signedAmount: string | null;
    currency: string | null;
    purpose: string | null;
    docNumber: string | null;
    reference: string | null;
  },
  sides: {
    /** The account credited and the account debited, when the source names both (1C). */
    recipientIban: string | null;
    payerIban: string | null;
    payer: { name: string | null; taxId: string | null };
    recipient: { name: string | null; taxId: string | null };
  } | null,
  flat: {
    ourIban: string | null;
    counterparty: { name: string | null; taxId: string | null; iban: string | null };
  } | null,
  ourIbans: ReadonlySet<string>,
): StatementOperation {
  const op: Omit<StatementOperation, 'externalId'> = {
    rawContent: base.rawContent,
    status: 'parsed',
    parseError: null,
    direction: null,
    operationDate: base.date,
    amount: null,
    currency: currencyOf(base.currency) ?? 'UAH',
    ourIban: null,
    counterpartyName: null,
    counterpartyTaxId: null,
    counterpartyIban: null,
    purpose: base.purpose,
    bankDocNumber: base.docNumber,
  };
  const signed = base.signedAmount;
  if (signed === null) {
    op.status = 'failed';
    op.parseError = statementTexts.noAmount;
  } else if (!base.date) {
    op.status = 'failed';
    op.parseError = statementTexts.noDate;
  }
  if (signed !== null) op.amount = signed.replace(/^-/, '');
  if (sides) {
    if (sides.recipientIban && ourIbans.has(sides.recipientIban)) {
      op.direction = 'credit';
      op.ourIban = sides.recipientIban;
      op.counterpartyName = sides.payer.name;
      op.counterpartyTaxId = sides.payer.taxId;
      op.counterpartyIban = sides.payerIban;
    } else {
      const debit = sides.payerIban !== null && ourIbans.has(sides.payerIban);
      op.direction = debit ? 'debit' : 'credit';
      op.ourIban = debit ? sides.payerIban : sides.recipientIban;
      op.counterpartyName = debit ? sides.recipient.name : sides.payer.name;
      op.counterpartyTaxId = debit ? sides.recipient.taxId : sides.payer.taxId;
      op.counterpartyIban = debit ? sides.recipientIban : sides.payerIban;
      if (op.status !== 'failed') {
        op.status = 'ignored';
        op.parseError = debit ? statementTexts.debit : statementTexts.notOurs;
      }
    }
  } else if (flat) {
    op.ourIban = flat.ourIban;
    op.counterpartyName = flat.counterparty.name;
    op.counterpartyTaxId = flat.counterparty.taxId;
    op.counterpartyIban = flat.counterparty.iban;
    if (signed !== null) op.direction = signed.startsWith('-') ? 'debit' : 'credit';
    if (op.status !== 'failed') {
      if (op.direction === 'debit') {
        op.status = 'ignored';
        op.parseError = statementTexts.debit;
      } else if (flat.ourIban && !ourIbans.has(flat.ourIban)) {
        op.status = 'ignored';
        op.parseError = statementTexts.notOurs;
      }
    }
  }
  if (op.status === 'parsed' && op.amount !== null && !/[1-9]/.test(op.amount)) {
    op.status = 'ignored';
    op.parseError = statementTexts.zero;
  }
  return { ...op, externalId: externalIdOf(op, base.reference) };
}

// ---- 1CClientBankExchange --------------------------------------------------------------------------------------

const SIGNATURE = '1CClientBankExchange';

/** True when the bytes are a 1C client-bank exchange file (ASCII signature, maybe after a BOM). */
export function isClientBankExchange(body: Buffer): boolean {
  return body
    .subarray(0, 64)
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .startsWith(SIGNATURE);
}

/** The encoding the file declares (`Кодировка=Windows|DOS`), looked for in each candidate decoding; cp1251 by default. */
export function declaredEncoding(body: Buffer): 'windows-1251' | 'ibm866' | 'utf-8' {
  const head = body.subarray(0, 8192);
  for (const candidate of ['windows-1251', 'ibm866', 'utf-8'] as const) {
    const decoded = new TextDecoder(candidate).decode(head);
    const match = /^\s*(?:Кодировка|Кодування)\s*=\s*(.*?)\s*$/m.exec(decoded);
    if (!match) continue;
    const value = match[1]!.toLowerCase();
    if (value.startsWith('dos') || value.includes('866')) return 'ibm866';
    if (value.includes('utf')) return 'utf-8';
    return 'windows-1251';
  }
  return 'windows-1251';
}

/** The first non-empty value among `keys` of a 1C section. */
const pick = (fields: Map<string, string>, ...keys: string[]) => {
  for (const key of keys) {
    const value = fields.get(key)?.trim();
    if (value) return value;
  }
  return null;
};

/** Parses a `1CClientBankExchange` file: one operation per `СекцияДокумент`. */
export function parseClientBankExchange(body: Buffer, ourIbans: ReadonlySet<string>): ParsedStatement {
  const encoding = declaredEncoding(body);
  const content = new TextDecoder(encoding).decode(body).replace(/^\uFEFF/, '');
  const lines = content.split(/\r\n|\n|\r/);
  const operations: StatementOperation[] = [];
  let section: string[] | null = null;
  for (const line of lines) {
    const trimmed = line.trim();
    if (/^СекцияДокумент\s*=|^СекціяДокумент\s*=/.test(trimmed)) {
      section = [trimmed];
      continue;
    }
    if (!section) continue;
    section.push(trimmed);
    if (/^(КонецДокумента|КінецьДокумента)$/.test(trimmed)) {
      operations.push(documentOf(section, ourIbans));
      section = null;
    }
  }
  if (section) operations.push(documentOf(section, ourIbans));
  return { source: 'statement_1c', parserName: `1CClientBankExchange (${encoding})`, operations };
}

function documentOf(section: string[], ourIbans: ReadonlySet<string>): StatementOperation {
  const fields = new Map<string, string>();
  for (const line of section) {
    const at = line.indexOf('=');
    if (at <= 0) continue;
    const key = line.slice(0, at).trim();
    const value = line.slice(at + 1);
    // Continued purposes (НазначениеПлатежа1…6) are joined after the first.
    if (fields.has(key)) continue;
    fields.set(key, value);
  }
  let purpose = pick(fields, 'НазначениеПлатежа', 'ПризначенняПлатежу');
  if (!purpose) {
    const parts: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const part = pick(fields, `НазначениеПлатежа${i}`, `ПризначенняПлатежу${i}`);
      if (part) parts.push(part);
    }
    purpose = parts.length ? parts.join(' ') : null;
  }
  const amount = parseAmount(pick(fields, 'Сумма', 'Сума'));
  return classify(
    {
      rawContent: section.join('\n'),
      date: parseDate(pick(fields, 'ДатаПоступило', 'ДатаНадходження', 'Дата')),
      signedAmount: amount === null ? null : amount.replace(/^-/, ''),
      currency: text(pick(fields, 'Валюта', 'КодВалюты', 'КодВалюти')),
      purpose: text(purpose),
      docNumber: text(pick(fields, 'Номер')),
      reference: text(pick(fields, 'Референс', 'ИдентификаторДокумента')),
    },
    {
      recipientIban: iban(pick(fields, 'ПолучательСчет', 'ПолучательРасчСчет', 'ОтримувачРахунок')),
      payerIban: iban(pick(fields, 'ПлательщикСчет', 'ПлательщикРасчСчет', 'ПлатникРахунок')),
      payer: {
        name: text(pick(fields, 'Плательщик1', 'Плательщик', 'Платник1', 'Платник')),
        taxId: iban(pick(fields, 'ПлательщикИНН', 'ПлательщикОКПО', 'ПлательщикЕДРПОУ', 'ПлатникКод', 'ПлатникЄДРПОУ')),
      },
      recipient: {
        name: text(pick(fields, 'Получатель1', 'Получатель', 'Отримувач1', 'Отримувач')),
        taxId: iban(
          pick(fields, 'ПолучательИНН', 'ПолучательОКПО', 'ПолучательЕДРПОУ', 'ОтримувачКод', 'ОтримувачЄДРПОУ'),
        ),
      },
    },
    null,
    ourIbans,
  );
}

// ---- CSV / XLSX ------------------------------------------------------------------------------------------------

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
