// A bank operation as the statement parsers read it (sales.md §2 'Statement import'): its shape, the values of a cell
// (amounts, dates, currencies, accounts) and the classification of a row as a credit, a debit or not ours. Each
// operation gets its idempotency key: the bank's reference, else a hash of (our account, date, bank document number,
// amount, counterparty account); a row that cannot be read gets the hash of its text.
import { createHash } from 'node:crypto';
import type { Cell } from '@/resources/_engine/server/tabular.ts';
import { DOCUMENT_YEARS, inYears, isIsoDate } from '@/shared/document-date.ts';
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

export const text = (value: Cell | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const t = String(value).replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
};
export const iban = (value: Cell | undefined): string | null => {
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
export function classify(
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
