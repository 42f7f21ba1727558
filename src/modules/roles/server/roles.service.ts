// Roles, their permission matrix and the rights of a user (reports-admin.md §11, domain README §9).
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { uniqueViolation } from '@/server/kernel/db-errors.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { users } from '@/modules/users/server/users.table.ts';
import type { RoleDetail } from '../roles.contract.ts';
import { rolesMessages } from '../roles.messages.ts';
import { mergeRights, normalisePermissions, type Rights } from './rights.ts';
import { adminRole, seedRoles } from './roles.seed.ts';
import { rolePermissions, roles, userRoles } from './roles.table.ts';

// The server reads permissions on each request through a short cache that every change drops (§11). It is kept per
// database: user ids mean something only in theirs (two apps in one process — tests — must not see each other's).
export const RIGHTS_CACHE_MS = 5_000;
const caches = new WeakMap<Db, Map<number, { at: number; generation: number; rights: Rights }>>();
let generation = 0;

export function invalidateRights(): void {
  generation += 1;
}

export async function loadRights(db: Db, userId: number): Promise<Rights> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(userId);
  if (hit && hit.generation === generation && Date.now() - hit.at < RIGHTS_CACHE_MS) return hit.rights;
  // A change made while this reads drops what it read: it is stored under the generation it started in.
  const readIn = generation;
  const rows = await db
    .select({
      roleId: roles.id,
      isSystem: roles.isSystem,
      route: rolePermissions.route,
      canView: rolePermissions.canView,
      canAccess: rolePermissions.canAccess,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(userRoles.userId, userId));
  const grants = new Map<
    number,
    { isSystem: boolean; permissions: { route: string; canView: boolean; canAccess: boolean }[] }
  >();
  for (const row of rows) {
    const grant = grants.get(row.roleId) ?? { isSystem: row.isSystem, permissions: [] };
    if (row.route) grant.permissions.push({ route: row.route, canView: !!row.canView, canAccess: !!row.canAccess });
    grants.set(row.roleId, grant);
  }
  const rights = mergeRights([...grants.values()]);
  cache.set(userId, { at: Date.now(), generation: readIn, rights });
  return rights;
}

