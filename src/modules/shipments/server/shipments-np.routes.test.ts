// Nova Poshta against the local stand-in (sales.md §3 "Done means", reports-admin.md §15): the settings keep the key
// sealed and never answer it; the directory refresh reads pages of 500 and retires what is gone; 'Створити ЕН' fills
// the tracking number and the label opens as a PDF; a lost answer leaves 'unknown' and 'Звірити' finds the waybill
// without a second InternetDocument.save; the tracking job moves a shipment to 'Отримано' on code 9 and warns the
// manager of a refusal. No test reaches the real service.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientNpSettings } from '@/modules/clients/server/clients.table.ts';
import { notifications } from '@/modules/notifications/server/index.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { buildApp } from '@/server/app.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import type { AppInstance } from '@/server/kernel/endpoint.ts';
import { asBrowserClient, createUser, signIn } from '@/server/testing/test-app.ts';
import {
  FAKE_PRIVATE_PERSON_REF,
  startFakeNovaPoshta,
  type FakeNovaPoshta,
} from '@/server/testing/fake-nova-poshta.ts';
import { resetShipmentJobs, runShipmentJobsOnce } from './shipments.jobs.ts';
import { trackShipments } from './shipments-np.tracking.ts';
import { shipments } from './shipments.table.ts';

const KEY = '0123456789abcdef0123456789abcdef';
const CLIENT_KEY = 'fedcba9876543210fedcba9876543210';
const UNKNOWN_KEY = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

let fake: FakeNovaPoshta;
let f: SalesFixture;
let app: AppInstance;
let npCarrierId: number;
const silent = { info() {}, warn() {}, error() {} };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, payload?: unknown, cookie = f.cookie) =>
  app.inject({ method, url, payload: payload as object | undefined, headers: { cookie } });
