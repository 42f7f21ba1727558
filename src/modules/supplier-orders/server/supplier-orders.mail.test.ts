// 'Надіслати' with a letter (warehouse.md §5): the order is sent and its print form goes to the supplier's contacts
// that receive documents, through the outbox to a real SMTP server; without such a contact the order stays a draft.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { emailOutbox } from '@/modules/email-settings/server/email-outbox.table.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { startSmtp, waitFor, type SmtpTestServer } from '@/server/testing/smtp-server.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';

let smtp: SmtpTestServer;
let t: TestApp;
let cookie: string;
let unitId: number;

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie } });
const created = async (url: string, body: Record<string, unknown>) => {
  const res = await api('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; number?: string; version?: number };
};

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, MAIL_FROM: 'ERP <erp@firma.ua>' });
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'po-mail-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'po-mail-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let n = 0;
async function draftOrder() {
  n += 1;
  const supplier = await created('/api/suppliers', {
    legalForm: 'legal_entity',
    name: `Постачальник ${n}`,
    fullName: `ТОВ «Постачальник ${n}»`,
    taxId: sampleEdrpou(7100 + n),
  });
  const item = await created('/api/components', { sku: `PO-M-${n}`, name: `Конденсатор ${n}`, unitId });
  const order = await created('/api/supplier-orders', {
    supplierId: supplier.id,
    orderDate: '2026-11-20',
    lines: [{ itemId: item.id, qty: '100', unitPrice: '2.50' }],
  });
  return { supplierId: supplier.id, order };
}

describe("'Надіслати' with a letter to the supplier", () => {
  it('sends the order and delivers its PDF to the contacts that receive documents', async () => {
    const { supplierId, order } = await draftOrder();
    await created('/api/client-contacts', {
      counterpartyId: supplierId,
      fullName: 'Коваль Ірина',
      email: 'zakaz@postachalnyk.ua',
      receivesDocuments: true,
    });
    await created('/api/client-contacts', {
      counterpartyId: supplierId,
      fullName: 'Бойко Петро',
      email: 'boss@postachalnyk.ua',
    });
    const sent = await api('POST', `/api/supplier-orders/${order.id}/send`, { version: order.version, email: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', emailedTo: ['zakaz@postachalnyk.ua'] });

    const [queued] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.eventKey, `supplier-order:${order.id}`));
    expect(queued!.subject).toBe(`Замовлення постачальнику № ${order.number} від 20.11.2026`);
    await t.mailer.deliver(queued!.id);
    const mail = await waitFor(() => smtp.inbox.find((m) => m.to.includes('zakaz@postachalnyk.ua')));
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(smtp.inbox.some((m) => m.to.includes('boss@postachalnyk.ua'))).toBe(false);
  });

  it('refuses when the supplier has no contact receiving documents, and the order stays a draft', async () => {
    const { order } = await draftOrder();
    const refused = await api('POST', `/api/supplier-orders/${order.id}/send`, { email: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'У постачальника немає активного контакту з e-mail, що отримує документи — додайте його або надішліть без листа',
    );
    expect((await api('GET', `/api/supplier-orders/${order.id}`)).json().status).toBe('draft');
    // Without the letter it is sent as before.
    const plain = await api('POST', `/api/supplier-orders/${order.id}/send`, {});
    expect(plain.json()).toMatchObject({ status: 'sent' });
    expect(plain.json().emailedTo).toBeUndefined();
  });
});