/** Creates the administrator role when missing, and the editable seed roles on a database without roles. */
export async function ensureRoles(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7263540022)`);
    const [existing] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.isSystem, true)).limit(1);
    if (existing) return existing.id;
    const [{ n }] = (await tx.select({ n: count() }).from(roles)) as [{ n: number }];
    const system = { userId: null, actor: 'system' };
    const [admin] = await tx
      .insert(roles)
      .values({ ...adminRole, isSystem: true })
      .returning();
    await audit(tx, system, { action: 'create', entityType: 'role', entityId: admin!.id, after: admin });
    if (n === 0) {
      for (const seed of seedRoles) {
        const [role] = await tx.insert(roles).values({ name: seed.name, description: seed.description }).returning();
        const perms = normalisePermissions(seed.permissions);
        if (perms.length) await tx.insert(rolePermissions).values(perms.map((p) => ({ ...p, roleId: role!.id })));
        await audit(tx, system, {
          action: 'create',
          entityType: 'role',
          entityId: role!.id,
          after: { ...role, permissions: perms },
        });
      }
    }
    return admin!.id;
  });
}

export async function adminRoleId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.isSystem, true)).limit(1);
  if (!row) throw new Error('system role missing');
  return row.id;
}

const userCountSql = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;

export async function listRoles(db: DbOrTx) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      isSystem: roles.isSystem,
      userCount: userCountSql,
    })
    .from(roles)
    .orderBy(sql`${roles.isSystem} desc`, ukOrder(roles.name));
}

export async function getRole(db: DbOrTx, id: number): Promise<RoleDetail> {
  const [role] = await db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      isSystem: roles.isSystem,
      userCount: userCountSql,
    })
    .from(roles)
    .where(eq(roles.id, id));
  if (!role) throw new DomainError(404, rolesMessages.notFound);
  const permissions = role.isSystem
    ? []
    : await db
        .select({
          route: rolePermissions.route,
          canView: rolePermissions.canView,
          canAccess: rolePermissions.canAccess,
        })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, id))
        .orderBy(asc(rolePermissions.route));
  return { ...role, permissions };
}

async function lockEditable(tx: DbOrTx, id: number) {
  const [role] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  if (!role) throw new DomainError(404, rolesMessages.notFound);
  if (role.isSystem) throw new DomainError(409, rolesMessages.systemReadOnly);
  return role;
}

function nameTaken(err: unknown): never {
  if (uniqueViolation(err)) {
    throw new DomainError(409, rolesMessages.nameTaken, { name: rolesMessages.nameTaken });
  }
  throw err;
}

export async function createRole(db: Db, ctx: AuditContext, input: { name: string; description: string }) {
  return db
    .transaction(async (tx) => {
      const [role] = await tx.insert(roles).values(input).returning();
      await audit(tx, ctx, { action: 'create', entityType: 'role', entityId: role!.id, after: role });
      return getRole(tx, role!.id);
    })
    .catch(nameTaken);
}

export async function updateRole(
  db: Db,
  ctx: AuditContext,
  id: number,
  input: { name?: string; description?: string },
) {
  return db
    .transaction(async (tx) => {
      const before = await lockEditable(tx, id);
      const [after] = await tx
        .update(roles)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(roles.id, id))
        .returning();
      await audit(tx, ctx, { action: 'update', entityType: 'role', entityId: id, before, after });
      return getRole(tx, id);
    })
    .catch(nameTaken);
}

export async function deleteRole(db: Db, ctx: AuditContext, id: number) {
  await db.transaction(async (tx) => {
    const before = await lockEditable(tx, id);
    const [{ n }] = (await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id))) as [
      { n: number },
    ];
    if (n > 0) throw new DomainError(409, rolesMessages.inUse(n));
    const permissions = await tx.select().from(rolePermissions).where(eq(rolePermissions.roleId, id));
    await tx.delete(roles).where(eq(roles.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: 'role', entityId: id, before: { ...before, permissions } });
  });
  invalidateRights();
}

export async function setPermissions(
  db: Db,
  ctx: AuditContext,
  id: number,
  submitted: ReadonlyArray<{ route: string; canView: boolean; canAccess: boolean }>,
) {
  const result = await db.transaction(async (tx) => {
    await lockEditable(tx, id);
    const before = await tx.select().from(rolePermissions).where(eq(rolePermissions.roleId, id));
    const next = normalisePermissions(submitted);
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    if (next.length) await tx.insert(rolePermissions).values(next.map((p) => ({ ...p, roleId: id })));
    await tx
      .update(roles)
      .set({ updatedAt: sql`now()` })
      .where(eq(roles.id, id));
    await audit(tx, ctx, {
      action: 'permission_change',
      entityType: 'role',
      entityId: id,
      before: before.map(({ route, canView, canAccess }) => ({ route, canView, canAccess })),
      after: next,
    });
    return getRole(tx, id);
  });
  invalidateRights();
  return result;
}

export async function copyRole(db: Db, ctx: AuditContext, id: number) {
  return db
    .transaction(async (tx) => {
      const source = await getRole(tx, id);
      const existing = await tx.select({ name: roles.name }).from(roles);
      const taken = new Set(existing.map((r) => r.name.toLowerCase()));
      let name = rolesMessages.copyName(source.name, 1);
      for (let i = 2; taken.has(name.toLowerCase()); i++) name = rolesMessages.copyName(source.name, i);
      const [role] = await tx.insert(roles).values({ name, description: source.description }).returning();
      const perms = source.isSystem ? [] : normalisePermissions(source.permissions);
      if (perms.length) await tx.insert(rolePermissions).values(perms.map((p) => ({ ...p, roleId: role!.id })));
      await audit(tx, ctx, {
        action: 'create',
        entityType: 'role',
        entityId: role!.id,
        after: { ...role, copiedFrom: id, permissions: perms },
      });
      return getRole(tx, role!.id);
    })
    .catch(nameTaken);
}

/** Role names per user, for lists and the current user (one query for a whole page of users). */
export async function roleRefsFor(db: DbOrTx, userIds: number[]) {
  const map = new Map<number, Array<{ id: number; name: string }>>();
  if (!userIds.length) return map;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(sql`${roles.isSystem} desc`, ukOrder(roles.name));
  for (const row of rows) {
    const list = map.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name });
    map.set(row.userId, list);
  }
  return map;
}

/** Replaces a user's roles; refuses unknown role ids. Callers enforce the last-administrator rule. */
export async function replaceUserRoles(tx: DbOrTx, userId: number, roleIds: number[]) {
  const unique = [...new Set(roleIds)];
  const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, unique));
  if (found.length !== unique.length) {
    throw new DomainError(400, rolesMessages.unknownRole, { roleIds: rolesMessages.unknownRole });
  }
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
  invalidateRights();
}

/** Active users holding the system role, other than the given one, locked against concurrent changes. */
export async function otherActiveAdmins(tx: DbOrTx, exceptUserId: number): Promise<number> {
  const adminId = await adminRoleId(tx);
  await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, adminId)).for('update');
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, adminId), eq(users.isActive, true), sql`${users.id} <> ${exceptUserId}`))) as [
    { n: number },
  ];
  return n;
}
