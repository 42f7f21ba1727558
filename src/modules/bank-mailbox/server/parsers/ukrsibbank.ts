// The Ukrsibbank notice (sales.md §2 'Mailbox job'): an e-mail of labelled lines, in Ukrainian or Russian — account,
// currency, operation ('зараховано' / 'зачислено' a credit, 'списано' a debit), amount, date, correspondent with its
// ЄДРПОУ and account, purpose and document number. Pure: text in, fields and warnings out.
import { parseAmount } from '@/modules/payments/server/index.ts';

export interface ParsedNotice {
  direction: 'credit' | 'debit' | null;
  operationDate: string | null;
  amount: string | null;
  currency: string | null;
  ourIban: string | null;
  counterpartyName: string | null;
  counterpartyTaxId: string | null;
  counterpartyIban: string | null;
  purpose: string | null;
  bankDocNumber: string | null;
  warnings: string[];
}

const LABELS: Record<Exclude<keyof ParsedNotice, 'warnings' | 'direction'> | 'operation', RegExp> = {
  ourIban: /^(?:рахунок|счет|счёт)(?:\s+(?:отримувача|получателя|клієнта|клиента))?$/i,
  currency: /^валюта$/i,
  operation: /^(?:операція|операция|тип операції|тип операции)$/i,
  amount: /^(?:сума|сумма)$/i,
  operationDate: /^(?:дата(?: операції| операции)?)$/i,
  counterpartyName: /^(?:кореспондент|корреспондент|платник|плательщик|відправник|отправитель)$/i,
  counterpartyTaxId: /^(?:єдрпоу|едрпоу|егрпоу|ідентифікаційний код|код)(?: кореспондента| корреспондента)?$/i,
  counterpartyIban: /^(?:рахунок кореспондента|счет корреспондента|счёт корреспондента|iban кореспондента)$/i,
  purpose: /^(?:призначення(?: платежу)?|назначение(?: платежа)?)$/i,
  bankDocNumber: /^(?:номер документа|№ документа|номер документу)$/i,
};

/** 'дд.мм.рррр' or 'рррр-мм-дд' → ISO date, else null. */
function isoDate(text: string): string | null {
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(text);
  if (dotted) return `${dotted[3]}-${dotted[2]}-${dotted[1]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return iso ? iso[0] : null;
}

export function parseUkrsibbank(text: string): ParsedNotice {
  const out: ParsedNotice = {
    direction: null,
    operationDate: null,
    amount: null,
    currency: null,
    ourIban: null,
    counterpartyName: null,
    counterpartyTaxId: null,
    counterpartyIban: null,
    purpose: null,
    bankDocNumber: null,
    warnings: [],
  };
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([^:：]{2,40}?)\s*[:：]\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const [, label, value] = match as unknown as [string, string, string];
    if (!value) continue;
    const key = (Object.keys(LABELS) as Array<keyof typeof LABELS>).find((k) => LABELS[k].test(label.trim()));
    if (!key) continue;
    if (key === 'operation') {
      if (/зарахован|зачислен|надходжен|поступлен/i.test(value)) out.direction = 'credit';
      else if (/списан/i.test(value)) out.direction = 'debit';
      else out.warnings.push(`Невідомий тип операції: «${value}»`);
    } else if (key === 'amount') {
      const amount = parseAmount(value.replace(/\s*(?:UAH|грн|USD|EUR)\.?$/i, ''));
      if (amount === null) out.warnings.push(`Не вдалося прочитати суму: «${value}»`);
      else out.amount = amount.replace(/^-/, '');
    } else if (key === 'operationDate') {
      out.operationDate = isoDate(value);
      if (!out.operationDate) out.warnings.push(`Не вдалося прочитати дату: «${value}»`);
    } else if (key === 'ourIban' || key === 'counterpartyIban') {
      out[key] = value.replace(/\s/g, '').toUpperCase();
    } else if (key === 'currency') {
      out.currency = value.trim().toUpperCase().slice(0, 3);
    } else if (key === 'counterpartyTaxId') {
      out.counterpartyTaxId = value.replace(/\s/g, '');
    } else {
      out[key] = value;
    }
  }
  if (!out.direction) out.warnings.push('Не знайдено тип операції (зараховано / списано)');
  if (!out.amount) out.warnings.push('Не знайдено суму');
  if (!out.operationDate) out.warnings.push('Не знайдено дату операції');
  if (!out.ourIban) out.warnings.push('Не знайдено рахунок');
  return out;
}
