import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { emailOutbox } from '@/modules/email-settings/server/index.ts';
import { users } from '@/modules/users/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { loginKnownAddresses, loginThrottle, passwordResetTokens, sessions } from './auth.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'http://erp.example.test:8080' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** The link of the newest mail to this address; recovery mail is queued just after the answer, so wait for it. */
async function resetLinkFor(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(sql`${emailOutbox.id} desc`)
      .limit(1);
    const link = mail && /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error('no link in mail');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('GET /api/auth/user', () => {
  it('answers 401 with a Ukrainian JSON error without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Потрібно увійти в систему' });
  });

  it('answers the current user, without the password hash, with a session', async () => {
    const u = await createUser(t.db, { firstName: 'Тарас', lastName: 'Шевчук' });
    const { cookie } = await signIn(t.app, u.username, u.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: u.id,
      username: u.username,
      firstName: 'Тарас',
      lastName: 'Шевчук',
      email: u.email,
      profileImageUrl: null,
      workerId: null,
      roleName: null,
    });
    expect(res.body).not.toContain('scrypt');
  });
});

describe('POST /api/auth/simple-login', () => {
  it('accepts the login or the e-mail in any letter case', async () => {
    const u = await createUser(t.db, { username: 'petro.k', email: 'petro@firma.ua', password: 'Пароль-1' });
    for (const username of ['petro.k', 'PETRO.K', 'Petro@Firma.UA', '  petro.k  ']) {
      const res = await post('/api/auth/simple-login', { username, password: 'Пароль-1', rememberMe: false });
      expect(res.statusCode, username).toBe(200);
      expect(res.json().user.id).toBe(u.id);
    }
  });

  it('gives a browser-session cookie without "remember me" and a 30-day one with it', async () => {
    const u = await createUser(t.db);
    const plain = await signIn(t.app, u.username, u.password, false);
    expect(plain.setCookie.httpOnly).toBe(true);
    expect(plain.setCookie.sameSite).toBe('Lax');
    expect(plain.setCookie.secure).toBeFalsy();
    expect(plain.setCookie.maxAge).toBeUndefined();
    expect(plain.setCookie.expires).toBeUndefined();
    const remembered = await signIn(t.app, u.username, u.password, true);
    expect(remembered.setCookie.maxAge).toBe(30 * 24 * 3600);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows.map((r) => r.remember).sort()).toEqual([false, true]);
  });

  it('issues a new session id at every sign-in and ends the one the browser had', async () => {
    const u = await createUser(t.db);
    const first = await signIn(t.app, u.username, u.password);
    const res = await post(
      '/api/auth/simple-login',
      { username: u.username, password: u.password },
      { cookie: first.cookie },
    );
    const second = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    expect(second).not.toBe(first.cookie);
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: first.cookie } });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: second } });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a wrong password, an unknown login and an inactive user with one message, audited without the password', async () => {
    const u = await createUser(t.db, { password: 'right-one' });
    const inactive = await createUser(t.db, { password: 'right-one', isActive: false });
    for (const body of [
      { username: u.username, password: 'wrong-one' },
      { username: 'nobody-here', password: 'right-one' },
      { username: inactive.username, password: 'right-one' },
    ]) {
      const res = await post('/api/auth/simple-login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Невірний логін або пароль' });
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login_failed'), eq(auditLog.entityId, String(u.id))));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain('wrong-one');
    expect(audits[0]!.ip).toBeTruthy();
  });

  it('answers 429 after five failures for one login, from any address, while a colleague at the same address signs in', async () => {
    const victim = await createUser(t.db, { password: 'victim-pass' });
    const colleague = await createUser(t.db, { password: 'colleague-pass' });
    const office = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/simple-login',
        payload: { username: victim.username, password: `guess-${i}` },
        remoteAddress: '203.0.113.7',
        headers: office,
      });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/simple-login',
      payload: { username: victim.username, password: 'victim-pass' },
      remoteAddress: '198.51.100.9',
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe('Забагато невдалих спроб входу. Спробуйте через 15 хвилин.');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/simple-login',
      payload: { username: colleague.username, password: 'colleague-pass' },
      remoteAddress: '203.0.113.7',
    });
    expect(ok.statusCode).toBe(200);
    // The window is 15 minutes: once the failures are older, the login works again.
    await t.db
      .update(loginThrottle)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(eq(loginThrottle.key, `account:${victim.id}`));
    expect(
      (await post('/api/auth/simple-login', { username: victim.username, password: 'victim-pass' })).statusCode,
    ).toBe(200);
  });

  it('answers bad input with 4xx JSON in Ukrainian and touches nothing', async () => {
    const cases: Array<{ payload: string; contentType?: string; status: number; error: RegExp }> = [
      { payload: '{"username": "admin", "password"', status: 400, error: /Некоректний JSON/ },
      { payload: JSON.stringify({ username: 'a', password: 5 }), status: 400, error: /password/ },
      {
        payload: JSON.stringify({ username: 'a', password: 'b', isAdmin: true }),
        status: 400,
        error: /Некоректні дані/,
      },
      { payload: JSON.stringify({ username: 'a'.repeat(300), password: 'b' }), status: 400, error: /username/ },
      { payload: JSON.stringify({ username: '', password: 'b' }), status: 400, error: /username/ },
      { payload: 'username=a&password=b', contentType: 'application/x-www-form-urlencoded', status: 415, error: /тип/ },
      { payload: JSON.stringify({ username: 'x', password: 'y'.repeat(2_000_000) }), status: 413, error: /завеликий/ },
    ];
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(loginThrottle);
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/simple-login',
        payload: c.payload,
        headers: { 'content-type': c.contentType ?? 'application/json' },
      });
      expect(res.statusCode, c.payload.slice(0, 40)).toBe(c.status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().error).toMatch(c.error);
      expect(res.body).not.toMatch(/at \w+ \(|node_modules/);
    }
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(loginThrottle);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('sign-in throttle under attack (issue 19 §3, decision 0014)', () => {
  const attempt = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/simple-login', payload: { username, password }, remoteAddress });
  const statuses = (answers: Array<{ statusCode: number }>) =>
    answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.statusCode]: (acc[a.statusCode] ?? 0) + 1 }), {});

  it('checks at most five passwords when forty wrong ones arrive at once', async () => {
    const victim = await createUser(t.db, { password: 'victim-pass' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(victim.username, `guess-${i}`, '192.0.2.40')),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 35 });
  });

  it('does not let the right password through behind twenty-nine wrong ones sent in parallel', async () => {
    const victim = await createUser(t.db, { password: 'victim-pass' });
    const answers = await Promise.all([
      ...Array.from({ length: 29 }, (_, i) => attempt(victim.username, `guess-${i}`, '192.0.2.41')),
      attempt(victim.username, 'victim-pass', '192.0.2.41'),
    ]);
    const checked = answers.filter((a) => a.statusCode !== 429);
    // Only the first five claims reach the password check; the right one signs in only if it was among them.
    expect(checked.length).toBe(5);
    const signedIn = answers.filter((a) => a.statusCode === 200).length;
    expect(signedIn).toBeLessThanOrEqual(1);
    if (signedIn === 0) expect(answers.at(-1)!.statusCode).toBe(429);
  });

  it('counts the login and the e-mail of one account together', async () => {
    const victim = await createUser(t.db, { password: 'victim-pass' });
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const name = i % 2 ? victim.email.toUpperCase() : victim.username;
      codes.push((await attempt(name, `guess-${i}`, '192.0.2.42')).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('keeps the owner’s usual address open while a stranger exhausts the account', async () => {
    const owner = await createUser(t.db, { password: 'owner-pass' });
    expect((await attempt(owner.username, 'owner-pass', '192.0.2.50')).statusCode).toBe(200);
    expect(await t.db.select().from(loginKnownAddresses).where(eq(loginKnownAddresses.userId, owner.id))).toMatchObject(
      [{ ip: '192.0.2.50' }],
    );
    const stranger = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(owner.email, `guess-${i}`, '198.51.100.66')),
    );
    expect(statuses(stranger)).toEqual({ 401: 5, 429: 15 });
    // From a new address the account is closed for the window; from the owner's own it still opens.
    expect((await attempt(owner.username, 'owner-pass', '198.51.100.67')).statusCode).toBe(429);
    expect((await attempt(owner.username, 'owner-pass', '192.0.2.50')).statusCode).toBe(200);
    // The owner's address has a limit of its own.
    const fromOwnDesk = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt(owner.username, `typo-${i}`, '192.0.2.50')),
    );
    expect(statuses(fromOwnDesk)).toEqual({ 401: 5, 429: 3 });
  });

  it('caps one address at a hundred failures over any logins', async () => {
    // 98 failures already counted for the address (each costs a password hash, so they are not replayed here).
    await t.db.insert(loginThrottle).values({ key: 'ip:203.0.113.200', failures: 98, windowStartedAt: new Date() });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt(`nobody-${i}`, 'x', '203.0.113.200')).statusCode);
    expect(codes).toEqual([401, 401, 429, 429]);
    // Another address is not affected.
    expect((await attempt('nobody-0', 'x', '203.0.113.201')).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('expires an idle browser session on the server', async () => {
    const u = await createUser(t.db);
    const { cookie } = await signIn(t.app, u.username, u.password);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, u.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a tampered cookie', async () => {
    const u = await createUser(t.db);
    const { cookie } = await signIn(t.app, u.username, u.password);
    const tampered = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: tampered } });
    expect(res.statusCode).toBe(401);
  });

  it('stops a deactivated user at the next request', async () => {
    const u = await createUser(t.db);
    const { cookie } = await signIn(t.app, u.username, u.password);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/logout', () => {
  it('ends the session, clears the cookie and redirects to /', async () => {
    const u = await createUser(t.db);
    const { cookie } = await signIn(t.app, u.username, u.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'logout'), eq(auditLog.userId, u.id)));
    expect(audits).toHaveLength(1);
  });

  it('redirects to / without a session too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });
});

