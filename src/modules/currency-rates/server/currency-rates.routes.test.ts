// /api/currency-rates and the NBU card (reports-admin.md §15 'NBU rates', §18 'Done means') on both databases,
// against a local server speaking the NBU's JSON: three days fetched are stored once; a USD supplier receipt dated on a
// Sunday takes Friday's rate and shows it; 100 USD converts to the kopeck; a day with no rate fetches on demand, else
// 409 'Немає курсу'; a manual rate is kept unless asked; three failed runs raise one notification that the next
// success ends; the base currency is locked once a document exists; 400 and 403.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { notifications } from '@/modules/notifications/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/audit.table.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { startFakeNbu, type FakeNbu } from '@/server/testing/fake-nbu.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { emailOutbox } from '@/modules/email-settings/server/email-outbox.table.ts';
import { currencyRates } from './currency-rates.table.ts';
import { nbuTick } from './currency-rates.jobs.ts';

let t: TestApp;
let nbu: FakeNbu;
let cookie: string;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

// Wednesday 18 – Sunday 22 November 2026: NBU sets rates on working days only.
const WED = '2026-11-18';
const THU = '2026-11-19';
const FRI = '2026-11-20';
const SUN = '2026-11-22';

beforeAll(async () => {
  nbu = await startFakeNbu();
  t = await createTestApp({ NBU_API_URL: nbu.url });
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'fx-pass-1' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'fx-pass-1')).cookie;
  nbu.setRates(WED, { USD: '41.1', EUR: '47.5012', PLN: '10.2' });
  nbu.setRates(THU, { USD: '41.2', EUR: '47.6', PLN: '10.3' });
  nbu.setRates(FRI, { USD: '41.2345', EUR: '47.7123', PLN: '10.4' });
});
afterAll(async () => {
  await t.close();
  await nbu.close();
});

const stored = async () => (await t.db.select({ n: count() }).from(currencyRates))[0]!.n;

