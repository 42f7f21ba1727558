// The Ukrsibbank notice (sales.md §2) read from real letters: a Ukrainian credit in quoted-printable UTF-8, a Russian
// one in base64 windows-1251, a debit, and a letter that is no notice; the body text alone parses the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationOf, readBankEmail } from './bank-email.ts';
import { parseUkrsibbank } from './parsers/ukrsibbank.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const OUR = 'UA213223130000026007233566001';
const fill = (text: string) =>
  text
    .replace('{{OUR_IBAN}}', OUR)
    .replace('{{AMOUNT}}', '1 200,00')
    .replace('{{DATE}}', '27.11.2026')
    .replace('{{TAX_ID}}', '12345678')
    .replace('{{ORDER}}', 'ЗМ-2026-00009')
    .replace('{{MESSAGE_ID}}', 'ua-1');

describe('Ukrsibbank notices', () => {
  it('reads a Ukrainian credit from a quoted-printable UTF-8 letter', async () => {
    const raw = fill(fixture('ukrsib-credit-ua.eml'));
    const message = await readBankEmail(raw);
    expect(message).toMatchObject({
      messageId: '<ua-1@ukrsibbank.com>',
      from: 'notify@ukrsibbank.com',
      subject: 'Надходження коштів',
    });
    const op = operationOf(raw, message, 'ukrsibbank', new Map([[OUR, 1]]));
    expect(op).toMatchObject({
      status: 'parsed',
      externalId: '<ua-1@ukrsibbank.com>',
      direction: 'credit',
      amount: '1200.00',
      currency: 'UAH',
      operationDate: '2026-11-27',
      ourIban: OUR,
      counterpartyName: 'ТОВ "Енергоплюс"',
      counterpartyTaxId: '12345678',
      counterpartyIban: 'UA903052992990004149123456789',
      purpose: 'Оплата за рахунком ЗМ-2026-00009, у т.ч. ПДВ',
      bankDocNumber: '4471',
      warnings: [],
    });
  });

  it('reads a Russian credit from a base64 windows-1251 letter', async () => {
    const raw = fixture('ukrsib-credit-ru-cp1251.eml');
    const message = await readBankEmail(raw);
    expect(message.subject).toBe('Зачисление');
    expect(parseUkrsibbank(message.text)).toMatchObject({
      direction: 'credit',
      amount: '1250.50',
      operationDate: '2026-11-26',
      counterpartyName: 'ООО "Ромашка"',
      counterpartyTaxId: '40000002',
      purpose: 'Оплата по счету ЗМ-2026-00042',
      bankDocNumber: '777',
    });
    // Not our account here: ignored, with the reason.
    expect(operationOf(raw, message, 'ukrsibbank', new Map()).status).toBe('ignored');
  });

  it('ignores a debit and fails a letter that is no notice, saying why', async () => {
    const debitRaw = fill(fixture('ukrsib-debit.eml'));
    const debit = operationOf(debitRaw, await readBankEmail(debitRaw), 'ukrsibbank', new Map([[OUR, 1]]));
    expect(debit).toMatchObject({ status: 'ignored', direction: 'debit', parseError: 'списано — ігнорується' });
    const raw = fixture('malformed.eml');
    const failed = operationOf(raw, await readBankEmail(raw), 'ukrsibbank', new Map([[OUR, 1]]));
    expect(failed.status).toBe('failed');
    expect(failed.parseError).toContain('Не знайдено суму');
  });

  it('parses the pasted body text alone, keyed by its hash', async () => {
    const raw = 'Рахунок: ' + OUR + '\nОперація: зараховано\nСума: 10,5\nДата: 2026-11-20\n';
    const message = await readBankEmail(raw);
    expect(message.messageId).toBeNull();
    const op = operationOf(raw, message, 'ukrsibbank', new Map([[OUR, 1]]));
    expect(op).toMatchObject({ status: 'parsed', amount: '10.50', operationDate: '2026-11-20' });
    expect(op.externalId).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
