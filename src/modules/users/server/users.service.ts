// Staff accounts (reports-admin.md §10): list, create, edit, (de)activate, passwords, delete unused ones.
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { listOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { foreignKeyViolation, uniqueViolation } from '@/server/kernel/db-errors.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import { audit, auditLog, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { hashPassword, sessions } from '@/modules/auth/server/index.ts';
import {
  adminRoleId,
  invalidateRights,
  otherActiveAdmins,
  replaceUserRoles,
  roleRefsFor,
  userRoles,
} from '@/modules/roles/server/index.ts';
import { userSortFields, type User } from '../users.contract.ts';
import { usersMessages } from '../users.messages.ts';
import { users } from './users.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';

type UserRow = typeof users.$inferSelect;

/** Names of the workers linked to logins ('Прізвище Ім'я'). */
async function workerNamesFor(db: DbOrTx, rows: UserRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.workerId).filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: workers.id, lastName: workers.lastName, firstName: workers.firstName })
    .from(workers)
    .where(inArray(workers.id, ids));
  return new Map(found.map((w) => [w.id, `${w.lastName} ${w.firstName}`]));
}

function toUser(row: UserRow, roles: Array<{ id: number; name: string }>, workerNames: Map<number, string>): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    isActive: row.isActive,
    profileImageUrl: row.profileImageUrl,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    roles,
    workerId: row.workerId,
    workerName: row.workerId === null ? null : (workerNames.get(row.workerId) ?? null),
  };
}

/** The audited shape of a user: never the password hash. */
const snapshot = (row: UserRow, roleIds?: number[]) => {
  const { passwordHash: _h, ...rest } = row;
  return roleIds ? { ...rest, roleIds } : rest;
};

function conflict(err: unknown): never {
  const unique = uniqueViolation(err);
  if (unique?.constraint === 'users_username_key') {
    throw new DomainError(409, usersMessages.usernameTaken, { username: usersMessages.usernameTaken });
  }
  if (unique?.constraint === 'users_email_key') {
    throw new DomainError(409, usersMessages.emailTaken, { email: usersMessages.emailTaken });
  }
  if (unique?.constraint === 'users_worker_id_key') {
    throw new DomainError(409, usersMessages.workerTaken, { workerId: usersMessages.workerTaken });
  }
  if (foreignKeyViolation(err)) {
    throw new DomainError(400, usersMessages.workerUnknown, { workerId: usersMessages.workerUnknown });
  }
  throw err;
}

export interface UserListQuery {
  page?: number;
  offset?: number;
  limit?: number;
  search?: string;
  sort?: string;
  status?: 'all' | 'active' | 'inactive';
  roleId?: number;
}

export async function listUsers(db: DbOrTx, q: UserListQuery): Promise<{ rows: User[]; total: number }> {
  const where: SQL[] = [];
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      or(
        ilike(users.username, like),
        ilike(users.email, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`,
      )!,
    );
  }
  if (q.status === 'active') where.push(eq(users.isActive, true));
  if (q.status === 'inactive') where.push(eq(users.isActive, false));
  if (q.roleId) {
    where.push(
      sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${q.roleId})`,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort, userSortFields, 'username');
  const column = users[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = (await Promise.all([
    db
      .select()
      .from(users)
      .where(condition)
      .orderBy(listOrder(column, field, isDesc, 'last'), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).where(condition),
  ])) as [UserRow[], [{ total: number }]];
  const roleMap = await roleRefsFor(
    db,
    rows.map((r) => r.id),
  );
  const workerNames = await workerNamesFor(db, rows);
  return { rows: rows.map((r) => toUser(r, roleMap.get(r.id) ?? [], workerNames)), total };
}

export async function getUser(db: DbOrTx, id: number): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new DomainError(404, usersMessages.notFound);
  const roleMap = await roleRefsFor(db, [id]);
  return toUser(row, roleMap.get(id) ?? [], await workerNamesFor(db, [row]));
}

export interface CreateUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  roleIds: number[];
  isActive: boolean;
  password?: string;
  workerId?: number | null;
}

