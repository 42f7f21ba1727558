// /api/email-notifications (reports-admin.md §14 'Done means'): the rules with their defaults and placeholders, a
// rule saved and audited, an unknown placeholder refused naming it, the preview filling every placeholder, the test
// letter delivered through a real SMTP server, 403 without the page and 400 for bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { startSmtp, type SmtpTestServer } from '@/server/testing/smtp-server.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { emailEventKeys, emailEvents } from '../email-notifications.messages.ts';

let t: TestApp;
let smtp: SmtpTestServer;
let cookie: string;

const api = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: as } });

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp();
  const admin = await createUser(t.db, { password: 'admin-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'admin-pass')).cookie;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ruleBody = (over: object = {}) => ({
  isEnabled: true,
  recipients: { roles: [], userIds: [], extraEmails: ['boss@example.com'], toClientContacts: false, toManager: false },
  subjectTemplate: 'Критичний дефіцит: {{itemName}}',
  bodyTemplate: '{{itemName}} ({{sku}}): бракує {{shortage}}. {{link}}',
  delivery: 'immediate',
  digestTime: '08:00',
  ...over,
});

describe('e-mail rules', () => {
  it('lists every event with its defaults and placeholders, no-store', async () => {
    const res = await api('GET', '/api/email-notifications');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const rules = res.json() as Array<{ eventKey: string; isEnabled: boolean; group: string; delivery: string }>;
    expect(rules.map((r) => r.eventKey)).toEqual([...emailEventKeys]);
    const byKey = Object.fromEntries(rules.map((r) => [r.eventKey, r]));
    expect(byKey.critical_shortage).toMatchObject({ isEnabled: true, delivery: 'immediate', group: 'staff' });
    expect(byKey.integration_failed).toMatchObject({
      isEnabled: true,
      recipients: { roles: [await adminRoleId(t.db)] },
    });
    expect(byKey.low_stock).toMatchObject({ isEnabled: false, delivery: 'daily' });
    expect(byKey.client_shipment_sent).toMatchObject({ isEnabled: false, group: 'client' });
    expect(byKey.client_order_confirmed!).toMatchObject({
      placeholders: expect.arrayContaining([{ name: 'amountInWords', label: 'Сума прописом' }]),
    });
  });

  it('saves a rule and audits the change', async () => {
    const res = await api('PUT', '/api/email-notifications/critical_shortage', ruleBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ recipients: { extraEmails: ['boss@example.com'] } });
    const audit = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from audit_log where entity_type = 'email_rule' and entity_id = 'critical_shortage'`,
      ),
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('refuses an unknown placeholder on save, naming it', async () => {
    const res = await api(
      'PUT',
      '/api/email-notifications/critical_shortage',
      ruleBody({ bodyTemplate: 'Замовлення {{trackingNumber}}' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Невідомий заповнювач {{trackingNumber}} для події «Критичний дефіцит»');
    const unclosed = await api(
      'PUT',
      '/api/email-notifications/critical_shortage',
      ruleBody({ subjectTemplate: 'А {{sku' }),
    );
    expect(unclosed.statusCode).toBe(400);
  });

  it('previews every placeholder of every event with sample data', async () => {
    for (const key of emailEventKeys) {
      const placeholders = emailEvents[key].placeholders;
      const body = placeholders.map((p) => `${p}=[{{${p}}}]`).join('\n');
      const res = await api('POST', `/api/email-notifications/${key}/preview`, { bodyTemplate: body });
      expect(res.statusCode, res.body).toBe(200);
      const { text } = res.json() as { text: string };
      for (const p of placeholders) expect(text, `${key}.${p}`).toMatch(new RegExp(`${p}=\\[[^\\]\\s][^\\]]*\\]`));
      expect(text).not.toContain('{{');
    }
    const orderConfirmed = await api('POST', '/api/email-notifications/client_order_confirmed/preview', {});
    expect(orderConfirmed.json().text).toContain('дванадцять тисяч');
  });

  it('sends the rendered sample as a test letter through the SMTP server at once', async () => {
    const settings = await api('PATCH', '/api/email-settings', {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      username: 'mailer',
      password: 's3cret',
      fromEmail: 'erp@example.com',
      isActive: true,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const res = await api('POST', '/api/email-notifications/client_shipment_sent/test', { to: 'me@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, message: expect.stringMatching(/^Лист прийнято сервером: 250/) });
    const letter = smtp.inbox.at(-1)!;
    expect(letter.to).toEqual(['me@example.com']);
    expect((await simpleParser(letter.raw)).text).toContain('Номер накладної: 20450000000000');
  });

  it('answers 403 without the page and 400 for bad input', async () => {
    const clerk = await createUser(t.db, { password: 'clerk-pass' });
    const other = (await signIn(t.app, clerk.username, 'clerk-pass')).cookie;
    expect((await api('GET', '/api/email-notifications', undefined, other)).statusCode).toBe(403);
    expect((await api('PUT', '/api/email-notifications/low_stock', ruleBody(), other)).statusCode).toBe(403);
    expect((await api('POST', '/api/email-notifications/low_stock/test', { to: 'a@b.c' }, other)).statusCode).toBe(403);
    expect((await api('PUT', '/api/email-notifications/no_such_event', ruleBody())).statusCode).toBe(400);
    expect((await api('PUT', '/api/email-notifications/low_stock', ruleBody({ digestTime: '25:00' }))).statusCode).toBe(
      400,
    );
    const badEmail = await api(
      'PUT',
      '/api/email-notifications/low_stock',
      ruleBody({ recipients: { ...ruleBody().recipients, extraEmails: ['не адреса'] } }),
    );
    expect(badEmail.statusCode).toBe(400);
    expect((await api('POST', '/api/email-notifications/low_stock/test', { to: 'x' })).statusCode).toBe(400);
    expect(
      (
        await api(
          'PUT',
          '/api/email-notifications/low_stock',
          ruleBody({ recipients: { ...ruleBody().recipients, roles: [999999] } }),
        )
      ).statusCode,
    ).toBe(400);
  });
});
