// The signed-in user's own account (reports-admin.md §19).
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { Db } from '@/server/kernel/db.ts';
import { uniqueViolation } from '@/server/kernel/db-errors.ts';
import { audit, auditLog, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { hashPassword, sessions, verifyPassword } from '@/modules/auth/server/index.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { fillPath, queryString } from '@/shared/endpoint.ts';
import type { Preferences, SessionInfo } from '../profile.contract.ts';
import { PHOTO_MAX_BYTES } from '../profile.constants.ts';
import { profileEndpoints } from '../profile.endpoints.ts';
import { profileMessages } from '../profile.messages.ts';
import { userPhotos } from './profile.table.ts';
import { sniffImage } from '@/server/kernel/images.ts';

const currentUserColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
  workerId: users.workerId,
};

export async function currentUser(db: Db, userId: number) {
  const [row] = await db.select(currentUserColumns).from(users).where(eq(users.id, userId));
  return row!;
}

export async function updateProfile(
  db: Db,
  ctx: AuditContext & { userId: number },
  input: { firstName: string; lastName: string; email: string; currentPassword?: string | undefined },
) {
  const { currentPassword, ...fields } = input;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          passwordHash: users.passwordHash,
        })
        .from(users)
        .where(eq(users.id, ctx.userId))
        .for('update');
      // The e-mail signs in and receives password links: whoever holds an open session must not redirect them to
      // himself without knowing the password (issue 19 §6).
      if (before && before.email.toLowerCase() !== fields.email) {
        if (!currentPassword) {
          throw new DomainError(400, profileMessages.passwordForEmail, {
            currentPassword: profileMessages.passwordForEmail,
          });
        }
        if (!(await verifyPassword(currentPassword, before.passwordHash))) {
          throw new DomainError(400, profileMessages.wrongCurrentPassword, {
            currentPassword: profileMessages.wrongCurrentPassword,
          });
        }
      }
      await tx
        .update(users)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(users.id, ctx.userId));
      const { passwordHash: _hash, ...shown } = before ?? { passwordHash: '' };
      await audit(tx, ctx, {
        action: 'update',
        entityType: 'user',
        entityId: ctx.userId,
        before: before ? shown : undefined,
        after: fields,
      });
    });
  } catch (err) {
    if (uniqueViolation(err))
      throw new DomainError(409, profileMessages.emailTaken, { email: profileMessages.emailTaken });
    throw err;
  }
  return currentUser(db, ctx.userId);
}

export async function changePassword(
  db: Db,
  ctx: AuditContext & { userId: number },
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
) {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId));
  if (!row || !(await verifyPassword(input.currentPassword, row.hash))) {
    throw new DomainError(400, profileMessages.wrongCurrentPassword, {
      currentPassword: profileMessages.wrongCurrentPassword,
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, ctx.userId));
    await tx.delete(sessions).where(and(eq(sessions.userId, ctx.userId), ne(sessions.id, currentSessionId)));
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'user',
      entityId: ctx.userId,
      after: { password: 'changed' },
    });
  });
}

export async function setPhoto(db: Db, ctx: AuditContext & { userId: number }, data: Buffer) {
  if (data.length > PHOTO_MAX_BYTES) throw new DomainError(413, profileMessages.photoTooLarge);
  const contentType = sniffImage(data);
  if (!contentType) throw new DomainError(415, profileMessages.photoType);
  // The version in the query makes browsers fetch the new photo instead of the cached one (max-age one day).
  const url = fillPath(profileEndpoints.photo.path, { id: ctx.userId }) + queryString({ v: Date.now().toString(36) });
  await db.transaction(async (tx) => {
    await tx
      .insert(userPhotos)
      .values({ userId: ctx.userId, contentType, data })
      .onConflictDoUpdate({ target: userPhotos.userId, set: { contentType, data, updatedAt: sql`now()` } });
    await tx
      .update(users)
      .set({ profileImageUrl: url, updatedAt: sql`now()` })
      .where(eq(users.id, ctx.userId));
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'user',
      entityId: ctx.userId,
      after: { profileImageUrl: url, contentType, bytes: data.length },
    });
  });
  return currentUser(db, ctx.userId);
}

export async function deletePhoto(db: Db, ctx: AuditContext & { userId: number }) {
  await db.transaction(async (tx) => {
    await tx.delete(userPhotos).where(eq(userPhotos.userId, ctx.userId));
    await tx
      .update(users)
      .set({ profileImageUrl: null, updatedAt: sql`now()` })
      .where(eq(users.id, ctx.userId));
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'user',
      entityId: ctx.userId,
      after: { profileImageUrl: null },
    });
  });
  return currentUser(db, ctx.userId);
}

export async function getPhoto(db: Db, userId: number) {
  const [row] = await db.select().from(userPhotos).where(eq(userPhotos.userId, userId));
  if (!row) throw new DomainError(404, profileMessages.photoNotFound);
  return row;
}

/** Sessions are shown by a short prefix of their stored hash: enough to tell them apart, useless as a cookie. */
const publicSessionId = (id: string) => id.slice(0, 12);

export async function listSessions(db: Db, userId: number, currentSessionId: string): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((s) => ({
    id: publicSessionId(s.id),
    current: s.id === currentSessionId,
    ip: s.ip,
    userAgent: s.userAgent,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    remember: s.remember,
  }));
}

export async function endOtherSessions(db: Db, ctx: AuditContext & { userId: number }, currentSessionId: string) {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, ctx.userId), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    await audit(tx, ctx, {
      action: 'logout',
      entityType: 'user',
      entityId: ctx.userId,
      after: { endedSessions: ended.length },
    });
    return ended.length;
  });
}

export async function ownActivity(db: Db, userId: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
    })
    .from(auditLog)
    .where(eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.id))
    .limit(50);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/** The user's own preferences (decision 0026). */
export async function getPreferences(db: Db, userId: number): Promise<Preferences> {
  const [row] = await db.select({ emailDigest: users.emailDigest }).from(users).where(eq(users.id, userId));
  return { emailDigest: row?.emailDigest ?? true };
}

/** `PATCH /api/profile/preferences`: the user's own row only, audited. */
export async function updatePreferences(
  db: Db,
  ctx: AuditContext & { userId: number },
  input: Preferences,
): Promise<Preferences> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ emailDigest: users.emailDigest })
      .from(users)
      .where(eq(users.id, ctx.userId))
      .for('update');
    await tx
      .update(users)
      .set({ emailDigest: input.emailDigest, updatedAt: sql`now()` })
      .where(eq(users.id, ctx.userId));
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'user_preferences',
      entityId: ctx.userId,
      before: before ?? null,
      after: { emailDigest: input.emailDigest },
    });
    return { emailDigest: input.emailDigest };
  });
}
