// Sign-in, sessions and password recovery (domain reports-admin.md §10, DESIGN §6).
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { Db } from '@/server/kernel/db.ts';
import { audit, recordFailedLogin, type AuditContext } from '@/modules/system-logs/server/index.ts';
import type { Mailer } from '@/modules/email-settings/server/index.ts';
import { users } from '@/modules/users/server/users.table.ts';
import type { CurrentUser } from '../auth.contract.ts';
import { authMessages } from '../auth.messages.ts';
import { loginKnownAddresses, loginThrottle, passwordResetTokens, sessions } from './auth.table.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts';

export const REMEMBER_MS = 30 * 24 * 3600_000;
export const IDLE_MS = 12 * 3600_000;
export const RESET_TOKEN_MS = 3600_000;
export const THROTTLE_WINDOW_MIN = 15;
export const MAX_FAILURES_PER_LOGIN = 5;
export const MAX_FAILURES_PER_IP = 100;
const MAX_RESET_MAILS_PER_HOUR = 5;
/** How often a session's last-seen time is written (not on every request). */
const TOUCH_AFTER_MS = 60_000;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const userColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
  workerId: users.workerId,
};

export interface SessionLookup {
  user: CurrentUser;
  session: { id: string; remember: boolean };
}

export async function loadSession(db: Db, token: string): Promise<SessionLookup | null> {
  const id = sha256(token);
  const [row] = await db
    .select({ ...userColumns, sessionId: sessions.id, remember: sessions.remember, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`), eq(users.isActive, true)))
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    // Browser-session cookies expire on the server after 12 h without activity; remembered ones after 30 days.
    await db
      .update(sessions)
      .set(
        row.remember
          ? { lastSeenAt: sql`now()` }
          : { lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(secs => ${IDLE_MS / 1000})` },
      )
      .where(eq(sessions.id, id));
  }
  const { sessionId, remember, lastSeenAt: _seen, ...user } = row;
  return { user, session: { id: sessionId, remember } };
}

export interface LoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
  ip: string;
  userAgent: string | null;
  previousToken: string | null;
  requestId: string;
}

/** How long an address an account signed in from counts as known (decision 0014). */
export const KNOWN_ADDRESS_DAYS = 90;

type ThrottleRow = { key: string; failures: number };

/**
 * Claims one attempt in each bucket, atomically (one statement; keys in a fixed order, so two attempts never wait for
 * each other in a cycle), and answers the counts including this attempt. A window older than 15 minutes starts over.
 */
async function claimAttempt(db: Db, keys: string[]): Promise<Map<string, number>> {
  const sorted = [...new Set(keys)].sort();
  const result = (await db.execute(sql`
    insert into login_throttle as t (key, failures, window_started_at)
    values ${sql.join(
      sorted.map((k) => sql`(${k}, 1, now())`),
      sql`, `,
    )}
    on conflict (key) do update set
      failures = case when t.window_started_at <= now() - make_interval(mins => ${THROTTLE_WINDOW_MIN})
                      then 1 else t.failures + 1 end,
      window_started_at = case when t.window_started_at <= now() - make_interval(mins => ${THROTTLE_WINDOW_MIN})
                               then now() else t.window_started_at end
    returning key, failures`)) as unknown as { rows: ThrottleRow[] };
  return new Map(result.rows.map((r) => [r.key, Number(r.failures)]));
}

