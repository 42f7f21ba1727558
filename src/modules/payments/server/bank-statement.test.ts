// The statement parsers (sales.md §2): the 1C exchange decoded by its declared encoding (cp1251 and cp866), credits
// told from debits by our accounts, CSV/XLSX columns found by their Ukrainian or Russian names (title rows skipped),
// and the idempotency keys (the bank's reference, else the hash of the operation's facts).
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '@/resources/_engine/server/resource.routes.ts';
import { XLSX_TYPE } from '@/resources/_engine/server/tabular.ts';
import { paymentsEndpoints } from '../payments.endpoints.ts';
import { declaredEncoding, isClientBankExchange, parseClientBankExchange } from './bank-statement-1c.ts';
import { parseAmount, parseDate, statementTexts } from './bank-statement-operation.ts';
import { mapColumns, parseCsvRows } from './bank-statement-table.ts';
import { parseStatement } from './bank-statement.ts';
import { multipartBoundary, parseMultipart } from './multipart.ts';

const OURS = 'UA173004650000026001234567890';
const ours = new Set([OURS]);

/** Text encoded in a single-byte code page (what TextEncoder cannot do), by inverting the decoder. */
function encodeSingleByte(text: string, encoding: 'windows-1251' | 'ibm866'): Buffer {
  const decoder = new TextDecoder(encoding);
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from([...text].map((ch) => table.get(ch) ?? 0x3f));
}