describe('password recovery', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const u = await createUser(t.db, { email: 'known@firma.ua' });
    const known = await post('/api/auth/forgot-password', { email: 'KNOWN@firma.ua' });
    const unknown = await post('/api/auth/forgot-password', { email: 'stranger@firma.ua' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const link = await resetLinkFor(u.email);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Відновлення паролю — Система управління виробництвом');
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'stranger@firma.ua'))).toHaveLength(0);
    // The link is built from APP_URL, never from the Host header.
    expect(link.startsWith('http://erp.example.test:8080/reset-password?token=')).toBe(true);
    const token = new URL(link).searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(stored[0]!.tokenHash).not.toContain(token);
  });

  it('refuses a malformed e-mail with a Ukrainian message', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/e-mail/);
  });

  it('validates, resets once, ends every session and signs in with the new password', async () => {
    const u = await createUser(t.db, { email: 'reset-me@firma.ua', password: 'old-password' });
    const { cookie } = await signIn(t.app, u.username, 'old-password');
    await post('/api/auth/forgot-password', { email: u.email });
    const token = new URL(await resetLinkFor(u.email)).searchParams.get('token')!;

    const check = await t.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token?token=${token}` });
    expect(check.json()).toEqual({ valid: true });
    const bogus = await t.app.inject({ method: 'GET', url: '/api/auth/validate-reset-token?token=nonsense' });
    expect(bogus.json()).toEqual({ valid: false });
    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/validate-reset-token' });
    expect(missing.json()).toEqual({ valid: false });

    const short = await post('/api/auth/reset-password', { token, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('Пароль повинен містити мінімум 6 символів');

    const ok = await post('/api/auth/reset-password', { token, password: 'new-password' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Пароль успішно змінено' });

    const again = await post('/api/auth/reset-password', { token, password: 'another-one' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Посилання для скидання паролю недійсне або застаріле' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    expect((await post('/api/auth/simple-login', { username: u.username, password: 'old-password' })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/simple-login', { username: u.username, password: 'new-password' })).statusCode).toBe(
      200,
    );
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password_reset'), eq(auditLog.userId, u.id)));
    expect(audits).toHaveLength(1);
  });

  it('refuses a token older than one hour', async () => {
    const u = await createUser(t.db, { email: 'late@firma.ua' });
    await post('/api/auth/forgot-password', { email: u.email });
    const token = new URL(await resetLinkFor(u.email)).searchParams.get('token')!;
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, u.id));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token?token=${token}` })).json(),
    ).toEqual({
      valid: false,
    });
    expect((await post('/api/auth/reset-password', { token, password: 'whatever1' })).statusCode).toBe(400);
  });
});

describe('platform', () => {
  it('answers /healthz after checking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('answers unknown /api paths with JSON 404 and sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Не знайдено' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('secure cookies', () => {
  it('marks the session cookie Secure when APP_URL is https', async () => {
    const secure = await createTestApp({ APP_URL: 'https://erp.example.ua' });
    try {
      const u = await createUser(secure.db);
      const { setCookie } = await signIn(secure.app, u.username, u.password);
      expect(setCookie.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});
