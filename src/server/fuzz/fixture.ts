// The world the bad-input suite fuzzes: the app on its own database filled with the demo dataset (so path ids
// point at real orders, documents, BOMs, serials … of every module), Nova Poshta pointed at the local fake (no
// request leaves the machine), an administrator to fuzz as (permission checks must not hide the handlers), a user
// without any role (every route-keyed endpoint must refuse him), and a spare user for the endpoints that end or
// change their caller's session.
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { demoSeeders } from '@/server/db/seed/demo-seeders.ts';
import { startFakeNovaPoshta, type FakeNovaPoshta } from '@/server/testing/fake-nova-poshta.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';

export interface FuzzUser {
  id: number;
  username: string;
  password: string;
  cookie: string;
}

export interface FuzzFixture {
  t: TestApp;
  fake: FakeNovaPoshta;
  admin: FuzzUser;
  /** Signed in, no roles at all. */
  noRights: FuzzUser;
  /** Signed in, no roles; lends its session to logout, password change and session ends. */
  spare: FuzzUser;
  /** Signs the user in again (after an endpoint ended the session) and updates its cookie. */
  resignIn(user: FuzzUser): Promise<void>;
  close(): Promise<void>;
}

export const FUZZ_NP_KEY = 'fuzz-nova-poshta-key-0000000000000';

export async function createFuzzFixture(): Promise<FuzzFixture> {
  const fake = await startFakeNovaPoshta([FUZZ_NP_KEY]);
  const t = await createTestApp({ NOVA_POSHTA_API_URL: fake.url });
  await resourceEngine.ensureSeeds(t.db);
  await runDemoSeed(t.db, demoSeeders, { demoPassword: 'demo-pass-fuzz', log: () => {} });

  const make = async (username: string, password: string, admin: boolean): Promise<FuzzUser> => {
    const user = await createUser(t.db, { username, email: `${username}@example.com`, password });
    if (admin) await replaceUserRoles(t.db, user.id, [await adminRoleId(t.db)]);
    const { cookie } = await signIn(t.app, username, password);
    return { id: user.id, username, password, cookie };
  };
  const admin = await make('fuzz-admin', 'fuzz-admin-pass', true);
  const noRights = await make('fuzz-nobody', 'fuzz-nobody-pass', false);
  const spare = await make('fuzz-spare', 'fuzz-spare-pass', false);

  return {
    t,
    fake,
    admin,
    noRights,
    spare,
    async resignIn(user) {
      user.cookie = (await signIn(t.app, user.username, user.password)).cookie;
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
