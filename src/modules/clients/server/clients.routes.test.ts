// Clients and suppliers (reference-data.md §13 and its "Done means"): one counterparty in both views, requisites
// checked, bank accounts, delivery presets with one primary, and the Nova Poshta identity with a write-only key.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleIbanUa } from '@/shared/requisites.ts';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { startFakeNovaPoshta, type FakeNovaPoshta } from '@/server/testing/fake-nova-poshta.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { clientNpSettings } from './clients.table.ts';

const GOOD_KEY = '0123456789abcdef0123456789abcdef';
const WRONG_KEY = 'ffffffffffffffffffffffffffffffff';

let t: TestApp;
let np: FakeNovaPoshta;
let cookie: string;

beforeAll(async () => {
  np = await startFakeNovaPoshta([GOOD_KEY]);
  t = await createTestApp({ NOVA_POSHTA_API_URL: np.url });
  const admin = await createUser(t.db, { password: 'clients-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'clients-pass')).cookie;
});
afterAll(async () => {
  await t.close();
  await np.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie } });

const firm = {
  legalForm: 'legal_entity',
  name: 'Електросвіт',
  fullName: 'ТОВ «Електросвіт»',
  taxId: '14360570',
  phone: '067 123 45 67',
};

describe('counterparties', () => {
  let supplierId: number;

  it('checks the ЄДРПОУ check digit and normalises the phone', async () => {
    const bad = await api('POST', '/api/suppliers', { ...firm, taxId: '14360571' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.taxId).toBe('Невірна контрольна цифра ЄДРПОУ');

    const ok = await api('POST', '/api/suppliers', firm);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ taxId: '14360570', phone: '+380671234567', isClient: false });
    supplierId = ok.json().id;
  });

  it('checks the РНОКПП of a ФОП and requires the full name of a legal entity', async () => {
    const fop = await api('POST', '/api/clients', {
      legalForm: 'sole_proprietor',
      name: 'ФОП Коваль',
      taxId: '3184710692',
    });
    expect(fop.statusCode).toBe(400);
    expect(fop.json().fields.taxId).toBe('Невірна контрольна цифра РНОКПП');
    const noFull = await api('POST', '/api/clients', { legalForm: 'legal_entity', name: 'Без назви' });
    expect(noFull.json().fields.fullName).toMatch(/Повна назва/);
  });

  it('shows a supplier marked as a client on both lists, once, and refuses a second one with the same ЄДРПОУ', async () => {
    expect((await api('GET', `/api/clients/${supplierId}`)).statusCode).toBe(404);
    const dup = await api('POST', '/api/clients', { ...firm, name: 'Інша назва' });
    expect(dup.statusCode).toBe(409);
    expect(Object.keys(dup.json().fields)).toEqual(['taxId']);

    expect((await api('PATCH', `/api/suppliers/${supplierId}`, { isClient: true })).statusCode).toBe(200);
    const clients = (await api('GET', '/api/clients?search=14360570')).json();
    const suppliers = (await api('GET', '/api/suppliers?search=14360570')).json();
    expect(clients.map((c: { id: number }) => c.id)).toEqual([supplierId]);
    expect(suppliers.map((c: { id: number }) => c.id)).toEqual([supplierId]);
  });

  it('keeps bank accounts with a checked IBAN and one default per currency', async () => {
    const iban = sampleIbanUa('305299', 1);
    const broken = iban.slice(0, -1) + (iban.endsWith('0') ? '1' : '0');
    const bad = await api('PUT', `/api/clients/${supplierId}/bank-accounts`, { accounts: [{ iban: broken }] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Невірна контрольна сума IBAN');

    const spaced = iban.replace(/(.{4})/g, '$1 ').toLowerCase();
    const res = await api('PUT', `/api/clients/${supplierId}/bank-accounts`, {
      accounts: [{ iban: spaced, bankName: 'ПриватБанк' }, { iban: sampleIbanUa('305299', 2) }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([
      { iban, isDefault: true, mfo: '305299', currencyCode: 'UAH' },
      { isDefault: false },
    ]);
    // The supplier view reads the same accounts.
    expect((await api('GET', `/api/suppliers/${supplierId}/bank-accounts`)).json()).toHaveLength(2);
  });
});

describe('delivery presets', () => {
  let clientId: number;
  let carrierId: number;

  beforeAll(async () => {
    clientId = (await api('POST', '/api/clients', { legalForm: 'individual', name: 'Ірина Мельник' })).json().id;
    carrierId = (await api('POST', '/api/carriers', { name: 'Нова пошта', kind: 'nova_poshta' })).json().id;
  });

  const preset = (label: string) => ({
    label,
    carrierId,
    recipientName: 'Ірина Мельник',
    recipientPhone: '0501234567',
    cityName: 'Київ',
    deliveryType: 'branch',
    warehouseNumber: '12',
  });

  it('makes the first preset primary, and making another primary clears the first', async () => {
    const first = await api('POST', `/api/clients/${clientId}/delivery-settings`, preset('Дім'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ isPrimary: true, recipientPhone: '+380501234567', carrierName: 'Нова пошта' });
    const second = (await api('POST', `/api/clients/${clientId}/delivery-settings`, preset('Офіс'))).json();
    expect(second.isPrimary).toBe(false);

    const made = await api('POST', `/api/clients/${clientId}/delivery-settings/${second.id}/make-primary`);
    expect(made.json().isPrimary).toBe(true);
    const list = (await api('GET', `/api/clients/${clientId}/delivery-settings`)).json();
    expect(list.filter((p: { isPrimary: boolean }) => p.isPrimary).map((p: { id: number }) => p.id)).toEqual([
      second.id,
    ]);
  });

  it('requires a complete place for the delivery type, on create and on change', async () => {
    const res = await api('POST', `/api/clients/${clientId}/delivery-settings`, {
      ...preset('Без адреси'),
      deliveryType: 'address',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ street: expect.any(String), building: expect.any(String) });
    const [one] = (await api('GET', `/api/clients/${clientId}/delivery-settings`)).json();
    const patch = await api('PATCH', `/api/clients/${clientId}/delivery-settings/${one.id}`, {
      deliveryType: 'address',
    });
    expect(patch.statusCode).toBe(400);
  });

  it('deletes a preset and audits it; another client’s preset is not reachable', async () => {
    const other = (await api('POST', '/api/clients', { legalForm: 'individual', name: 'Інший' })).json().id;
    const [one] = (await api('GET', `/api/clients/${clientId}/delivery-settings`)).json();
    expect((await api('DELETE', `/api/clients/${other}/delivery-settings/${one.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/clients/${clientId}/delivery-settings/${one.id}`)).statusCode).toBe(204);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'client_delivery_presets'));
    expect(audits.map((a) => a.action)).toContain('delete');
  });
});

describe('Nova Poshta identity', () => {
  let clientId: number;
  beforeAll(async () => {
    clientId = (await api('POST', '/api/clients', { legalForm: 'individual', name: 'Клієнт з договором НП' })).json()
      .id;
  });

  it('keeps the key write-only and sealed, and tests it against the service', async () => {
    const put = await api('PUT', `/api/clients/${clientId}/nova-poshta-settings`, {
      apiKey: WRONG_KEY,
      senderPhone: '067 000 11 22',
      isActive: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ hasApiKey: true, senderPhone: '+380670001122' });
    expect(put.body).not.toContain(WRONG_KEY);
    const [row] = await t.db.select().from(clientNpSettings).where(eq(clientNpSettings.clientId, clientId));
    expect(row!.apiKeySealed).not.toContain(WRONG_KEY);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'client_np_settings'));
    expect(JSON.stringify(audits)).not.toContain(WRONG_KEY);

    const wrong = await api('POST', `/api/clients/${clientId}/nova-poshta-settings/test`);
    expect(wrong.json()).toEqual({ valid: false, message: 'Нова пошта: термін дії ключа API минув' });
    expect(np.requests.at(-1)).toMatchObject({
      apiKey: WRONG_KEY,
      modelName: 'Counterparty',
      calledMethod: 'getCounterparties',
    });

    await api('PUT', `/api/clients/${clientId}/nova-poshta-settings`, { apiKey: GOOD_KEY });
    const good = await api('POST', `/api/clients/${clientId}/nova-poshta-settings/test`);
    expect(good.json()).toEqual({ valid: true, message: 'Ключ дійсний' });
    const got = await api('GET', `/api/clients/${clientId}/nova-poshta-settings`);
    expect(got.body).not.toContain(GOOD_KEY);
    expect(got.json()).toMatchObject({ hasApiKey: true, senderPhone: '+380670001122', isActive: true });

    const removed = await api('DELETE', `/api/clients/${clientId}/nova-poshta-settings/api-key`);
    expect(removed.json()).toMatchObject({ hasApiKey: false, isActive: false, message: 'Ключ API видалено' });
    expect((await api('POST', `/api/clients/${clientId}/nova-poshta-settings/test`)).statusCode).toBe(409);
  });

  it('refuses a malformed key in Ukrainian', async () => {
    const res = await api('PUT', `/api/clients/${clientId}/nova-poshta-settings`, { apiKey: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.apiKey).toBe('Ключ API Нової пошти — 32 шістнадцяткові символи');
  });
});

describe('the clients list', () => {
  it('shows the primary contact, finds the firm by a contact name, and exports the column', async () => {
    const firm = (
      await api('POST', '/api/clients', {
        legalForm: 'legal_entity',
        name: 'Вектор-Плюс',
        fullName: 'ТОВ «Вектор-Плюс»',
      })
    ).json();
    await api('POST', '/api/client-contacts', { counterpartyId: firm.id, fullName: 'Остапчук Леся', isPrimary: true });
    await api('POST', '/api/client-contacts', { counterpartyId: firm.id, fullName: 'Гайдай Роман' });
    const found = (await api('GET', `/api/clients?search=${encodeURIComponent('гайдай')}`)).json();
    expect(found.map((c: { id: number }) => c.id)).toEqual([firm.id]);
    expect(found[0].primaryContact).toBe('Остапчук Леся');
    const csv = await api('GET', `/api/clients/export?format=csv&search=${encodeURIComponent('Вектор-Плюс')}`);
    const [header, line] = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(header).toContain('Телефон;Контактна особа');
    expect(line).toContain('Остапчук Леся');
  });
});
