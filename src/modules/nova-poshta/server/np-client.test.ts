// The adapter (sales.md §3): the envelope and its errors in Ukrainian, the outcome of a lost answer or a 5xx marked
// transient (a waybill asked for then may exist), the status table, the print addresses, the dates and phones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeNovaPoshta, type FakeNovaPoshta } from '@/server/testing/fake-nova-poshta.ts';
import { isoFromNp, npCall, npDate, npFetchPdf, npPhone, npPrintBase, npPrintUrl } from './np-client.ts';
import { npStatusOf, npStatusTable } from './np-status.ts';

const KEY = '0123456789abcdef0123456789abcdef';
let fake: FakeNovaPoshta;
beforeAll(async () => {
  fake = await startFakeNovaPoshta([KEY]);
});
afterAll(() => fake.close());

describe('npCall', () => {
  it('answers the data, a definite refusal, and a transient failure for a lost answer or a 5xx', async () => {
    const ok = await npCall(fake.url, KEY, 'Address', 'getCities', { Page: '1', Limit: '2' });
    expect(ok).toMatchObject({ ok: true });
    expect(ok.ok && ok.data).toHaveLength(2);
    expect(fake.requests.at(-1)).toMatchObject({ apiKey: KEY, modelName: 'Address', calledMethod: 'getCities' });

    const refused = await npCall(fake.url, 'ffffffffffffffffffffffffffffffff', 'Address', 'getCities');
    expect(refused).toEqual({ ok: false, error: 'Нова пошта: термін дії ключа API минув' });

    fake.failNext('5xx');
    expect(await npCall(fake.url, KEY, 'Address', 'getCities')).toEqual({
      ok: false,
      error: 'Нова пошта недоступна — спробуйте пізніше',
      transient: true,
    });
    fake.failNext('timeout', { method: 'Address.getCities' });
    expect(await npCall(fake.url, KEY, 'Address', 'getCities')).toMatchObject({ ok: false, transient: true });
    expect(await npCall('http://127.0.0.1:9/none', KEY, 'Address', 'getCities', {}, { timeoutMs: 500 })).toMatchObject({
      ok: false,
      transient: true,
    });
    const unknown = await npCall(fake.url, KEY, 'Nothing', 'here');
    expect(unknown).toMatchObject({ ok: false, error: expect.stringContaining('Нова пошта:') });
    expect('transient' in unknown && unknown.transient).toBeFalsy();
  });

  it('fetches a print page as a PDF and nothing else', async () => {
    const saved = await npCall<{ Ref: string }>(fake.url, KEY, 'InternetDocument', 'save', {
      PayerType: 'Recipient',
      PaymentMethod: 'Cash',
      DateTime: '10.11.2026',
      CargoType: 'Parcel',
      Weight: '1',
      ServiceType: 'WarehouseWarehouse',
      SeatsAmount: '1',
      Description: 'Прилади',
      Cost: '100',
      CitySender: 'a',
      Sender: 'b',
      SenderAddress: 'c',
      ContactSender: 'd',
      SendersPhone: '380500000000',
      CityRecipient: 'e',
      Recipient: 'f',
      RecipientAddress: 'g',
      ContactRecipient: 'h',
      RecipientsPhone: '380500000001',
    });
    expect(saved.ok).toBe(true);
    const ref = saved.ok ? saved.data[0]!.Ref : '';
    const pdf = await npFetchPdf(npPrintUrl(fake.url, KEY, ref, '100x100'));
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await npFetchPdf(npPrintUrl(fake.url, 'ffffffffffffffffffffffffffffffff', ref, 'a4'))).toBeNull();
  });
});

describe('the adapter tables', () => {
  it('maps the tracking codes to delivery statuses, one code one meaning', () => {
    const codes = npStatusTable.flatMap((r) => r.codes);
    expect(new Set(codes).size).toBe(codes.length);
    expect(npStatusOf('1')).toBe('created');
    for (const c of ['4', '5', '6', '41', '101']) expect(npStatusOf(c)).toBe('in_transit');
    for (const c of ['7', '8']) expect(npStatusOf(c)).toBe('arrived');
    for (const c of ['9', '10', '11']) expect(npStatusOf(c)).toBe('delivered');
    for (const c of ['102', '103', '108']) expect(npStatusOf(c)).toBe('refused');
    expect(npStatusOf(105)).toBe('returned');
    expect(npStatusOf('2')).toBe('deleted');
    expect(npStatusOf('3')).toBe('not_found');
    expect(npStatusOf('999')).toBeNull();
  });

  it('builds print addresses, dates and phones as Nova Poshta wants them', () => {
    expect(npPrintBase('https://api.novaposhta.ua/v2.0/json/')).toBe('https://my.novaposhta.ua');
    expect(npPrintUrl('https://api.novaposhta.ua/v2.0/json/', 'k', 'r', '85x85')).toBe(
      'https://my.novaposhta.ua/orders/printMarking85x85/orders[]/r/type/pdf8/apiKey/k',
    );
    expect(npPrintUrl('http://127.0.0.1:1/v2.0/json/', 'k', 'r', 'a4')).toBe(
      'http://127.0.0.1:1/orders/printDocument/orders[]/r/type/pdf/apiKey/k',
    );
    expect(npDate('2026-11-05')).toBe('05.11.2026');
    expect(isoFromNp('17.11.2026 13:00:00')).toBe('2026-11-17');
    expect(isoFromNp('2026-11-18 00:00:00.000000')).toBe('2026-11-18');
    expect(isoFromNp('0001-01-01 00:00:00')).toBeNull();
    expect(isoFromNp('')).toBeNull();
    expect(npPhone('+380 67 123-45-67')).toBe('380671234567');
    expect(npPhone('0671234567')).toBe('380671234567');
  });
});