export async function createUser(db: Db, ctx: AuditContext, input: CreateUser): Promise<User> {
  // Without a temporary password the account gets an unusable random one; the invitation link sets the real one.
  const passwordHash = await hashPassword(input.password ?? randomBytes(32).toString('base64url'));
  return db
    .transaction(async (tx) => {
      const { roleIds, password: _p, ...fields } = input;
      const [row] = await tx
        .insert(users)
        .values({ ...fields, passwordHash })
        .returning();
      await replaceUserRoles(tx, row!.id, roleIds);
      await audit(tx, ctx, { action: 'create', entityType: 'user', entityId: row!.id, after: snapshot(row!, roleIds) });
      return getUser(tx, row!.id);
    })
    .catch(conflict);
}

export interface UpdateUser {
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  roleIds?: number[];
  isActive?: boolean;
}

export async function updateUser(db: Db, ctx: AuditContext, id: number, input: UpdateUser): Promise<User> {
  const result = await db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) throw new DomainError(404, usersMessages.notFound);
      const beforeRoles = (await roleRefsFor(tx, [id])).get(id)?.map((r) => r.id) ?? [];
      const adminId = await adminRoleId(tx);

      if (input.isActive === false && before.isActive && id === ctx.userId) {
        throw new DomainError(409, usersMessages.cannotDeactivateSelf);
      }
      const wasAdmin = before.isActive && beforeRoles.includes(adminId);
      const staysAdmin = (input.isActive ?? before.isActive) && (input.roleIds ?? beforeRoles).includes(adminId);
      if (wasAdmin && !staysAdmin && (await otherActiveAdmins(tx, id)) === 0) {
        throw new DomainError(409, usersMessages.lastAdmin);
      }

      const { roleIds, ...fields } = input;
      const [after] = await tx
        .update(users)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      if (roleIds) await replaceUserRoles(tx, id, roleIds);
      // Deactivation ends every session at once (the next request is refused).
      if (input.isActive === false && before.isActive) await tx.delete(sessions).where(eq(sessions.userId, id));
      const action = input.isActive !== undefined && input.isActive !== before.isActive ? 'status_change' : 'update';
      await audit(tx, ctx, {
        action: roleIds && action === 'update' && !sameIds(roleIds, beforeRoles) ? 'permission_change' : action,
        entityType: 'user',
        entityId: id,
        before: snapshot(before, beforeRoles),
        after: snapshot(after!, roleIds ?? beforeRoles),
      });
      return getUser(tx, id);
    })
    .catch(conflict);
  invalidateRights();
  return result;
}

const sameIds = (a: number[], b: number[]) => [...new Set(a)].sort().join() === [...new Set(b)].sort().join();

export async function setUserPassword(db: Db, ctx: AuditContext, id: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (!row) throw new DomainError(404, usersMessages.notFound);
    // A password set by an administrator ends the sessions opened with the old one.
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await audit(tx, ctx, {
      action: 'password_reset',
      entityType: 'user',
      entityId: id,
      after: { by: 'administrator' },
    });
  });
}

export async function deleteUser(db: Db, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!row) throw new DomainError(404, usersMessages.notFound);
    if (id === ctx.userId) throw new DomainError(409, usersMessages.usedAccount);
    // The audit log refers to whoever acted and is never edited, so such a user can only be deactivated.
    const [{ acted }] = (await tx.select({ acted: count() }).from(auditLog).where(eq(auditLog.userId, id))) as [
      { acted: number },
    ];
    if (row.lastLoginAt || acted > 0) throw new DomainError(409, usersMessages.usedAccount);
    const roleIds = (await roleRefsFor(tx, [id])).get(id)?.map((r) => r.id) ?? [];
    await tx.delete(users).where(eq(users.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: 'user', entityId: id, before: snapshot(row, roleIds) });
  });
  invalidateRights();
}