describe('currency rates (reports-admin.md §18)', () => {
  it('stores three days of NBU rates once: a second fetch asks nothing and adds nothing', async () => {
    const first = await api('POST', '/api/currency-rates/fetch', { from: WED, to: FRI });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, days: 3, stored: 9, failedDays: [] });
    expect(first.headers['cache-control']).toBe('no-store');
    expect(await stored()).toBe(9);
    const asked = nbu.requests.length;
    const again = await api('POST', '/api/currency-rates/fetch', { from: WED, to: FRI });
    expect(again.json()).toMatchObject({ ok: true, days: 0, stored: 0 });
    expect(nbu.requests.length).toBe(asked);
    expect(await stored()).toBe(9);
    const list = (await api('GET', `/api/currency-rates?from=${WED}&to=${FRI}&currency=USD`)).json();
    expect(list.rates.map((r: { date: string; rate: string }) => [r.date, r.rate])).toEqual([
      [FRI, '41.234500'],
      [THU, '41.200000'],
      [WED, '41.100000'],
    ]);
    expect(list.rates[0].source).toBe('nbu');
  });

  it('converts 100 USD to UAH at the stored rate to the kopeck, and across two foreign currencies', async () => {
    const usd = await api('GET', `/api/currency-rates/convert?amount=100&from=USD&to=UAH&date=${FRI}`);
    expect(usd.statusCode, usd.body).toBe(200);
    expect(usd.json()).toMatchObject({ result: '4123.45', from: { code: 'USD', rate: '41.234500', date: FRI } });
    // 100 EUR × 47.7123 ÷ 41.2345 = 115.7097… → 115.71
    const cross = await api('GET', `/api/currency-rates/convert?amount=100&from=EUR&to=USD&date=${FRI}`);
    expect(cross.json().result).toBe('115.71');
  });

  it('gives a USD supplier receipt dated on Sunday the Friday rate and shows it on the receipt', async () => {
    const unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
    const warehouseId = (await api('GET', '/api/warehouses')).json()[0].id;
    const documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
    const supplierId = (
      await api('POST', '/api/suppliers', {
        legalForm: 'legal_entity',
        name: 'Мауз',
        fullName: 'ТОВ «Мауз»',
        taxId: sampleEdrpou(5151),
      })
    ).json().id;
    const itemId = (await api('POST', '/api/components', { sku: 'FX-1', name: 'Резистор', unitId })).json().id;
    const asked = nbu.requests.length;
    const draft = await api('POST', '/api/supplier-receipts', {
      supplierId,
      warehouseId,
      documentTypeId,
      supplierDocNumber: 'INV-7',
      supplierDocDate: SUN,
      documentDate: SUN,
      currencyCode: 'USD',
      lines: [{ itemId, qty: '10', unitPrice: '2' }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({ currencyCode: 'USD', fxRate: '41.234500' });
    // Friday's rate was stored: Sunday is not asked for.
    expect(nbu.requests.length).toBe(asked);
    const shown = (await api('GET', `/api/supplier-receipts/${draft.json().id}`)).json();
    expect(shown.fxRate).toBe('41.234500');
    // A typed rate is the document's own.
    const typed = await api('PATCH', `/api/supplier-receipts/${draft.json().id}`, { version: 1, fxRate: '41.5' });
    expect(typed.json().fxRate).toBe('41.500000');
  });

  it('backfills from the integrations card the same way', async () => {
    nbu.setRates('2026-11-16', { USD: '41.0', EUR: '47.4', PLN: '10.1' });
    const res = await api('POST', '/api/integrations/nbu/backfill', { from: '2026-11-16', to: '2026-11-16' });
    expect(res.json()).toMatchObject({ ok: true, days: 1, stored: 3 });
  });

  it('fetches a day without a stored rate on demand, and answers 409 when NBU has none either', async () => {
    nbu.setRates('2025-03-03', { USD: '41.6', EUR: '43.1' });
    const res = await api('GET', '/api/currency-rates/convert?amount=2&from=USD&to=UAH&date=2025-03-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: '83.20', from: { date: '2025-03-03' } });
    expect(nbu.requests.at(-1)).toBe('20250303');
    const none = await api('GET', '/api/currency-rates/convert?amount=1&from=USD&to=UAH&date=2020-01-01');
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe('Немає курсу USD на 01.01.2020');
  });

  it('keeps a manual rate (audited) through a fetch, and replaces it only when asked', async () => {
    nbu.setRates('2026-11-23', { USD: '41.3', EUR: '47.8', PLN: '10.5' });
    const manual = await api('POST', '/api/currency-rates', { currencyCode: 'usd', date: '2026-11-23', rate: '42,00' });
    expect(manual.statusCode, manual.body).toBe(201);
    expect(manual.json()).toMatchObject({ currencyCode: 'USD', rate: '42.000000', source: 'manual' });
    const twice = await api('POST', '/api/currency-rates', { currencyCode: 'USD', date: '2026-11-23', rate: '43' });
    expect(twice.statusCode).toBe(409);
    const kept = await api('POST', '/api/currency-rates/fetch', { date: '2026-11-23' });
    expect(kept.json()).toMatchObject({ ok: true, stored: 2, keptManual: 1 });
    const rateOf = async () =>
      (
        await t.db
          .select()
          .from(currencyRates)
          .where(and(eq(currencyRates.currencyCode, 'USD'), eq(currencyRates.date, '2026-11-23')))
      )[0]!;
    expect(await rateOf()).toMatchObject({ rate: '42.000000', source: 'manual' });
    const replaced = await api('POST', '/api/currency-rates/fetch', { date: '2026-11-23', overwriteManual: true });
    expect(replaced.json().ok).toBe(true);
    expect(await rateOf()).toMatchObject({ rate: '41.300000', source: 'nbu' });
    const row = await rateOf();
    const edited = await api('PATCH', `/api/currency-rates/${row.id}`, { rate: '41.31', version: row.version });
    expect(edited.json()).toMatchObject({ rate: '41.310000', source: 'manual' });
    const stale = await api('PATCH', `/api/currency-rates/${row.id}`, { rate: '41.32', version: row.version });
    expect(stale.statusCode).toBe(409);
    const audits = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'currency_rates'), eq(auditLog.entityId, String(row.id))));
    expect(audits[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('raises one "integration failed" notification after three failed runs in a row, ended by a success', async () => {
    nbu.failing = true;
    for (let i = 0; i < 3; i++) {
      const run = await api('POST', '/api/integrations/nbu/run');
      expect(run.statusCode, run.body).toBe(200);
      expect(run.json().ok).toBe(false);
    }
    // A scheduled run is a run too: the fourth failure updates the same notification.
    expect(await nbuTick(t.db, nbu.url, new Date('2026-11-27T15:00:00Z'))).toMatchObject({ ok: false });
    const open = () =>
      t.db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.dedupeKey, 'integration-failed:nbu'), eq(notifications.isResolved, false)));
    expect((await open())[0]!.n).toBe(1);
    // The e-mail rule 'Збій інтеграції' (on by default, to administrators) sent once for the streak.
    const letters = await t.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, 'Збій інтеграції: Курси НБУ'));
    expect(letters).toHaveLength(1);
    const card = (await api('GET', '/api/integrations/nbu')).json();
    expect(card).toMatchObject({ failuresInARow: 4, lastError: expect.stringContaining('НБУ не відповідає') });
    expect(card.runs).toHaveLength(4);
    const log = (await api('GET', '/api/integrations/runs?key=nbu&limit=2')).json();
    expect(log.map((r: { ok: boolean; trigger: string }) => [r.ok, r.trigger])).toEqual([
      [false, 'schedule'],
      [false, 'manual'],
    ]);
    nbu.failing = false;
    expect((await api('POST', '/api/integrations/nbu/run')).json().ok).toBe(true);
    expect((await open())[0]!.n).toBe(0);
    expect((await api('GET', '/api/integrations/nbu')).json()).toMatchObject({ failuresInARow: 0, lastError: null });
  });

  it('runs the schedule once per slot and not while disabled', async () => {
    const at = new Date('2026-11-24T07:05:00Z'); // 09:05 in Kyiv: the catch-up slot
    nbu.setRates('2026-11-24', { USD: '41.4', EUR: '47.9', PLN: '10.6' });
    expect(await nbuTick(t.db, nbu.url, at)).toMatchObject({ ok: true });
    expect(await nbuTick(t.db, nbu.url, new Date(at.getTime() + 60_000))).toBeNull();
    expect((await api('PUT', '/api/integrations/nbu', { enabled: false })).json().enabled).toBe(false);
    expect(await nbuTick(t.db, nbu.url, new Date('2026-11-24T14:31:00Z'))).toBeNull();
    await api('PUT', '/api/integrations/nbu', { enabled: true });
  });

  it('locks the base currency once a document exists', async () => {
    const eur = (await api('GET', '/api/currencies?search=EUR')).json();
    const id = (eur.items ?? eur)[0].id;
    const res = await api('PATCH', `/api/currencies/${id}`, { isBase: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('Базову валюту не можна змінити: у системі вже є документи');
  });

  it('answers 400 to bad input and 403 without the page', async () => {
    for (const [url, body] of [
      ['/api/currency-rates/fetch', { from: '2025-01-01', to: '2026-06-01' }],
      ['/api/currency-rates/fetch', {}],
      ['/api/currency-rates', { currencyCode: 'UAH', date: FRI, rate: '1' }],
      ['/api/currency-rates', { currencyCode: 'USD', date: FRI, rate: '0' }],
    ] as const) {
      const res = await api('POST', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)} ${res.body}`).toBe(400);
    }
    expect(
      (await api('GET', '/api/currency-rates/convert?amount=abc&from=USD&to=UAH&date=2026-11-20')).statusCode,
    ).toBe(400);
    const clerk = await createUser(t.db, { password: 'clerk-pass' });
    const other = (await signIn(t.app, clerk.username, 'clerk-pass')).cookie;
    expect((await api('GET', '/api/currency-rates', undefined, other)).statusCode).toBe(403);
    expect((await api('GET', '/api/integrations/nbu', undefined, other)).statusCode).toBe(403);
  });
});
