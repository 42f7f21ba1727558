// Mail through a real SMTP server (the smtp-server package on a local port), as the recovery flow uses it.
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText } from '@/server/testing/mail-text.ts';
import { startSmtp, waitFor, type SmtpTestServer } from '@/server/testing/smtp-server.ts';
import { createTestApp, createUser, type TestApp } from '@/server/testing/test-app.ts';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { notifications } from '@/modules/notifications/server/index.ts';
import { emailOutbox } from './email-outbox.table.ts';

/** A port with nobody listening: the connection is refused at once. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

let smtp: SmtpTestServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'ERP <erp@firma.ua>',
    APP_URL: 'https://erp.firma.ua',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('password-reset mail over SMTP', () => {
  it('delivers a Ukrainian message with the APP_URL link at once and records it as sent', async () => {
    const u = await createUser(t.db, { email: 'oksana@firma.ua', firstName: 'Оксана' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
    expect(res.statusCode).toBe(200);
    const mail = await waitFor(() => smtp.inbox.find((m) => m.to.includes('oksana@firma.ua')));
    expect(mail.user).toBe('mailer');
    expect(mail.from).toBe('erp@firma.ua');
    const body = mailText(mail.raw);
    expect(body).toContain('Вітаємо, Оксана!');
    const link = /https:\/\/erp\.firma\.ua\/reset-password\?token=[\w-]+/.exec(body)?.[0];
    expect(link).toBeTruthy();

    const row = await waitFor(async () => {
      const [r] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u.email));
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);

    // The token in the mail really resets the password.
    const token = new URL(link!).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand-new' },
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('attachments', () => {
  it('sends the files queued with a message (an invoice PDF) as MIME attachments', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% рахунок\n%%EOF\n');
    const id = await t.db.transaction((tx) =>
      t.mailer.enqueue(tx, {
        to: 'buh@klient.ua',
        subject: 'Рахунок на оплату',
        text: 'Рахунок у вкладенні.',
        html: '<p>Рахунок у вкладенні.</p>',
        attachments: [{ fileName: 'Рахунок ORD-2026-00001.pdf', contentType: 'application/pdf', data: pdf }],
      }),
    );
    await t.mailer.deliver(id);
    const mail = await waitFor(() => smtp.inbox.find((m) => m.to.includes('buh@klient.ua')));
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(mail.raw).toContain(pdf.toString('base64').slice(0, 20));
  });
});

describe('delivery failures', () => {
  it('retries with back-off, keeps the error, and marks the message failed after the last retry', async () => {
    const port = await deadPort();
    const broken = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const admin = await createUser(broken.db, { password: 'mail-admin-1' });
    await replaceUserRoles(broken.db, admin.id, [await adminRoleId(broken.db)]);
    try {
      const id = await broken.mailer.enqueue(broken.db, {
        to: 'someone@firma.ua',
        subject: 'Тест',
        text: 'Текст',
        html: '<p>Текст</p>',
      });
      await broken.mailer.deliver(id);
      let [row] = await broken.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row!.status).toBe('queued');
      expect(row!.attempts).toBe(1);
      expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
      // The first retry waits one minute.
      const [{ wait }] = (await broken.db
        .select({ wait: sql<number>`extract(epoch from ${emailOutbox.nextAttemptAt} - now())::int` })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id))) as [{ wait: number }];
      expect(wait).toBeGreaterThan(50);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await broken.mailer.processDue()).toBe(0);

      for (const expectedAttempts of [2, 3, 4]) {
        await broken.db
          .update(emailOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(eq(emailOutbox.id, id));
        expect(await broken.mailer.processDue()).toBe(1);
        [row] = await broken.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
        expect(row!.attempts).toBe(expectedAttempts);
      }
      expect(row!.status).toBe('failed');
      expect(row!.nextAttemptAt).toBeNull();
      expect(row!.lastError).toBeTruthy();
      // The final failure is told once to the people of /email-settings (the administrator here).
      const told = await broken.db
        .select({ title: notifications.title, message: notifications.message, userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.dedupeKey, `email-failed:${id}`));
      expect(told).toEqual([
        {
          title: 'Лист не надіслано',
          message: expect.stringContaining('«Тест» на someone@firma.ua'),
          userId: admin.id,
        },
      ]);
    } finally {
      await broken.close();
    }
  });

  it('without SMTP_URL writes the message to the log and marks it logged, not sent', async () => {
    const lines: string[] = [];
    const plain = await createTestApp();
    try {
      const { createMailer } = await import('./mailer.ts');
      const mailer = createMailer({
        db: plain.db,
        smtpUrl: null,
        from: 'x@y.ua',
        log: { info: (o, m) => lines.push(m + JSON.stringify(o)), warn() {}, error() {} },
      });
      const id = await mailer.enqueue(plain.db, {
        to: 'a@b.ua',
        subject: 'Відновлення',
        text: 'Посилання: http://localhost:5000/reset-password?token=abc',
        html: '',
      });
      await mailer.deliver(id);
      const [row] = await plain.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row!.status).toBe('logged');
      expect(row!.sentAt).toBeNull();
      expect(lines.join('\n')).toContain('reset-password?token=abc');
    } finally {
      await plain.close();
    }
  });
});