export async function login(db: Db, input: LoginInput): Promise<{ user: CurrentUser; token: string }> {
  const loginKey = input.username.trim().toLowerCase();
  const [found] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${loginKey}`, sql`lower(${users.email}) = ${loginKey}`))
    .limit(1);
  // Counted per account whatever alias was typed (login or e-mail); apart when the address is one the account signed
  // in from before, so that a stranger's failures cannot lock the owner out at his own desk (decision 0014).
  const known =
    found !== undefined &&
    (
      await db
        .select({ ip: loginKnownAddresses.ip })
        .from(loginKnownAddresses)
        .where(
          and(
            eq(loginKnownAddresses.userId, found.id),
            eq(loginKnownAddresses.ip, input.ip),
            gt(loginKnownAddresses.lastSuccessAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`),
          ),
        )
        .limit(1)
    ).length > 0;
  const accountKey = !found ? `login:${loginKey}` : known ? `known:${found.id}:${input.ip}` : `account:${found.id}`;
  const addressKey = `ip:${input.ip}`;
  const counts = await claimAttempt(db, [accountKey, addressKey]);
  if ((counts.get(accountKey) ?? 0) > MAX_FAILURES_PER_LOGIN || (counts.get(addressKey) ?? 0) > MAX_FAILURES_PER_IP) {
    throw new DomainError(429, authMessages.server.throttledLogin);
  }

  const passwordOk = await verifyPassword(input.password, found?.passwordHash ?? (await dummyPasswordHash()));

  const ctx: AuditContext = { userId: found?.id ?? null, ip: input.ip, requestId: input.requestId };
  if (!found || !found.isActive || !passwordOk) {
    // The claimed attempt stays counted as a failure.
    // Whoever tried is unknown, so the attempt is about the account (entityId), not by it (userId).
    await audit(
      db,
      { ...ctx, userId: null, actor: 'anonymous' },
      {
        action: 'login_failed',
        entityType: 'user',
        entityId: found?.id ?? null,
        after: { login: loginKey, reason: !found ? 'unknown_login' : !found.isActive ? 'inactive' : 'bad_password' },
      },
    );
    await recordFailedLogin(db, { login: loginKey, ip: input.ip, requestId: input.requestId });
    throw new DomainError(401, authMessages.server.badCredentials);
  }

  const token = randomBytes(32).toString('base64url');
  const remember = input.rememberMe;
  await db.transaction(async (tx) => {
    // A new session id at every sign-in (no fixation); the one this browser had before is ended.
    if (input.previousToken) await tx.delete(sessions).where(eq(sessions.id, sha256(input.previousToken)));
    await tx.insert(sessions).values({
      id: sha256(token),
      userId: found.id,
      remember,
      expiresAt: new Date(Date.now() + (remember ? REMEMBER_MS : IDLE_MS)),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    });
    await tx
      .update(users)
      .set({ lastLoginAt: sql`now()` })
      .where(eq(users.id, found.id));
    // A success clears the bucket it was counted in (not the other one) and gives back its place in the address's.
    await tx.delete(loginThrottle).where(eq(loginThrottle.key, accountKey));
    await tx
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
      .where(eq(loginThrottle.key, addressKey));
    await tx
      .insert(loginKnownAddresses)
      .values({ userId: found.id, ip: input.ip })
      .onConflictDoUpdate({
        target: [loginKnownAddresses.userId, loginKnownAddresses.ip],
        set: { lastSuccessAt: sql`now()` },
      });
    await audit(tx, ctx, { action: 'login', entityType: 'user', entityId: found.id, after: { remember } });
  });
  const { passwordHash: _h, isActive: _a, ...user } = found;
  return { user, token };
}

export async function logout(db: Db, token: string, ctx: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(sessions)
      .where(eq(sessions.id, sha256(token)))
      .returning({ userId: sessions.userId });
    const userId = deleted[0]?.userId;
    if (userId !== undefined) {
      await audit(tx, { ...ctx, userId }, { action: 'logout', entityType: 'user', entityId: userId });
    }
  });
}

export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  appUrl: string,
  email: string,
  ctx: AuditContext,
): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, eq(users.isActive, true)))
    .limit(1);
  if (!user) return null;
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, sql`now() - interval '1 hour'`)),
    );
  if ((recent?.n ?? 0) >= MAX_RESET_MAILS_PER_HOUR) return null;
  return issuePasswordLink(db, mailer, appUrl, user, ctx, 'reset');
}

