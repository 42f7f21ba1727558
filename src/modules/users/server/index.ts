// Users module entry point. The first-start administrator lives here (reports-admin.md §10).
import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Db } from '@/server/kernel/db.ts';
import { hashPassword } from '@/modules/auth/server/index.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { ensureRoles, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { users } from './users.table.ts';

export { users } from './users.table.ts';
export { usersRoutes } from './users.routes.ts';

/**
 * Roles first (the system role and, on a new database, the editable seed roles); then an empty database gets
 * one administrator, login `admin`, holding the system role. Returns the generated password when none was
 * configured, so the caller prints it once; null when users already exist or the password was given.
 */
export async function ensureAdmin(
  db: Db,
  opts: { email: string; password: string | null },
): Promise<{ created: boolean; generatedPassword: string | null }> {
  const adminRole = await ensureRoles(db);
  const password = opts.password ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Two processes starting on one empty database must not both create the administrator.
    await tx.execute(sql`select pg_advisory_xact_lock(7263540023)`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return { created: false, generatedPassword: null };
    const [admin] = await tx
      .insert(users)
      .values({ username: 'admin', email: opts.email, firstName: 'Адміністратор', lastName: '', passwordHash })
      .returning({ id: users.id, username: users.username, email: users.email });
    await replaceUserRoles(tx, admin!.id, [adminRole]);
    await audit(
      tx,
      { userId: null, actor: 'system' },
      { action: 'create', entityType: 'user', entityId: admin!.id, after: admin },
    );
    return { created: true, generatedPassword: opts.password ? null : password };
  });
}
// The demo staff's logins, which the demo command prints and the e2e demo server signs in with (scripts/demo.ts,
// tests/e2e/support/demo-server.ts); the demo seeders import users.demo.ts itself.
export { demoStaff } from './users.demo.ts';
