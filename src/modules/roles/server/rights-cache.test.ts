// The rights cache is per database: the same user id in two databases (two apps in one process, as tests run) is two
// people, and neither may get the other's rights from the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '@/server/testing/test-app.ts';
import { adminRoleId, loadRights, replaceUserRoles } from './roles.service.ts';

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe('loadRights', () => {
  it('keeps the rights of one database’s user apart from the same id in another', async () => {
    const admin = await createUser(first.db, { password: 'cache-pass-1' });
    await replaceUserRoles(first.db, admin.id, [await adminRoleId(first.db)]);
    const nobody = await createUser(second.db, { password: 'cache-pass-2' });
    expect(nobody.id).toBe(admin.id); // the same id in both databases: the case the cache must tell apart
    expect((await loadRights(first.db, admin.id)).isAdmin).toBe(true);
    expect((await loadRights(second.db, nobody.id)).isAdmin).toBe(false);
    expect((await loadRights(first.db, admin.id)).isAdmin).toBe(true);
  });
});
