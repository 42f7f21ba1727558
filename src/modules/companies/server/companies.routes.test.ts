// Companies (reference-data.md §15): exactly one default, requisites, bank accounts unique across companies, logo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleEdrpou, sampleIbanUa } from '@/shared/requisites.ts';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';

let t: TestApp;
let cookie: string;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, type?: string) =>
  t.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: { cookie, ...(type ? { 'content-type': type } : {}) },
  });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { password: 'companies-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'companies-pass')).cookie;
});
afterAll(() => t.close());

const company = (n: number) => ({
  name: `Техноприлад ${n}`,
  fullName: `ТОВ «Техноприлад ${n}»`,
  legalForm: 'ТОВ',
  taxId: sampleEdrpou(n),
  legalAddress: 'м. Київ, вул. Заводська, 1',
});

describe('companies', () => {
  let first: number;
  let second: number;

  it('makes the first company the default and keeps exactly one', async () => {
    const a = await api('POST', '/api/companies', company(1));
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().isDefault).toBe(true);
    first = a.json().id;
    const b = await api('POST', '/api/companies', company(2));
    expect(b.json().isDefault).toBe(false);
    second = b.json().id;

    const drop = await api('PATCH', `/api/companies/${first}`, { isDefault: false });
    expect(drop.statusCode).toBe(400);
    expect(drop.json().fields.isDefault).toMatch(/має бути позначене в одного запису/);
    expect((await api('PATCH', `/api/companies/${first}`, { isActive: false })).statusCode).toBe(400);
    expect((await api('DELETE', `/api/companies/${first}`)).statusCode).toBe(409);

    expect((await api('PATCH', `/api/companies/${second}`, { isDefault: true })).json().isDefault).toBe(true);
    expect((await api('GET', `/api/companies/${first}`)).json().isDefault).toBe(false);
  });

  it('checks the tax id by form and the VAT number of a VAT payer', async () => {
    const bad = await api('POST', '/api/companies', { ...company(3), taxId: '14360571' });
    expect(bad.json().fields.taxId).toBe('Невірна контрольна цифра ЄДРПОУ');
    const vat = await api('POST', '/api/companies', { ...company(4), isVatPayer: true });
    expect(vat.json().fields.vatNumber).toBe('Для платника ПДВ вкажіть ІПН платника ПДВ');
  });

  it('keeps an IBAN with one company only', async () => {
    const iban = sampleIbanUa('300465', 7);
    const ok = await api('PUT', `/api/companies/${first}/bank-accounts`, {
      accounts: [{ iban, bankName: 'Ощадбанк' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject([{ iban, isDefault: true, mfo: '300465' }]);
    const taken = await api('PUT', `/api/companies/${second}/bank-accounts`, { accounts: [{ iban }] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('Цей IBAN уже належить іншій компанії');
    expect((await api('GET', `/api/companies/${second}/bank-accounts`)).json()).toEqual([]);
  });

  it('stores a PNG or a plain SVG logo by its real type and refuses scripts', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    expect((await api('PUT', `/api/companies/${first}/logo`, png, 'image/png')).statusCode).toBe(200);
    const got = await api('GET', `/api/companies/${first}/logo`);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await api('PUT', `/api/companies/${second}/logo`, svg, 'image/svg+xml')).statusCode).toBe(200);
    const drawn = await api('GET', `/api/companies/${second}/logo`);
    expect(drawn.headers['content-type']).toBe('image/png');
    expect(drawn.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    // Hostile SVGs are kept only as the PNG they draw: no script, handler or link survives (issue 19 §6).
    for (const evil of [
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="alert(1)"><rect width="8" height="8"/></svg>',
      '<svg/onload=alert(1) xmlns="http://www.w3.org/2000/svg" width="8" height="8"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8"><a xlink:href="&#106;avascript:alert(1)"><rect width="8" height="8"/></a><script>alert(2)</script></svg>',
    ]) {
      const answer = await api('PUT', `/api/companies/${second}/logo`, Buffer.from(evil), 'image/svg+xml');
      expect([200, 415], evil).toContain(answer.statusCode);
      if (answer.statusCode === 415) {
        expect(answer.json().error).toBe('Логотип має бути зображенням PNG, JPEG або SVG');
        continue;
      }
      const stored = await api('GET', `/api/companies/${second}/logo`);
      expect(stored.headers['content-type'], evil).toBe('image/png');
      expect(stored.rawPayload.toString('latin1'), evil).not.toMatch(/script|onload|javascript|alert/i);
    }
    const broken = await api('PUT', `/api/companies/${second}/logo`, Buffer.from('<svg><rect'), 'image/svg+xml');
    expect(broken.statusCode).toBe(415);
    const fake = await api('PUT', `/api/companies/${second}/logo`, Buffer.from('not an image'), 'image/png');
    expect(fake.statusCode).toBe(415);

    expect((await api('DELETE', `/api/companies/${first}/logo`)).statusCode).toBe(200);
    expect((await api('GET', `/api/companies/${first}/logo`)).statusCode).toBe(404);
  });
});
