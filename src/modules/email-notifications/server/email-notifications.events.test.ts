// The e-mail rules at work (reports-admin.md §14 'Done means'), mail delivered to a real SMTP server: 'shipment
// sent' for clients sends the client's contact the Nova Poshta waybill number when 'Створити ЕН' makes it (against
// the fake Nova Poshta); the daily low-stock digest lists every item low at send time, one letter per recipient, and
// a user who switched the digest off on /profile gets none.
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { buildApp } from '@/server/app.ts';
import type { AppInstance } from '@/server/kernel/endpoint.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { startSmtp, type SmtpTestServer } from '@/server/testing/smtp-server.ts';
import { asBrowserClient, createUser, signIn } from '@/server/testing/test-app.ts';
import {
  FAKE_PRIVATE_PERSON_REF,
  startFakeNovaPoshta,
  type FakeNovaPoshta,
} from '@/server/testing/fake-nova-poshta.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { emailEvent, sendDueDigests } from './index.ts';

const KEY = '0123456789abcdef0123456789abcdef';

let fake: FakeNovaPoshta;
let smtp: SmtpTestServer;
let f: SalesFixture;
let app: AppInstance;
let npCarrierId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, payload?: unknown, cookie = f.cookie) =>
  app.inject({ method, url, payload: payload as object | undefined, headers: { cookie } });