/**
 * Queues a mail with a one-hour, single-use link to set a password: 'reset' for recovery, 'invite' for a new
 * account. Returns the outbox id; the caller delivers it after its answer.
 */
export async function issuePasswordLink(
  db: Db,
  mailer: Mailer,
  appUrl: string,
  user: { id: number; email: string; firstName: string },
  ctx: AuditContext,
  kind: 'reset' | 'invite',
): Promise<number> {
  const token = randomBytes(32).toString('base64url');
  // The link is built from APP_URL, never from the request's Host header.
  const link = `${appUrl}/reset-password?token=${token}`;
  return db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_MS),
    });
    await audit(tx, ctx, {
      action: 'create',
      entityType: 'password_reset_token',
      entityId: user.id,
      after: { userId: user.id, kind },
    });
    return mailer.enqueue(
      tx,
      kind === 'invite' ? inviteMail(user.email, user.firstName, link) : resetMail(user.email, user.firstName, link),
    );
  });
}

export function inviteMail(to: string, firstName: string, link: string) {
  const greeting = firstName ? `Вітаємо, ${firstName}!` : 'Вітаємо!';
  const text = [
    greeting,
    '',
    'Для вас створено обліковий запис у Системі управління виробництвом.',
    'Щоб встановити пароль і увійти, відкрийте посилання (воно діє 1 годину і спрацьовує лише один раз):',
    link,
  ].join('\n');
  const html =
    `<p>${escapeHtml(greeting)}</p>` +
    '<p>Для вас створено обліковий запис у Системі управління виробництвом.</p>' +
    `<p><a href="${escapeHtml(link)}">Встановити пароль</a></p>` +
    '<p>Посилання діє 1 годину і спрацьовує лише один раз.</p>';
  return { to, subject: authMessages.server.inviteSubject, text, html, eventKey: 'user_invite' };
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function resetMail(to: string, firstName: string, link: string) {
  const greeting = firstName ? `Вітаємо, ${firstName}!` : 'Вітаємо!';
  const text = [
    greeting,
    '',
    'Ми отримали запит на відновлення паролю до Системи управління виробництвом.',
    'Щоб встановити новий пароль, відкрийте посилання (воно діє 1 годину і спрацьовує лише один раз):',
    link,
    '',
    'Якщо ви не надсилали запиту, просто проігноруйте цей лист — ваш пароль не зміниться.',
  ].join('\n');
  const html =
    `<p>${escapeHtml(greeting)}</p>` +
    '<p>Ми отримали запит на відновлення паролю до Системи управління виробництвом.</p>' +
    `<p><a href="${escapeHtml(link)}">Встановити новий пароль</a></p>` +
    '<p>Посилання діє 1 годину і спрацьовує лише один раз. Якщо ви не надсилали запиту, просто проігноруйте цей лист.</p>';
  return { to, subject: authMessages.server.mailSubject, text, html, eventKey: 'password_reset' };
}

async function findValidToken(db: Db, token: string) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function isResetTokenValid(db: Db, token: string): Promise<boolean> {
  if (!token) return false;
  return (await findValidToken(db, token)) !== null;
}

export async function resetPassword(db: Db, token: string, password: string, ctx: AuditContext): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Marking the token used in the same statement that checks it makes the link single-use under races.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    const [user] = used
      ? await tx.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.id, used.userId))
      : [];
    if (!used || !user?.isActive) throw new DomainError(400, authMessages.reset.invalidToken);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await audit(tx, { ...ctx, userId: user.id }, { action: 'password_reset', entityType: 'user', entityId: user.id });
  });
}

/** Housekeeping: expired sessions, used or stale reset tokens, old throttle counters and known addresses. */
export async function purgeExpiredAuthData(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, sql`now() - interval '1 day'`));
  await db.delete(loginThrottle).where(lt(loginThrottle.windowStartedAt, sql`now() - interval '1 day'`));
  await db
    .delete(loginKnownAddresses)
    .where(lt(loginKnownAddresses.lastSuccessAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`));
}
