// The 1C client-bank exchange (`1CClientBankExchange`, sales.md §2): decoded by its declared `Кодировка` (Windows =
// cp1251, DOS = cp866), never as UTF-8 by default; a document is a credit when its recipient account is one of ours, a
// debit when the payer's is.
import {
  classify,
  iban,
  parseAmount,
  parseDate,
  text,
  type ParsedStatement,
  type StatementOperation,
} from './bank-statement-operation.ts';

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
