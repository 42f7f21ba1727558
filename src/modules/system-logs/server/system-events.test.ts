// The system events' wirings (reports-admin.md §16): a 5xx answer of the app's error handler, a job's logged error
// and a mail warning become events, secrets masked; a failure to store an event never throws.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/server/testing/test-app.ts';
import { recordSystemEvent, withSystemEvents, type EventLog } from './system-events.ts';
import { systemEvents } from './system-events.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extraRoutes: async (app) => {
        app.get('/api/test-explodes', { config: { access: { kind: 'public' } } }, async () => {
          throw new Error('boom with apiKey=abc');
        });
      },
    },
  );
});
afterAll(() => t.close());

const quiet: EventLog = { info() {}, warn() {}, error() {} };

describe('system events', () => {
  it('records a 5xx answer as an http error with the route and the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-explodes?x=1' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('boom');
    const http = () => t.db.select().from(systemEvents).where(eq(systemEvents.category, 'http'));
    // The event is written beside the answer, not before it.
    await expect.poll(async () => (await http()).length).toBe(1);
    const rows = await http();
    expect(rows[0]).toMatchObject({ level: 'error', message: 'Внутрішня помилка сервера' });
    expect(rows[0]!.requestId).toBeTruthy();
    expect(rows[0]!.details).toMatchObject({ method: 'GET', url: '/api/test-explodes' });
  });

  it("turns a job's error and a mail warning into events, masking secret keys", async () => {
    const jobLog = withSystemEvents(t.db, quiet, 'job');
    const mailLog = withSystemEvents(t.db, quiet, 'email');
    jobLog.info({ job: 'x' }, 'не подія');
    jobLog.error({ job: 'shortage', password: 'p4ss' }, 'Перевірка дефіциту не вдалася');
    mailLog.warn({ mailId: 5, attempts: 1, err: 'ECONNREFUSED' }, 'Не вдалося надіслати лист');
    await expect
      .poll(async () => (await t.db.select().from(systemEvents)).filter((e) => e.category !== 'http').length)
      .toBe(2);
    const rows = await t.db.select().from(systemEvents);
    expect(rows.find((e) => e.category === 'job')).toMatchObject({
      level: 'error',
      message: 'Перевірка дефіциту не вдалася',
      details: { job: 'shortage', password: '***' },
    });
    expect(rows.find((e) => e.category === 'email')).toMatchObject({ level: 'warn', details: { mailId: 5 } });
  });

  it('never throws when the event cannot be stored', async () => {
    const errors: unknown[] = [];
    await recordSystemEvent(
      t.db,
      { level: 'info', category: 'job', message: 'x', details: { bad: 'a\u0000b' } },
      (err) => errors.push(err),
    );
    expect(errors).toHaveLength(1);
  });
});
