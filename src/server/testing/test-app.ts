// The server as tests see it: a real app on this file's own database, driven through app.inject().
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type AppConfig } from '../kernel/config.ts';
import { observeSealedSecrets, SEALED_SECRET_PATTERN } from '../kernel/secrets.ts';
import type { AppInstance } from '../kernel/endpoint.ts';
import { createMailer, type Mailer } from '@/modules/email-settings/server/index.ts';
import { hashPassword } from '@/modules/auth/server/index.ts';
import { users } from '@/modules/users/server/index.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export interface TestApp {
  app: AppInstance;
  database: TestDatabase;
  db: TestDatabase['db'];
  config: AppConfig;
  mailer: Mailer;
  close(): Promise<void>;
}

const silentLog = { info() {}, warn() {}, error() {} };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const rawInjects = new WeakMap<AppInstance, (opts: InjectOptions) => Promise<LightMyRequestResponse>>();

/** `app.inject` exactly as given, without the Origin asBrowserClient adds (for the cross-site suite). */
export function injectAsIs(app: AppInstance, opts: InjectOptions): Promise<LightMyRequestResponse> {
  const raw = rawInjects.get(app);
  if (!raw) throw new Error('injectAsIs: the app was not made by createTestApp');
  return raw(opts);
}

/**
 * Makes `app.inject` send what the app's own pages send: a state-changing request carries the app's Origin, as every
 * browser adds to a fetch from the page (the cross-site guard refuses it otherwise, decision 0014). A test that sets
 * `origin` or `sec-fetch-site` itself (the cross-site suite) is sent as it is.
 */
export function asBrowserClient(app: AppInstance, appUrl: string): AppInstance {
  const inject = app.inject.bind(app) as (opts: unknown) => unknown;
  rawInjects.set(app, inject as (opts: InjectOptions) => Promise<LightMyRequestResponse>);
  const origin = new URL(appUrl).origin;
  (app as { inject: unknown }).inject = (opts: unknown) => {
    if (typeof opts !== 'object' || opts === null) return inject(opts);
    const o = opts as { method?: string; headers?: Record<string, unknown> };
    const headers = o.headers ?? {};
    const named = (name: string) => Object.keys(headers).some((k) => k.toLowerCase() === name);
    if (SAFE_METHODS.has((o.method ?? 'GET').toUpperCase()) || named('origin') || named('sec-fetch-site'))
      return inject(opts);
    return inject({ ...o, headers: { ...headers, origin } });
  };
  return app;
}

export interface TestAppOptions extends Pick<BuildOptions, 'extraRoutes'> {
  /** Opens the app's database; a fresh one from the migrated template unless a test brings its own (backup). */
  openDatabase?: () => Promise<TestDatabase>;
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'erp-test-'));
  // NBU is never reached from tests: a port nothing listens on, unless a test starts the fake (fake-nbu.ts).
  const config = loadConfig({ ERP_DATA_DIR: dataDir, PORT: '5999', NBU_API_URL: 'http://127.0.0.1:9/nbu', ...env });
  const { openDatabase = createTestDatabase, ...buildOptions } = options;
  const database = await openDatabase();
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: silentLog,
    appSecret: config.sessionSecret,
  });
  const built = await buildApp({ config, database, mailer }, buildOptions);
  refuseSecretsInResponses(built);
  const app = asBrowserClient(built, config.appUrl);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    mailer,
    async close() {
      await app.close();
      await mailer.stop();
      await database.close();
    },
  };
}

/** Every secret sealed in this test process (an API key, an SMTP or IMAP password, a webhook secret). */
const sealedSecrets = new Set<string>();
observeSealedSecrets((plain) => {
  if (plain.length >= 8) sealedSecrets.add(plain);
});

/**
 * Issue 26 'Security': no secret is ever returned. Every response of every test app is scanned — a sealed secret's
 * text or any secret sealed in this process answers 500 instead, so the test that asked fails where it asked.
 */
function refuseSecretsInResponses(app: AppInstance) {
  app.addHook('onSend', async (request, _reply, payload) => {
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (text === null || text.length === 0) return payload;
    const leaked = SEALED_SECRET_PATTERN.test(text) || [...sealedSecrets].some((secret) => text.includes(secret));
    if (leaked) throw new Error(`A secret in the response to ${request.method} ${request.url}`);
    return payload;
  });
}

/**
 * A fixture's running number as text, zero-padded: fixtures keep their counters across the files of a worker
 * (isolate: false), so names and SKUs made from the number must sort in the order they were made (9 before 10).
 */
export const fixtureNumber = (n: number) => String(n).padStart(4, '0');

let userCounter = 0;

export async function createUser(
  db: TestDatabase['db'],
  fields: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  userCounter += 1;
  const { password = 'secret1', ...rest } = fields;
  const [user] = await db
    .insert(users)
    .values({
      username: `user${userCounter}`,
      email: `user${userCounter}@example.com`,
      firstName: 'Олена',
      lastName: 'Коваленко',
      passwordHash: await hashPassword(password),
      ...rest,
    })
    .returning();
  return { ...user!, password };
}

/** Signs in through the real endpoint and returns the Cookie header to send with later requests. */
export async function signIn(app: AppInstance, username: string, password: string, rememberMe = false) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/simple-login',
    payload: { username, password, rememberMe },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie');
  return { cookie: `sid=${cookie.value}`, setCookie: cookie, body: res.json() };
}
