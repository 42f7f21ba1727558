// /api/email-settings (reports-admin.md §13 'Done means') against a real SMTP server: 'Надіслати тест' delivers a
// letter and the outbox shows it sent; the settings never answer the password (and the audit never keeps it); a
// wrong password shows the SMTP server's refusal in Ukrainian context and the failed letter can be retried once the
// password is right; the transport falls back to the log when the settings are off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { startSmtp, type SmtpTestServer } from '@/server/testing/smtp-server.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';

let t: TestApp;
let smtp: SmtpTestServer;
let cookie: string;

const api = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object, as = cookie) =>
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

const outbox = async () => (await api('GET', '/api/email-settings/outbox')).json();

describe('e-mail settings', () => {
  it('starts in the log-only transport and refuses to switch on without a server', async () => {
    const res = await api('GET', '/api/email-settings');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ isActive: false, hasPassword: false, transport: 'log' });
    const refused = await api('PATCH', '/api/email-settings', { isActive: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Щоб увімкнути, заповніть сервер, порт і адресу відправника');
  });

  it('keeps the password write-only: answered as hasPassword, absent from the audit record', async () => {
    const res = await api('PATCH', '/api/email-settings', {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      username: 'mailer',
      password: 's3cret',
      fromEmail: 'erp@example.com',
      fromName: 'Виробництво',
      isActive: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hasPassword: true, transport: 'settings', host: '127.0.0.1' });
    expect(res.json()).not.toHaveProperty('password');
    const kept = await api('PATCH', '/api/email-settings', { fromName: 'Виробництво ТОВ' });
    expect(kept.json().hasPassword).toBe(true);
    const audit = rowsOf<{ row: string }>(
      await t.db.execute(sql`select row_to_json(a)::text as row from audit_log a where entity_type = 'email_settings'`),
    );
    expect(audit).toHaveLength(2);
    for (const r of audit) expect(r.row).not.toContain('s3cret');
  });

  it('sends the test letter through the SMTP server at once and shows it sent in the outbox', async () => {
    const before = smtp.inbox.length;
    const res = await api('POST', '/api/email-settings/test', { to: 'owner@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, message: expect.stringMatching(/^Лист прийнято сервером: 250/) });
    expect(smtp.inbox).toHaveLength(before + 1);
    const letter = smtp.inbox.at(-1)!;
    expect(letter.to).toEqual(['owner@example.com']);
    expect(letter.user).toBe('mailer');
    expect(letter.raw).toContain('erp@example.com');
    const row = (await outbox()).find((r: { id: number }) => r.id === res.json().outboxId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, to: 'owner@example.com' });
  });

  it('shows the SMTP refusal of a wrong password, and retries the failed letter once it is right', async () => {
    await api('PATCH', '/api/email-settings', { password: 'wrong-password' });
    const before = smtp.inbox.length;
    const res = await api('POST', '/api/email-settings/test', { to: 'owner@example.com' });
    expect(res.json().ok).toBe(false);
    expect(res.json().message).toMatch(/^SMTP-сервер відмовив: .*(535|Invalid credentials)/);
    expect(res.body).not.toContain('wrong-password');
    const failed = (await outbox()).find((r: { id: number }) => r.id === res.json().outboxId);
    expect(failed).toMatchObject({ status: 'failed', lastError: expect.any(String) });
    expect(smtp.inbox).toHaveLength(before);

    await api('PATCH', '/api/email-settings', { password: 's3cret' });
    const retried = await api('POST', `/api/email-settings/outbox/${failed.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: failed.id, status: 'sent' });
    expect(smtp.inbox).toHaveLength(before + 1);
    const again = await api('POST', `/api/email-settings/outbox/${failed.id}/retry`);
    expect(again.statusCode).toBe(409);
  });

  it('falls back to the log when switched off, and clears the password with null', async () => {
    const off = await api('PATCH', '/api/email-settings', { isActive: false, password: null });
    expect(off.json()).toMatchObject({ transport: 'log', hasPassword: false });
    const before = smtp.inbox.length;
    const res = await api('POST', '/api/email-settings/test', { to: 'owner@example.com' });
    expect(res.json()).toMatchObject({
      ok: true,
      message: 'SMTP не налаштовано: лист записано в журнал, але не надіслано',
    });
    expect(smtp.inbox).toHaveLength(before);
    expect((await outbox())[0]).toMatchObject({ status: 'logged' });
  });

  it('answers 403 to a user without the page and 400 to a bad address', async () => {
    const clerk = await createUser(t.db, { password: 'clerk-pass' });
    const other = (await signIn(t.app, clerk.username, 'clerk-pass')).cookie;
    expect((await api('GET', '/api/email-settings', undefined, other)).statusCode).toBe(403);
    expect((await api('POST', '/api/email-settings/test', { to: 'не адреса' })).statusCode).toBe(400);
  });
});