const ok = async (res: Awaited<ReturnType<typeof api>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const textOf = async (raw: string) => {
  const mail = await simpleParser(raw);
  return { subject: mail.subject ?? '', text: mail.text ?? '' };
};
const recipients = { roles: [], userIds: [], extraEmails: [], toClientContacts: false, toManager: false };

beforeAll(async () => {
  smtp = await startSmtp();
  fake = await startFakeNovaPoshta([KEY]);
  f = await createSalesFixture();
  app = asBrowserClient(
    await buildApp({
      config: { ...f.t.config, novaPoshtaApiUrl: fake.url },
      database: f.t.database,
      mailer: f.t.mailer,
    }),
    f.t.config.appUrl,
  );
  await app.ready();
  await ok(
    await api('PATCH', '/api/email-settings', {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      username: 'mailer',
      password: 's3cret',
      fromEmail: 'erp@example.com',
      isActive: true,
    }),
  );
  npCarrierId = (await ok(await api('GET', '/api/carriers?search=Нова'))).find(
    (c: { kind: string }) => c.kind === 'nova_poshta',
  ).id;
});
afterAll(async () => {
  await app.close();
  await f.t.close();
  await fake.close();
  await smtp.close();
});

describe('shipment sent', () => {
  it("sends the client's contact the waybill number when the Nova Poshta waybill is created", async () => {
    const kyiv = fake.cities.find((c) => c.Description === 'Київ')!;
    const lviv = fake.cities.find((c) => c.Description === 'Львів')!;
    const branchOf = (cityRef: string) =>
      fake.warehouses.find((w) => w.CityRef === cityRef && w.CategoryOfWarehouse === 'Branch')!;
    await ok(
      await api('PUT', '/api/integrations/nova-poshta', {
        apiKey: KEY,
        senderCounterpartyRef: FAKE_PRIVATE_PERSON_REF,
        senderCounterpartyName: 'Приватна особа',
        senderContactRef: '000000cc-0000-4000-8000-000000000001',
        senderContactName: 'Петренко Олена Іванівна',
        senderCityRef: kyiv.Ref,
        senderCityName: 'Київ',
        senderWarehouseRef: branchOf(kyiv.Ref).Ref,
        senderWarehouseName: 'Відділення №1',
        senderPhone: '0501112233',
      }),
    );
    const clientId = await f.client('Світанок', 4301);
    await ok(
      await api('POST', '/api/client-contacts', {
        counterpartyId: clientId,
        fullName: 'Мельник Оксана',
        phone: '+380671112233',
        email: 'Buh@Svitanok.ua',
        receivesDocuments: true,
      }),
      201,
    );
    await ok(
      await api('POST', '/api/client-contacts', {
        counterpartyId: clientId,
        fullName: 'Склад',
        phone: '+380671112234',
        email: 'sklad@svitanok.ua',
        receivesDocuments: false,
      }),
      201,
    );
    const rule = (await ok(await api('GET', '/api/email-notifications'))).find(
      (r: { eventKey: string }) => r.eventKey === 'client_shipment_sent',
    );
    expect(rule.isEnabled).toBe(false);
    await ok(
      await api('PUT', '/api/email-notifications/client_shipment_sent', {
        isEnabled: true,
        recipients: rule.recipients,
        subjectTemplate: rule.subjectTemplate,
        bodyTemplate: rule.bodyTemplate,
        delivery: 'immediate',
        digestTime: '08:00',
      }),
    );

    const item = await f.product({ stock: '10', cost: '50.00' });
    const orderId = await f.order([{ itemId: item, qty: '2', unitPrice: '500' }], {
      confirm: true,
      clientId,
      carrierId: npCarrierId,
      recipientName: 'Коваль Ігор Петрович',
      recipientPhone: '+380509998877',
      npCityRef: lviv.Ref,
      npCityName: 'Львів',
      deliveryType: 'branch',
      npWarehouseRef: branchOf(lviv.Ref).Ref,
      npWarehouseNumber: '1',
      npWarehouseAddress: 'вул. Шевченка, 10',
    });
    const draft = await ok(await api('POST', '/api/shipments', { orderId }), 201);
    await ok(await api('PATCH', `/api/shipments/${draft.id}`, { version: draft.version, weightKg: '1.5' }));
    const before = smtp.inbox.length;
    const created = await ok(await api('POST', `/api/shipments/${draft.id}/np-waybill`));
    const number = created.shipment.trackingNumber as string;
    expect(number).toMatch(/^\d{14}$/);

    await f.t.mailer.processDue();
    const letters = smtp.inbox.slice(before);
    expect(letters.map((l) => l.to)).toEqual([['buh@svitanok.ua']]);
    const { subject, text } = await textOf(letters[0]!.raw);
    expect(subject).toContain(number);
    expect(text).toContain(`Номер накладної: ${number}`);
    expect(text).toContain(`https://novaposhta.ua/tracking/?cargo_number=${number}`);
    expect(text).toContain('Нова пошта');
  });
});

describe('daily low-stock digest', () => {
  it('lists every item low at send time, one letter per recipient; an opted-out user gets none', async () => {
    const adminRole = await adminRoleId(f.t.db);
    const people = [];
    for (const name of ['digest-a', 'digest-b', 'digest-off']) {
      const u = await createUser(f.t.db, { password: 'pass-123', email: `${name}@example.com` });
      await replaceUserRoles(f.t.db, u.id, [adminRole]);
      people.push(u);
    }
    // The third switches the digest off on /profile.
    const off = (await signIn(app, people[2]!.username, 'pass-123')).cookie;
    expect(await ok(await api('GET', '/api/profile/preferences', undefined, off))).toEqual({ emailDigest: true });
    expect(await ok(await api('PATCH', '/api/profile/preferences', { emailDigest: false }, off))).toEqual({
      emailDigest: false,
    });
    expect((await api('PATCH', '/api/profile/preferences', { emailDigest: 'ні' }, off)).statusCode).toBe(400);

    const rule = (await ok(await api('GET', '/api/email-notifications'))).find(
      (r: { eventKey: string }) => r.eventKey === 'low_stock',
    );
    await ok(
      await api('PUT', '/api/email-notifications/low_stock', {
        isEnabled: true,
        recipients: { ...recipients, roles: [adminRole], extraEmails: ['store@example.com'] },
        subjectTemplate: rule.subjectTemplate,
        bodyTemplate: rule.bodyTemplate,
        delivery: 'daily',
        digestTime: '09:30',
      }),
    );
    // Low now: the two items under their minimum; the third has plenty; the fourth was low and was restocked.
    const low1 = await f.product({ stock: '2' });
    const low2 = await f.product({ stock: '1' });
    const plenty = await f.product({ stock: '100' });
    const restocked = await f.product({ stock: '100' });
    await f.t.db.execute(sql`update items set min_stock = 5 where id in (${low1}, ${low2}, ${plenty})`);
    await f.t.db.execute(sql`update items set min_stock = 500 where id = ${restocked}`);
    await f.t.db.execute(sql`update items set min_stock = 5 where id = ${restocked}`);
    const names = rowsByName(
      (await f.t.db.execute(
        sql`select id, name, sku from items where id in (${low1}, ${low2}, ${plenty}, ${restocked})`,
      )) as {
        rows: Array<{ id: number; name: string; sku: string }>;
      },
    );

    // Before the rule's time (09:00 Kyiv = 07:00 UTC in winter): nothing.
    const before = smtp.inbox.length;
    expect(await sendDueDigests(f.t.db, new Date('2026-11-30T07:00:00Z'))).toBe(0);
    // At its time: one letter per recipient.
    const sent = await sendDueDigests(f.t.db, new Date('2026-11-30T07:31:00Z'));
    await f.t.mailer.processDue();
    const letters = smtp.inbox.slice(before);
    const to = letters.map((l) => l.to[0]).sort();
    expect(to).toContain('digest-a@example.com');
    expect(to).toContain('digest-b@example.com');
    expect(to).toContain('store@example.com');
    expect(to).not.toContain('digest-off@example.com');
    expect(new Set(to).size).toBe(to.length);
    expect(sent).toBe(to.length);
    for (const letter of letters) {
      const { subject, text } = await textOf(letter.raw);
      expect(subject).toMatch(/^Щоденний дайджест: Низький залишок \(\d+\)$/);
      for (const id of [low1, low2]) {
        const item = names.get(id)!;
        expect(text.split(item.name).length - 1, item.name).toBe(1);
        expect(text).toContain(`${item.name} (${item.sku}): доступно`);
      }
      expect(text).not.toContain(names.get(plenty)!.name + ' ');
      expect(text).not.toContain(`(${names.get(restocked)!.sku})`);
    }
    // Once a day.
    expect(await sendDueDigests(f.t.db, new Date('2026-11-30T10:00:00Z'))).toBe(0);
  });
});

function rowsByName(result: { rows: Array<{ id: number; name: string; sku: string }> }) {
  return new Map(result.rows.map((r) => [Number(r.id), r]));
}

describe('order confirmed and payment received', () => {
  async function enable(eventKey: string, patch: object = {}) {
    const rule = (await ok(await api('GET', '/api/email-notifications'))).find(
      (r: { eventKey: string }) => r.eventKey === eventKey,
    );
    await ok(
      await api('PUT', `/api/email-notifications/${eventKey}`, {
        isEnabled: true,
        recipients: rule.recipients,
        subjectTemplate: rule.subjectTemplate,
        bodyTemplate: rule.bodyTemplate,
        delivery: 'immediate',
        digestTime: '08:00',
        ...patch,
      }),
    );
  }

  it("sends the client the confirmed order with the 'Рахунок на оплату' PDF and the amount in words", async () => {
    const clientId = await f.client('Зоря', 4302);
    // No contact receives documents: the client's own e-mail is used.
    await f.t.db.execute(sql`update counterparties set email = 'office@zorya.ua' where id = ${clientId}`);
    await enable('client_order_confirmed');
    const item = await f.product({ stock: '10' });
    const before = smtp.inbox.length;
    await f.order([{ itemId: item, qty: '2', unitPrice: '600' }], { confirm: true, clientId });
    await f.t.mailer.processDue();
    const letters = smtp.inbox.slice(before);
    expect(letters.map((l) => l.to)).toEqual([['office@zorya.ua']]);
    const mail = await simpleParser(letters[0]!.raw);
    expect(mail.subject).toMatch(/^Замовлення .+ підтверджено — рахунок на оплату$/);
    expect(mail.text).toContain('гривень');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail.attachments[0]!.filename).toMatch(/^Рахунок .+\.pdf$/);
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("thanks the client for a payment and tells the order's manager", async () => {
    const manager = await createUser(f.t.db, { email: 'manager-pay@example.com' });
    const clientId = await f.client('Веселка', 4303);
    await f.t.db.execute(sql`update counterparties set email = 'pay@veselka.ua' where id = ${clientId}`);
    await enable('client_payment_received');
    await enable('payment_received', { recipients: { ...recipients, toManager: true } });
    const item = await f.product({ stock: '10' });
    const orderId = await f.order([{ itemId: item, qty: '1', unitPrice: '250' }], {
      confirm: true,
      clientId,
      managerUserId: manager.id,
    });
    await f.t.mailer.processDue(); // the confirmed order's letter of the rule enabled above
    const before = smtp.inbox.length;
    const res = await api('POST', '/api/payments', {
      paymentDate: '2026-11-20',
      clientId,
      amount: '100.00',
      allocations: [{ orderId, amount: '100.00' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    await f.t.mailer.processDue();
    const letters = smtp.inbox.slice(before);
    expect(letters.map((l) => l.to[0]).sort()).toEqual(['manager-pay@example.com', 'pay@veselka.ua']);
    const client = await textOf(letters.find((l) => l.to[0] === 'pay@veselka.ua')!.raw);
    expect(client.text).toContain('Сто гривень');
    expect(client.subject).toContain('Дякуємо за оплату');
  });
});

describe('emailEvent', () => {
  it('sends the administrators an integration failure at once: active users only, each address once', async () => {
    const adminRole = await adminRoleId(f.t.db);
    const active = await createUser(f.t.db, { email: 'ops@example.com' });
    const gone = await createUser(f.t.db, { email: 'gone@example.com', isActive: false });
    await replaceUserRoles(f.t.db, active.id, [adminRole]);
    await replaceUserRoles(f.t.db, gone.id, [adminRole]);
    const rule = (await ok(await api('GET', '/api/email-notifications'))).find(
      (r: { eventKey: string }) => r.eventKey === 'integration_failed',
    );
    expect(rule).toMatchObject({ isEnabled: true, recipients: { roles: [adminRole] } });
    await ok(
      await api('PUT', '/api/email-notifications/integration_failed', {
        isEnabled: true,
        recipients: { ...rule.recipients, extraEmails: ['OPS@example.com', 'it@example.com'] },
        subjectTemplate: rule.subjectTemplate,
        bodyTemplate: rule.bodyTemplate,
        delivery: 'immediate',
        digestTime: '08:00',
      }),
    );
    const queued = await f.t.db.transaction((tx) =>
      emailEvent(tx, 'integration_failed', {
        values: { integrationName: 'Нова пошта', error: 'Ключ API недійсний', link: '/integrations' },
      }),
    );
    const rows = rowsOf<{ to_address: string; subject: string; text: string }>(
      await f.t.db.execute(
        sql`select to_address, subject, text from email_outbox where event_key = 'integration_failed' order by id`,
      ),
    );
    const to = rows.map((r) => r.to_address);
    expect(queued).toBe(rows.length);
    expect(to).toContain('ops@example.com');
    expect(to).toContain('it@example.com');
    expect(to).not.toContain('gone@example.com');
    expect(new Set(to).size).toBe(to.length);
    expect(rows[0]!.subject).toBe('Збій інтеграції: Нова пошта');
    expect(rows[0]!.text).toContain(`${f.t.config.appUrl}/integrations`);
  });

  it("keeps a daily rule's events for the digest and sends them in one letter", async () => {
    const rule = (await ok(await api('GET', '/api/email-notifications'))).find(
      (r: { eventKey: string }) => r.eventKey === 'order_overdue',
    );
    await ok(
      await api('PUT', '/api/email-notifications/order_overdue', {
        isEnabled: true,
        recipients: { ...recipients, extraEmails: ['sales-head@example.com'] },
        subjectTemplate: rule.subjectTemplate,
        bodyTemplate: rule.bodyTemplate,
        delivery: 'daily',
        digestTime: '08:00',
      }),
    );
    for (const n of ['ЗМ-1', 'ЗМ-2']) {
      const queued = await f.t.db.transaction((tx) =>
        emailEvent(tx, 'order_overdue', {
          values: { orderNumber: n, clientName: 'Зоря', amount: '10,00 грн', dueDate: '01.12.2026', link: '/orders' },
        }),
      );
      expect(queued).toBe(0);
    }
    const before = smtp.inbox.length;
    await sendDueDigests(f.t.db, new Date('2026-12-02T07:00:00Z'));
    await f.t.mailer.processDue();
    const letters = smtp.inbox.slice(before).filter((l) => l.to[0] === 'sales-head@example.com');
    expect(letters).toHaveLength(1);
    const { subject, text } = await textOf(letters[0]!.raw);
    expect(subject).toBe('Щоденний дайджест: Прострочене замовлення (2)');
    expect(text).toContain('Замовлення ЗМ-1 (Зоря');
    expect(text).toContain('Замовлення ЗМ-2 (Зоря');
  });
});