const ok = async (res: Awaited<ReturnType<typeof api>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const jobDeps = () => ({ db: f.t.db, config: { ...f.t.config, novaPoshtaApiUrl: fake.url }, log: silent });

beforeAll(async () => {
  fake = await startFakeNovaPoshta([KEY, CLIENT_KEY]);
  f = await createSalesFixture();
  // The same database and sessions, with Nova Poshta pointed at the stand-in.
  app = asBrowserClient(
    await buildApp({
      config: { ...f.t.config, novaPoshtaApiUrl: fake.url },
      database: f.t.database,
      mailer: f.t.mailer,
    }),
    f.t.config.appUrl,
  );
  await app.ready();
  npCarrierId = (await ok(await api('GET', '/api/carriers?search=Нова'))).find(
    (c: { kind: string }) => c.kind === 'nova_poshta',
  ).id;
});
afterAll(async () => {
  await app.close();
  await f.t.close();
  await fake.close();
});

const kyiv = () => fake.cities.find((c) => c.Description === 'Київ')!;
const lviv = () => fake.cities.find((c) => c.Description === 'Львів')!;
const branchOf = (cityRef: string) =>
  fake.warehouses.find((w) => w.CityRef === cityRef && w.CategoryOfWarehouse === 'Branch')!;

async function configure(apiKey = KEY) {
  return ok(
    await api('PUT', '/api/integrations/nova-poshta', {
      apiKey,
      senderCounterpartyRef: FAKE_PRIVATE_PERSON_REF,
      senderCounterpartyName: 'Приватна особа',
      senderContactRef: '000000cc-0000-4000-8000-000000000001',
      senderContactName: 'Петренко Олена Іванівна',
      senderCityRef: kyiv().Ref,
      senderCityName: 'Київ',
      senderWarehouseRef: branchOf(kyiv().Ref).Ref,
      senderWarehouseName: 'Відділення №1',
      senderPhone: '0501112233',
    }),
  );
}

let phoneSeq = 0;
/** A confirmed order delivered by Nova Poshta to a Lviv branch, and its draft shipment with a weight. */
async function npShipment(opts: { clientId?: number; phone?: string } = {}) {
  const item = await f.product({ stock: '10', cost: '50.00' });
  const orderId = await f.order([{ itemId: item, qty: '2', unitPrice: '500' }], {
    confirm: true,
    ...(opts.clientId ? { clientId: opts.clientId } : {}),
    carrierId: npCarrierId,
    recipientName: 'Коваль Ігор Петрович',
    recipientPhone: opts.phone ?? `+38050${String(1000000 + ++phoneSeq)}`,
    npCityRef: lviv().Ref,
    npCityName: 'Львів',
    deliveryType: 'branch',
    npWarehouseRef: branchOf(lviv().Ref).Ref,
    npWarehouseNumber: '1',
    npWarehouseAddress: 'вул. Шевченка, 10',
  });
  const draft = await ok(await api('POST', '/api/shipments', { orderId }), 201);
  expect(draft).toMatchObject({
    carrierKind: 'nova_poshta',
    recipientName: 'Коваль Ігор Петрович',
    npCityName: 'Львів',
  });
  return ok(await api('PATCH', `/api/shipments/${draft.id}`, { version: draft.version, weightKg: '1.5' }));
}

describe('Nova Poshta settings and directory', () => {
  it('keeps the key sealed, never answers it, and tests it', async () => {
    const before = await ok(await api('GET', '/api/integrations/nova-poshta'));
    expect(before).toMatchObject({ hasApiKey: false, senderReady: false, trackingIntervalHours: 2 });
    const bad = await api('PUT', '/api/integrations/nova-poshta', { apiKey: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.apiKey).toBe('Ключ API Нової пошти — 32 шістнадцяткові символи');

    const saved = await configure();
    expect(saved).toMatchObject({ hasApiKey: true, senderReady: true, senderPhone: '+380501112233' });
    const read = await api('GET', '/api/integrations/nova-poshta');
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.body).not.toContain(KEY);
    const [row] = await f.t.db.select().from(settings).where(eq(settings.key, 'integrations.novaPoshta'));
    expect(JSON.stringify(row!.value)).not.toContain(KEY);
    const logged = await f.t.db.select().from(auditLog).where(eq(auditLog.entityId, 'integrations.novaPoshta'));
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(KEY);

    const good = await ok(await api('POST', '/api/integrations/nova-poshta/test'));
    expect(good).toMatchObject({ valid: true, message: 'Ключ дійсний' });
    expect(good.counterparties[0].ref).toBe(FAKE_PRIVATE_PERSON_REF);
    const wrong = await ok(await api('POST', '/api/integrations/nova-poshta/test', { apiKey: UNKNOWN_KEY }));
    expect(wrong).toMatchObject({ valid: false, message: 'Нова пошта: термін дії ключа API минув' });
    const options = await ok(
      await api('GET', `/api/integrations/nova-poshta/sender-options?counterpartyRef=${FAKE_PRIVATE_PERSON_REF}`),
    );
    expect(options.contacts[0]).toMatchObject({ description: 'Петренко Олена Іванівна', phone: '380501112233' });
    // Calls to the service carried the key; answers never do.
    expect(fake.calls('Counterparty.getCounterparties').map((r) => r.apiKey)).toEqual(
      expect.arrayContaining([KEY, UNKNOWN_KEY]),
    );
  });

  it('refreshes the directory in pages of 500, searches it, and retires what Nova Poshta no longer lists', async () => {
    await configure();
    fake.addWarehouses(lviv().Ref, 600);
    const before = fake.calls('Address.getWarehouses').length;
    const result = await ok(await api('POST', '/api/integrations/nova-poshta/refresh-directory'));
    expect(result).toMatchObject({ settlements: 6, warehouses: 618 });
    const log = (await ok(await api('GET', '/api/integrations/nova-poshta'))).runs;
    expect(log[0]).toMatchObject({ trigger: 'manual', ok: true, message: expect.stringContaining('відділень — 618') });
    const pages = fake
      .calls('Address.getWarehouses')
      .slice(before)
      .map((r) => [r.methodProperties.Page, r.methodProperties.Limit]);
    expect(pages).toEqual([
      ['1', '500'],
      ['2', '500'],
    ]);
    const info = await ok(await api('GET', '/api/integrations/nova-poshta'));
    expect(info).toMatchObject({ settlementCount: 6, warehouseCount: 618 });
    expect(info.lastDirectoryRefreshAt).not.toBeNull();

    // Any signed-in user may search; exact, then prefix, then contains.
    const plain = await createUser(f.t.db, { password: 'np-plain-pass' });
    const plainCookie = (await signIn(f.t.app, plain.username, 'np-plain-pass')).cookie;
    expect((await api('GET', '/api/integrations/nova-poshta', undefined, plainCookie)).statusCode).toBe(403);
    expect(
      (await api('POST', '/api/integrations/nova-poshta/refresh-directory', undefined, plainCookie)).statusCode,
    ).toBe(403);
    fake.cities = [
      ...fake.cities,
      {
        Ref: '000000c1-0000-4000-8000-0000000000a1',
        Description: 'Малий Київ',
        AreaDescription: 'Київська',
        SettlementTypeDescription: 'село',
      },
      {
        Ref: '000000c1-0000-4000-8000-0000000000a2',
        Description: 'Київець',
        AreaDescription: 'Львівська',
        SettlementTypeDescription: 'село',
      },
    ];
    await ok(await api('POST', '/api/integrations/nova-poshta/refresh-directory'));
    const found = await ok(
      await api('GET', `/api/nova-poshta/settlements?search=${encodeURIComponent('київ')}`, undefined, plainCookie),
    );
    expect(found.map((s: { name: string }) => s.name)).toEqual(['Київ', 'Київець', 'Малий Київ']);
    const branches = await api(
      'GET',
      `/api/nova-poshta/warehouses?cityRef=${lviv().Ref}&limit=5`,
      undefined,
      plainCookie,
    );
    expect(branches.headers['x-total-count']).toBe('603');
    expect(branches.json().map((w: { number: string }) => w.number)).toEqual(['1', '2', '103', '1001', '1002']);
    const postomats = await ok(
      await api('GET', `/api/nova-poshta/warehouses?cityRef=${lviv().Ref}&type=postomat`, undefined, plainCookie),
    );
    expect(postomats).toHaveLength(1);
    expect(postomats[0]).toMatchObject({ category: 'Postomat', maxWeightKg: '20.00' });
    const byNumber = await ok(
      await api('GET', `/api/nova-poshta/warehouses?cityRef=${lviv().Ref}&search=2`, undefined, plainCookie),
    );
    expect(byNumber[0].number).toBe('2');
    expect((await api('GET', '/api/nova-poshta/warehouses', undefined, plainCookie)).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/nova-poshta/settlements?search=Київ' })).statusCode).toBe(401);

    // Gone from Nova Poshta: inactive, no longer offered.
    fake.cities = fake.cities.filter((c) => c.Description !== 'Малий Київ');
    fake.warehouses = fake.warehouses.filter((w) => w.Number.length < 4);
    const second = await ok(await api('POST', '/api/integrations/nova-poshta/refresh-directory'));
    expect(second).toMatchObject({ deactivatedSettlements: 1, deactivatedWarehouses: 600 });
    const after = await ok(await api('GET', `/api/nova-poshta/settlements?search=${encodeURIComponent('київ')}`));
    expect(after.map((s: { name: string }) => s.name)).toEqual(['Київ', 'Київець']);
    fake.reset();
    await ok(await api('POST', '/api/integrations/nova-poshta/refresh-directory'));
  });
});

describe('Nova Poshta waybills', () => {
  it("'Створити ЕН' fills the tracking number, the label opens as a PDF, and the recipient is saved once", async () => {
    await configure();
    const draft = await npShipment({ phone: '+380671234567' });

    const price = await ok(await api('POST', `/api/shipments/${draft.id}/np-price`));
    expect(price.shipment.shippingCost).toBe('80.00');
    expect(price.shipment.estimatedDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(price.message).toContain('80,00 грн');

    const saves = fake.calls('InternetDocument.save').length;
    const created = await ok(await api('POST', `/api/shipments/${draft.id}/np-waybill`));
    const s = created.shipment;
    expect(s).toMatchObject({ waybillState: 'created', deliveryStatus: 'created', shippingCost: '80.00' });
    expect(s.trackingNumber).toMatch(/^\d{14}$/);
    expect(created.message).toBe(`ЕН ${s.trackingNumber} створено`);
    expect(s.trackingUrl).toBe(`https://novaposhta.ua/tracking/?cargo_number=${s.trackingNumber}`);
    const [save] = fake.calls('InternetDocument.save').slice(saves);
    expect(save!.methodProperties).toMatchObject({
      PayerType: 'Recipient',
      PaymentMethod: 'Cash',
      CargoType: 'Parcel',
      Weight: '1.500',
      SeatsAmount: '1',
      ServiceType: 'WarehouseWarehouse',
      Cost: '1200.00',
      CitySender: kyiv().Ref,
      Sender: FAKE_PRIVATE_PERSON_REF,
      SenderAddress: branchOf(kyiv().Ref).Ref,
      SendersPhone: '380501112233',
      CityRecipient: lviv().Ref,
      RecipientAddress: branchOf(lviv().Ref).Ref,
      RecipientsPhone: '380671234567',
      InfoRegClientBarcodes: draft.number,
    });
    expect(save!.methodProperties.DateTime).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(save!.methodProperties).not.toHaveProperty('AfterpaymentOnGoodsCost');
    const counterpartySaves = fake.calls('Counterparty.save');
    expect(counterpartySaves.at(-1)!.methodProperties).toMatchObject({
      CounterpartyProperty: 'Recipient',
      CounterpartyType: 'PrivatePerson',
      LastName: 'Коваль',
      FirstName: 'Ігор',
      MiddleName: 'Петрович',
      Phone: '380671234567',
    });
    const [refs] = await f.t.db.select().from(clientNpSettings).where(eq(clientNpSettings.clientId, f.clientId));
    expect(refs!.recipientCounterpartyRef).toBe(FAKE_PRIVATE_PERSON_REF);
    expect(refs!.contactPersonRefs['+380671234567']).toBe(save!.methodProperties.ContactRecipient);

    // The delivery fields are on the carrier's document now.
    const locked = await api('PATCH', `/api/shipments/${draft.id}`, { version: s.version, weightKg: '3' });
    expect(locked.statusCode).toBe(409);
    expect((await api('POST', `/api/shipments/${draft.id}/np-waybill`)).statusCode).toBe(409);

    for (const format of ['100x100', '85x85', 'a4']) {
      const label = await api('GET', `/api/shipments/${draft.id}/np-label?format=${format}`);
      expect(label.statusCode, label.body).toBe(200);
      expect(label.headers['content-type']).toContain('application/pdf');
      expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(label.body).not.toContain(KEY);
      expect(JSON.stringify(label.headers)).not.toContain(KEY);
    }

    // Deleted while only created; a new one reuses the saved recipient (no second Counterparty.save).
    const deleted = await ok(await api('DELETE', `/api/shipments/${draft.id}/np-waybill`));
    expect(deleted.shipment).toMatchObject({ waybillState: 'deleted', trackingNumber: null, deliveryStatus: 'none' });
    expect(fake.documents.get(s.trackingNumber)!.deleted).toBe(true);
    const counterpartyCount = fake.calls('Counterparty.save').length;
    const again = await ok(await api('POST', `/api/shipments/${draft.id}/np-waybill`));
    expect(again.shipment.trackingNumber).not.toBe(s.trackingNumber);
    expect(fake.calls('Counterparty.save')).toHaveLength(counterpartyCount);
    await ok(await api('POST', `/api/shipments/${draft.id}/post`));
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it("a lost answer leaves 'unknown' and 'Звірити' finds the waybill without a second save", async () => {
    await configure();
    const draft = await npShipment();
    const saves = () =>
      fake.calls('InternetDocument.save').filter((r) => r.methodProperties.InfoRegClientBarcodes === draft.number);

    fake.failNext('timeout', { method: 'InternetDocument.save' });
    const lost = await api('POST', `/api/shipments/${draft.id}/np-waybill`);
    expect(lost.statusCode).toBe(502);
    expect(lost.json().error).toContain('Звірити');
    const unknown = await ok(await api('GET', `/api/shipments/${draft.id}`));
    expect(unknown).toMatchObject({ waybillState: 'unknown', trackingNumber: null });
    expect(saves()).toHaveLength(1);
    const stats = await ok(await api('GET', '/api/shipments/stats'));
    expect(stats.problems).toBeGreaterThanOrEqual(1);
    const problems = await ok(await api('GET', '/api/shipments?problems=true'));
    expect(problems.map((p: { id: number }) => p.id)).toContain(draft.id);
    const [warning] = await f.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dedupeKey, `shipment-problem:${draft.id}`), eq(notifications.userId, f.adminId)));
    expect(warning).toMatchObject({ type: 'warning', priority: 'high', isResolved: false });

    // No second waybill while the first may exist.
    const blocked = await api('POST', `/api/shipments/${draft.id}/np-waybill`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toContain('Звірити');

    const reconciled = await ok(await api('POST', `/api/shipments/${draft.id}/np-reconcile`));
    const made = [...fake.documents.values()].find((d) => d.infoRegClientBarcodes === draft.number)!;
    expect(reconciled.message).toBe(`ЕН ${made.number} знайдено в Новій пошті`);
    expect(reconciled.shipment).toMatchObject({
      waybillState: 'created',
      trackingNumber: made.number,
      npRef: made.ref,
    });
    expect(saves()).toHaveLength(1);
    expect(fake.calls('InternetDocument.getDocumentList').at(-1)!.methodProperties.GetFullList).toBe('1');
    const [resolved] = await f.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dedupeKey, `shipment-problem:${draft.id}`), eq(notifications.userId, f.adminId)));
    expect(resolved!.isResolved).toBe(true);
    expect((await api('POST', `/api/shipments/${draft.id}/np-reconcile`)).statusCode).toBe(409);
  });

  it('a 5xx that created nothing: reconciling clears the state and a new waybill is made; a refusal gives the state back', async () => {
    await configure();
    const draft = await npShipment();
    fake.failNext('5xx', { method: 'InternetDocument.save' });
    expect((await api('POST', `/api/shipments/${draft.id}/np-waybill`)).statusCode).toBe(502);
    expect((await ok(await api('GET', `/api/shipments/${draft.id}`))).waybillState).toBe('unknown');
    const missing = await ok(await api('POST', `/api/shipments/${draft.id}/np-reconcile`));
    expect(missing).toMatchObject({ message: 'ЕН у Новій пошті не знайдено — можна створити нову' });
    expect(missing.shipment.waybillState).toBe('none');
    const made = await ok(await api('POST', `/api/shipments/${draft.id}/np-waybill`));
    expect(made.shipment.waybillState).toBe('created');
    expect([...fake.documents.values()].filter((d) => d.infoRegClientBarcodes === draft.number)).toHaveLength(1);

    // Nova Poshta refuses outright (a key it does not know): nothing was created, the state is 'none' again.
    const other = await f.client('Світлотех', 4401);
    const refusedDraft = await npShipment({ clientId: other });
    await configure(UNKNOWN_KEY);
    const refused = await api('POST', `/api/shipments/${refusedDraft.id}/np-waybill`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Нова пошта: термін дії ключа API минув');
    expect((await ok(await api('GET', `/api/shipments/${refusedDraft.id}`))).waybillState).toBe('none');
    await configure();
    // Data Nova Poshta needs is checked first, in Ukrainian.
    const noWeight = await ok(await api('GET', `/api/shipments/${refusedDraft.id}`));
    const cleared = await ok(
      await api('PATCH', `/api/shipments/${refusedDraft.id}`, {
        version: noWeight.version,
        weightKg: '',
        recipientName: 'Коваль',
      }),
    );
    const invalid = await api('POST', `/api/shipments/${refusedDraft.id}/np-waybill`);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({
      weightKg: 'Вкажіть вагу відправлення',
      recipientName: 'Вкажіть прізвище та ім’я отримувача',
    });
    expect(cleared.weightKg).toBeNull();
  });

  it("the tracking job moves a shipment to 'Отримано' on code 9 and warns the manager of a refusal", async () => {
    await configure();
    const first = await npShipment();
    const second = await npShipment();
    const a = (await ok(await api('POST', `/api/shipments/${first.id}/np-waybill`))).shipment;
    const b = (await ok(await api('POST', `/api/shipments/${second.id}/np-waybill`))).shipment;
    await ok(await api('POST', `/api/shipments/${first.id}/post`));
    await ok(await api('POST', `/api/shipments/${second.id}/post`));

    fake.setStatus(a.trackingNumber, '5');
    const moving = await ok(await api('POST', `/api/shipments/${first.id}/track`));
    expect(moving.shipment).toMatchObject({
      deliveryStatus: 'in_transit',
      deliveryStatusCode: '5',
      deliveryStatusText: 'Відправлення прямує до міста отримувача',
    });
    // Handed over: the waybill can no longer be deleted.
    expect((await api('DELETE', `/api/shipments/${first.id}/np-waybill`)).statusCode).toBe(409);

    fake.setStatus(a.trackingNumber, '9');
    fake.setStatus(b.trackingNumber, '103');
    await resetShipmentJobs(f.t.db);
    const tracked = fake.calls('TrackingDocument.getStatusDocuments').length;
    await runShipmentJobsOnce(jobDeps());
    expect(fake.calls('TrackingDocument.getStatusDocuments').length).toBeGreaterThan(tracked);
    // The run is in the Nova Poshta card's run log (/integrations), beside the directory refresh if that was due too.
    const card = await ok(await api('GET', '/api/integrations/nova-poshta'));
    const trackingRun = (card.runs as Array<{ trigger: string; ok: boolean; message: string }>).find((r) =>
      r.message.startsWith('Трекінг:'),
    );
    expect(trackingRun).toMatchObject({
      trigger: 'schedule',
      ok: true,
      message: expect.stringMatching(/^Трекінг: перевірено відправлень — [1-9]/),
    });
    const delivered = await ok(await api('GET', `/api/shipments/${first.id}`));
    expect(delivered).toMatchObject({ deliveryStatus: 'delivered', deliveryStatusCode: '9' });
    expect(delivered.deliveredAt).not.toBeNull();
    expect(delivered.trackingHistory.map((e: { code: string; status: string }) => [e.code, e.status])).toEqual([
      ['1', 'created'],
      ['5', 'in_transit'],
      ['9', 'delivered'],
    ]);
    const refused = await ok(await api('GET', `/api/shipments/${second.id}`));
    expect(refused).toMatchObject({ deliveryStatus: 'refused', deliveryStatusCode: '103' });
    const [warning] = await f.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dedupeKey, `shipment-problem:${second.id}`), eq(notifications.userId, f.adminId)));
    expect(warning).toMatchObject({ type: 'warning', priority: 'high', actionRequired: true });
    expect(warning!.actionUrl).toBe(`/shipments?search=${refused.number}`);
    const [info] = await f.t.db
      .select()
      .from(notifications)
      .where(and(like(notifications.title, `%${first.number}%`), eq(notifications.type, 'info')));
    expect(info).toMatchObject({ priority: 'low', userId: f.adminId });

    // Not due again within the interval: no more calls; a delivered waybill is no longer tracked.
    const calls = fake.calls('TrackingDocument.getStatusDocuments').length;
    await runShipmentJobsOnce(jobDeps());
    expect(fake.calls('TrackingDocument.getStatusDocuments')).toHaveLength(calls);
    await resetShipmentJobs(f.t.db);
    await runShipmentJobsOnce(jobDeps());
    const numbers = fake
      .calls('TrackingDocument.getStatusDocuments')
      .slice(calls)
      .flatMap((r) => (r.methodProperties.Documents as Array<{ DocumentNumber: string }>).map((d) => d.DocumentNumber));
    expect(numbers).toContain(b.trackingNumber);
    expect(numbers).not.toContain(a.trackingNumber);
    const stats = await ok(await api('GET', '/api/shipments/stats'));
    expect(stats.deliveredThisWeek).toBeGreaterThanOrEqual(1);
  });

  it('asks for tracking in batches of 100', async () => {
    await configure();
    const base = await npShipment();
    const [row] = await f.t.db.select().from(shipments).where(eq(shipments.id, base.id));
    await f.t.db.insert(shipments).values(
      Array.from({ length: 150 }, (_, i) => ({
        number: `SHP-TRK-${String(i).padStart(5, '0')}`,
        shipmentDate: row!.shipmentDate,
        status: 'posted',
        orderId: row!.orderId,
        warehouseId: row!.warehouseId,
        carrierId: npCarrierId,
        trackingNumber: `59000${String(i).padStart(9, '0')}`,
        waybillState: 'created' as const,
        deliveryStatus: 'created' as const,
      })),
    );
    const before = fake.calls('TrackingDocument.getStatusDocuments').length;
    const run = await trackShipments(
      { db: f.t.db, apiUrl: fake.url, appSecret: f.t.config.sessionSecret },
      { userId: null, actor: 'test' },
    );
    const sizes = fake
      .calls('TrackingDocument.getStatusDocuments')
      .slice(before)
      .map((r) => (r.methodProperties.Documents as unknown[]).length);
    expect(sizes.every((n) => n <= 100)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(150);
    expect(run.failed).toBe(0);
    // Numbers Nova Poshta does not know (code 3) change nothing but the time they were asked about.
    const [unknown] = await f.t.db.select().from(shipments).where(eq(shipments.number, 'SHP-TRK-00000'));
    expect(unknown).toMatchObject({ deliveryStatus: 'created', trackingHistory: [] });
    expect(unknown!.lastTrackedAt).not.toBeNull();
    await f.t.db.delete(shipments).where(like(shipments.number, 'SHP-TRK-%'));
  });

  it("sends under the client's own contract with the client's key", async () => {
    await configure();
    const client = await f.client('Дніпротех', 4402);
    await ok(
      await api('PUT', `/api/clients/${client}/nova-poshta-settings`, {
        apiKey: CLIENT_KEY,
        senderCounterpartyRef: '000000ee-0000-4000-8000-000000000001',
        senderContactRef: '000000ee-0000-4000-8000-000000000002',
        senderCityRef: kyiv().Ref,
        senderWarehouseRef: branchOf(kyiv().Ref).Ref,
        senderPhone: '0931112233',
        isActive: true,
      }),
    );
    const draft = await npShipment({ clientId: client });
    expect(draft.clientNpProfile).toBe(true);
    const own = await ok(
      await api('PATCH', `/api/shipments/${draft.id}`, { version: draft.version, senderProfile: 'client' }),
    );
    const made = await ok(await api('POST', `/api/shipments/${own.id}/np-waybill`));
    const doc = fake.documents.get(made.shipment.trackingNumber)!;
    expect(doc.apiKey).toBe(CLIENT_KEY);
    expect(doc.properties).toMatchObject({
      Sender: '000000ee-0000-4000-8000-000000000001',
      SendersPhone: '380931112233',
    });
    const label = await api('GET', `/api/shipments/${own.id}/np-label`);
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The recipient refs of our own contract are not polluted by the client's.
    const [refs] = await f.t.db.select().from(clientNpSettings).where(eq(clientNpSettings.clientId, client));
    expect(refs!.contactPersonRefs).toEqual({});
  });

  it("tells /clients when the client's own key is refused while tracking, and clears it when the key is replaced", async () => {
    await configure();
    const client = await f.client('Кременчукприлад', 4403);
    const profile = {
      senderCounterpartyRef: '000000ee-0000-4000-8000-000000000001',
      senderContactRef: '000000ee-0000-4000-8000-000000000002',
      senderCityRef: kyiv().Ref,
      senderWarehouseRef: branchOf(kyiv().Ref).Ref,
      senderPhone: '0931112233',
      isActive: true,
    };
    await ok(await api('PUT', `/api/clients/${client}/nova-poshta-settings`, { apiKey: CLIENT_KEY, ...profile }));
    const draft = await npShipment({ clientId: client });
    const own = await ok(
      await api('PATCH', `/api/shipments/${draft.id}`, { version: draft.version, senderProfile: 'client' }),
    );
    await ok(await api('POST', `/api/shipments/${own.id}/np-waybill`));
    // The client's key stops working (Nova Poshta answers 'API key expired' to an unknown key).
    await ok(await api('PUT', `/api/clients/${client}/nova-poshta-settings`, { apiKey: 'a'.repeat(32) }));
    const key = `np-client-key:${client}`;
    const open = () =>
      f.t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.dedupeKey, key), eq(notifications.userId, f.adminId)));

    const run = await trackShipments(
      { db: f.t.db, apiUrl: fake.url, appSecret: f.t.config.sessionSecret },
      { userId: null, actor: 'test' },
      [own.id],
    );
    expect(run.failed).toBe(1);
    const [notice] = await open();
    expect(notice).toMatchObject({
      type: 'error',
      priority: 'medium',
      title: 'Ключ Нової пошти клієнта відхилено',
      actionRequired: true,
      actionUrl: `/clients/${client}/nova-poshta-settings`,
      relatedEntityType: 'client',
      relatedEntityId: String(client),
      isResolved: false,
    });
    expect(notice!.message).toBe(
      'Кременчукприлад: Нова пошта: термін дії ключа API минув. Відправлення цього клієнта не відстежуються, доки ключ не замінять.',
    );

    await ok(await api('PUT', `/api/clients/${client}/nova-poshta-settings`, { apiKey: CLIENT_KEY }));
    expect((await open())[0]!.isResolved).toBe(true);
  });
});
