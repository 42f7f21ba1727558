// A worker's photo: stored by its real type, replaced, removed, audited; a file that is not an image is refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';

let t: TestApp;
let cookie: string;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { password: 'workers-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'workers-pass')).cookie;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, type?: string) =>
  t.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: { cookie, ...(type ? { 'content-type': type } : {}) },
  });

describe('worker photos', () => {
  it('stores, serves and removes a photo, and refuses what is not an image', async () => {
    const worker = (await call('POST', '/api/workers', { lastName: 'Лисенко', firstName: 'Оксана' })).json();
    expect((await call('GET', `/api/workers/${worker.id}/photo`)).statusCode).toBe(404);
    // The declared type is not trusted: a JPEG label on PNG bytes is stored as PNG.
    expect((await call('PUT', `/api/workers/${worker.id}/photo`, png, 'image/jpeg')).json()).toEqual({
      message: 'Фото збережено',
    });
    const got = await call('GET', `/api/workers/${worker.id}/photo`);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);

    const fake = await call('PUT', `/api/workers/${worker.id}/photo`, Buffer.from('<svg/>'), 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toBe('Фото має бути зображенням PNG, JPEG або WebP');
    expect((await call('PUT', '/api/workers/999999/photo', png, 'image/png')).statusCode).toBe(404);

    expect((await call('DELETE', `/api/workers/${worker.id}/photo`)).json()).toEqual({ message: 'Фото видалено' });
    expect((await call('GET', `/api/workers/${worker.id}/photo`)).statusCode).toBe(404);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'worker_photos'));
    expect(audits.map((a) => a.action).sort()).toEqual(['delete', 'update']);
  });
});