describe('values', () => {
  it('reads amounts exactly, with a decimal comma, spaces and grouping, and refuses what is not money', () => {
    expect(parseAmount('1 250,5')).toBe('1250.50');
    expect(parseAmount('1.250,50')).toBe('1250.50');
    expect(parseAmount('1,250.50')).toBe('1250.50');
    expect(parseAmount('-100')).toBe('-100.00');
    expect(parseAmount(1250.5)).toBe('1250.50');
    expect(parseAmount('12,345')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });

  it('reads dates as the banks write them', () => {
    expect(parseDate('19.11.2026')).toBe('2026-11-19');
    expect(parseDate('5.1.2026 14:05:00')).toBe('2026-01-05');
    expect(parseDate('2026-11-19T10:00:00')).toBe('2026-11-19');
    expect(parseDate('31.02.2026')).toBeNull();
    expect(parseDate('вчора')).toBeNull();
    // Outside the years a payment's number can carry (issue 19 §5): the line fails, the import does not.
    for (const outside of ['31.12.1999', '0000-01-01', '9999-12-31', '1.1.3000']) expect(parseDate(outside)).toBeNull();
    expect(parseDate('01.01.2000')).toBe('2000-01-01');
  });
});

describe('1CClientBankExchange', () => {
  const dosFile = (body: string) =>
    encodeSingleByte(
      ['1CClientBankExchange', 'ВерсияФормата=1.02', 'Кодировка=DOS', body, 'КонецФайла'].join('\r\n'),
      'ibm866',
    );

  it('decodes a DOS (cp866) file by its declared encoding, never as UTF-8', () => {
    const body = dosFile(
      [
        'СекцияДокумент=Платежное поручение',
        'Номер=12',
        'Дата=18.11.2026',
        'Сумма=250.00',
        'ПлательщикСчет=UA213223130000026007233566001',
        'Плательщик=ООО "Ромашка"',
        'ПлательщикИНН=31234567',
        `ПолучательСчет=${OURS}`,
        'НазначениеПлатежа1=Оплата по счету',
        'НазначениеПлатежа2=ORD-2026-00042',
        'КонецДокумента',
      ].join('\r\n'),
    );
    expect(isClientBankExchange(body)).toBe(true);
    expect(declaredEncoding(body)).toBe('ibm866');
    const parsed = parseClientBankExchange(body, ours);
    expect(parsed.parserName).toBe('1CClientBankExchange (ibm866)');
    expect(parsed.operations).toHaveLength(1);
    expect(parsed.operations[0]).toMatchObject({
      status: 'parsed',
      direction: 'credit',
      operationDate: '2026-11-18',
      amount: '250.00',
      currency: 'UAH',
      ourIban: OURS,
      counterpartyName: 'ООО "Ромашка"',
      counterpartyTaxId: '31234567',
      counterpartyIban: 'UA213223130000026007233566001',
      purpose: 'Оплата по счету ORD-2026-00042',
      bankDocNumber: '12',
    });
    expect(parsed.operations[0]!.externalId).toMatch(/^hash:[0-9a-f]{64}$/);
  });

  it('reads the cp1251 fixture: two credits to our account with Ukrainian names, one debit ignored', () => {
    const template = readFileSync(new URL('./fixtures/statement-1c.cp1251.txt', import.meta.url));
    const body = Buffer.from(
      template.toString('latin1').replaceAll('{{OUR_IBAN}}', OURS).replaceAll('{{CLIENT_TAX}}', '41234567'),
      'latin1',
    );
    expect(declaredEncoding(body)).toBe('windows-1251');
    const { operations } = parseClientBankExchange(body, ours);
    expect(operations.map((o) => [o.status, o.direction, o.amount, o.counterpartyName])).toEqual([
      ['parsed', 'credit', '1200.00', 'ТОВ «Енергоплюс»'],
      ['ignored', 'debit', '350.50', 'ФОП Ковальчук Олег Іванович'],
      ['parsed', 'credit', '980.00', 'ПП «Світанок-Ї»'],
    ]);
    expect(operations[1]!.parseError).toBe(statementTexts.debit);
    expect(operations[2]!.purpose).toBe('Передоплата за ґрунтовку та їжакові дрібниці, у т.ч. ПДВ');
    expect(operations[0]!.rawContent).toContain('НазначениеПлатежа=Оплата за обладнання');
    // The same facts give the same key; different facts a different one.
    expect(parseClientBankExchange(body, ours).operations[0]!.externalId).toBe(operations[0]!.externalId);
    expect(new Set(operations.map((o) => o.externalId)).size).toBe(3);
  });

  it('marks a document without an amount as failed and one to a foreign account as ignored', () => {
    const body = dosFile(
      [
        'СекцияДокумент=Платежное поручение',
        'Номер=1',
        'Дата=18.11.2026',
        `ПолучательСчет=${OURS}`,
        'КонецДокумента',
        'СекцияДокумент=Платежное поручение',
        'Номер=2',
        'Дата=18.11.2026',
        'Сумма=10.00',
        'ПолучательСчет=UA903052992990004149123456789',
        'КонецДокумента',
      ].join('\r\n'),
    );
    const { operations } = parseClientBankExchange(body, ours);
    expect(operations.map((o) => [o.status, o.parseError])).toEqual([
      ['failed', statementTexts.noAmount],
      ['ignored', statementTexts.notOurs],
    ]);
    expect(operations[0]!.externalId).toMatch(/^raw:/);
  });
});

describe('CSV and XLSX statements', () => {
  it('finds the PrivatBank header below the title rows, reads debit/credit and a cp1251 file', async () => {
    const csv = [
      'Виписка по рахунку;;;;;;;;',
      `Рахунок: ${OURS};;;;;;;;`,
      'ЄДРПОУ;Рахунок;Валюта;Дата операції;Рахунок кореспондента;ЄДРПОУ кореспондента;Кореспондент;Номер документа;Дебет;Кредит;Призначення платежу;Референс',
      `41000000;${OURS};UAH;19.11.2026 10:15;UA213223130000026007233566001;41234567;ТОВ «Енергоплюс»;501;;1 200,00;Оплата ORD-2026-00042;PB-1`,
      `41000000;${OURS};UAH;19.11.2026;UA903052992990004149123456789;2845612390;ФОП Ковальчук;77;350,50;;Доставка;PB-2`,
      `41000000;UA903052992990004149123456789;UAH;19.11.2026;UA213223130000026007233566001;41234567;ТОВ «Енергоплюс»;502;;10,00;Чужий рахунок;PB-3`,
      `41000000;${OURS};UAH;;;;;;;;;`,
      `41000000;${OURS};UAH;не дата;;;;503;;5,00;;PB-4`,
      'Разом;;;;;;;;350,50;1 210,00;;',
    ].join('\r\n');
    const parsed = await parseStatement(encodeSingleByte(csv, 'windows-1251'), 'text/csv', ours);
    expect(parsed.source).toBe('statement_file');
    expect(parsed.operations.map((o) => [o.status, o.direction, o.amount, o.counterpartyName, o.externalId])).toEqual([
      ['parsed', 'credit', '1200.00', 'ТОВ «Енергоплюс»', 'ref:PB-1'],
      ['ignored', 'debit', '350.50', 'ФОП Ковальчук', 'ref:PB-2'],
      ['ignored', 'credit', '10.00', 'ТОВ «Енергоплюс»', 'ref:PB-3'],
      ['failed', null, null, null, expect.stringMatching(/^raw:/)],
      ['failed', 'credit', '5.00', null, 'ref:PB-4'],
    ]);
    expect(parsed.operations[0]).toMatchObject({
      operationDate: '2026-11-19',
      counterpartyTaxId: '41234567',
      purpose: 'Оплата ORD-2026-00042',
      bankDocNumber: '501',
    });
  });

  it('reads a signed-amount XLSX with a saved profile, and says which columns it found when it cannot map them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Виписка');
    sheet.addRow(['Коли', 'Скільки', 'Хто', 'Код', 'Навіщо']);
    sheet.addRow(['20.11.2026', 980, 'ПП «Світанок»', '30112233', 'Передоплата']);
    sheet.addRow(['20.11.2026', -15.5, 'Банк', '', 'Комісія']);
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    await expect(parseStatement(body, XLSX_TYPE, ours)).rejects.toThrow('Коли, Скільки, Хто, Код, Навіщо');
    const parsed = await parseStatement(body, XLSX_TYPE, ours, {
      name: 'Мій банк',
      columns: {
        date: 'коли',
        amount: 'Скільки',
        counterpartyName: 'Хто',
        counterpartyTaxId: 'Код',
        purpose: 'Навіщо',
      },
    });
    expect(parsed.parserName).toBe('XLSX (Мій банк)');
    expect(parsed.operations.map((o) => [o.status, o.direction, o.amount, o.counterpartyTaxId])).toEqual([
      ['parsed', 'credit', '980.00', '30112233'],
      ['ignored', 'debit', '15.50', null],
    ]);
  });

  it('maps the usual header names once each and splits CSV by its delimiter', () => {
    expect(mapColumns(['Дата', 'Сумма', 'Назначение платежа', 'Контрагент', 'ЄДРПОУ контрагента'])).toEqual({
      date: 0,
      amount: 1,
      purpose: 2,
      counterpartyName: 3,
      counterpartyTaxId: 4,
    });
    expect(parseCsvRows('a,b,"c, d"\n1,2,3')).toEqual([
      ['a', 'b', 'c, d'],
      ['1', '2', '3'],
    ]);
  });
});

describe('multipart', () => {
  it('cuts the file and the fields out of a form-data body', () => {
    const boundary = '----erp123';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile"\r\n\r\nПриватБанк\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="виписка.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      Buffer.from([0xcf, 0xf0, 0x0d, 0x0a, 0xe8]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(multipartBoundary(`multipart/form-data; boundary=${boundary}`)).toBe(boundary);
    const parts = parseMultipart(body, boundary);
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ['profile', null, null],
      ['file', 'виписка.txt', 'text/plain'],
    ]);
    expect(parts[0]!.data.toString('utf8')).toBe('ПриватБанк');
    expect([...parts[1]!.data]).toEqual([0xcf, 0xf0, 0x0d, 0x0a, 0xe8]);
  });
});

describe('the statement upload endpoint', () => {
  it('takes the resource import size and XLSX type, written out in payments.endpoints.ts to keep it zod-free', () => {
    const upload = paymentsEndpoints.importStatement;
    expect(upload.bodyLimit).toBe(IMPORT_MAX_BYTES);
    expect(upload.bodyTypes).toContain(XLSX_TYPE);
  });
});
