// A product's photo (reference-data.md §16): stored by the type its bytes show, served back, replaced, removed,
// audited; too large or not an image is refused with the photo's own message; a viewer sees it but cannot change it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { ITEM_PHOTO_MAX_BYTES, itemPhotoMessages } from '../item-photo.messages.ts';

let t: TestApp;
let cookie: string;
let viewerCookie: string;
let unitId: number;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1), Buffer.from([0xff, 0xd9])]);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, type?: string, as = cookie) =>
  t.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: { cookie: as, ...(type ? { 'content-type': type } : {}) },
  });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { password: 'photo-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'photo-pass')).cookie;
  unitId = (await call('POST', '/api/units', { name: 'Штука', shortName: 'шт', type: 'count', factor: '1' })).json().id;
  const role = (await call('POST', '/api/roles', { name: 'Товари (перегляд)' })).json();
  await call('PUT', `/api/roles/${role.id}/permissions`, {
    permissions: [{ route: '/products', canView: true, canAccess: false }],
  });
  const viewer = await createUser(t.db, { password: 'viewer-pass' });
  await replaceUserRoles(t.db, viewer.id, [role.id]);
  viewerCookie = (await signIn(t.app, viewer.username, 'viewer-pass')).cookie;
});
afterAll(() => t.close());

let skuNo = 0;
async function product(): Promise<number> {
  skuNo++;
  const res = await call('POST', '/api/products', { sku: `PH-${skuNo}`, name: `Прилад ${skuNo}`, unitId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const photoAudits = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'item_photos'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe('product photos', () => {
  it('stores a photo by its real type, shows it on the list, replaces and removes it, audited', async () => {
    const id = await product();
    expect((await call('GET', `/api/products/${id}/photo`)).statusCode).toBe(404);
    const listed = async () =>
      (await call('GET', '/api/products?limit=50')).json().find((row: { id: number }) => row.id === id);
    expect((await listed()).photoVersion).toBeNull();

    // Declared as JPEG, the bytes are a PNG: it is stored and served as a PNG.
    const saved = await call('PUT', `/api/products/${id}/photo`, png, 'image/jpeg');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: itemPhotoMessages.photoSaved });
    const got = await call('GET', `/api/products/${id}/photo?v=1`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);
    const first = (await listed()).photoVersion;
    expect(first).toMatch(/^\d+$/);
    expect((await call('GET', `/api/products/${id}`)).json().photoVersion).toBe(first);

    expect((await call('PUT', `/api/products/${id}/photo`, jpeg, 'image/jpeg')).statusCode).toBe(200);
    const replaced = await call('GET', `/api/products/${id}/photo`);
    expect(replaced.headers['content-type']).toBe('image/jpeg');
    expect(replaced.rawPayload.equals(jpeg)).toBe(true);

    const removed = await call('DELETE', `/api/products/${id}/photo`);
    expect(removed.json()).toEqual({ message: itemPhotoMessages.photoRemoved });
    expect((await call('GET', `/api/products/${id}/photo`)).statusCode).toBe(404);
    expect((await listed()).photoVersion).toBeNull();
    const again = await call('DELETE', `/api/products/${id}/photo`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(itemPhotoMessages.noPhoto);

    const audits = await photoAudits(id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audits[0]!.after).toEqual({ contentType: 'image/png', bytes: png.length });
    expect(audits[1]!.before).toEqual({ contentType: 'image/png', bytes: png.length });
    expect(audits[1]!.after).toEqual({ contentType: 'image/jpeg', bytes: jpeg.length });
    expect(audits[2]!.before).toEqual({ contentType: 'image/jpeg' });
    expect(audits.every((a) => a.userId !== null)).toBe(true);
  });

  it('refuses bytes that are no image whatever the declared type, and a file over 5 MB', async () => {
    const id = await product();
    const fake = await call('PUT', `/api/products/${id}/photo`, Buffer.from('<svg onload="x()"/>'), 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toBe(itemPhotoMessages.photoType);
    const gif = await call('PUT', `/api/products/${id}/photo`, Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif');
    expect(gif.statusCode).toBe(415);

    // A real PNG head, one byte over the limit.
    const large = Buffer.concat([png, Buffer.alloc(ITEM_PHOTO_MAX_BYTES + 1 - png.length)]);
    const tooLarge = await call('PUT', `/api/products/${id}/photo`, large, 'image/png');
    // Refused as every upload over its limit is (the page says the 5 MB before sending).
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe('Запит завеликий');

    expect((await call('PUT', '/api/products/999999/photo', png, 'image/png')).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${id}/photo`)).statusCode).toBe(404);
    expect(await photoAudits(id)).toEqual([]);
  });

  it('lets a viewer of /products see the photo but neither upload nor remove it', async () => {
    const id = await product();
    expect((await call('PUT', `/api/products/${id}/photo`, png, 'image/png')).statusCode).toBe(200);
    expect((await call('GET', `/api/products/${id}/photo`, undefined, undefined, viewerCookie)).statusCode).toBe(200);
    const upload = await call('PUT', `/api/products/${id}/photo`, jpeg, 'image/jpeg', viewerCookie);
    expect(upload.statusCode).toBe(403);
    expect(upload.json().error).toBe('Недостатньо прав');
    expect((await call('DELETE', `/api/products/${id}/photo`, undefined, undefined, viewerCookie)).statusCode).toBe(
      403,
    );
    const kept = await call('GET', `/api/products/${id}/photo`);
    expect(kept.headers['content-type']).toBe('image/png');
    expect((await photoAudits(id)).map((a) => a.action)).toEqual(['create']);
  });

  it('keeps the photo to products: a component has none', async () => {
    const component = await call('POST', '/api/components', { sku: 'PH-C1', name: 'Резистор', unitId });
    expect(component.statusCode, component.body).toBe(201);
    const id = component.json().id;
    expect((await call('PUT', `/api/products/${id}/photo`, png, 'image/png')).statusCode).toBe(404);
  });
});
