// Configuration comes only from the environment (documented in README and .env.example).
// A malformed value stops the start with a clear Ukrainian message and a non-zero exit (see main.ts).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  appUrl: string;
  secureCookies: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  sessionSecret: string;
  adminEmail: string;
  adminPassword: string | null;
  clientDir: string;
  /** Nova Poshta API 2.0 endpoint (sales.md §4); tests point it at a local server speaking the protocol. */
  novaPoshtaApiUrl: string;
  /** The NBU exchange-rate directory (NBU_API_URL). */
  nbuApiUrl: string;
  /**
   * How many processes `npm start` serves the port with (ERP_WORKERS; issue 27): by default one per core on
   * PostgreSQL and always 1 on the embedded PGlite, which belongs to a single process.
   */
  workers: number;
}

const emailSchema = z.email();
/** An e-mail address at an address literal (RFC 5321 §4.1.3): `noreply@[192.168.1.10]`. */
const ADDRESS_LITERAL = /^[^\s@<>]+@\[(?:\d{1,3}(?:\.\d{1,3}){3}|IPv6:[0-9a-f:.]+)\]$/i;

/**
 * The domain of the default sender: APP_URL's host name, or `localhost` when that is an IP address or a name
 * without a dot (an office server reached as http://192.168.1.10:5000 — issue 19 §6: the start refused its own
 * default `noreply@192.168.1.10`).
 */
function defaultMailDomain(appUrl: URL): string {
  const host = appUrl.hostname;
  if (!host || host.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || !host.includes('.'))
    return 'localhost';
  return host;
}

function fail(name: string, why: string): never {
  throw new ConfigError(`Некоректне значення змінної середовища ${name}: ${why}`);
}

function parseUrl(name: string, value: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(name, `«${value}» не є URL-адресою`);
  }
  if (!protocols.includes(url.protocol)) {
    fail(name, `очікується схема ${protocols.map((p) => p.replace(':', '://')).join(' або ')}`);
  }
  return url;
}

/** Reads and checks the environment. Pure except for the session secret file it may create. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const value = (name: string) => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };

  const portText = value('PORT') ?? '5000';
  if (!/^\d+$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) {
    fail('PORT', `«${portText}» — очікується ціле число від 1 до 65535`);
  }
  const port = Number(portText);

  const databaseUrl = value('DATABASE_URL') ?? null;
  if (databaseUrl) parseUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']);

  const dataDir = path.resolve(cwd, value('ERP_DATA_DIR') ?? './data');

  const appUrlText = (value('APP_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const appUrl = parseUrl('APP_URL', appUrlText, ['http:', 'https:']);
  if (appUrl.search || appUrl.hash) fail('APP_URL', 'адреса не повинна містити параметрів чи якоря');

  const smtpUrl = value('SMTP_URL') ?? null;
  if (smtpUrl) {
    const u = parseUrl('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);
    if (!u.hostname) fail('SMTP_URL', 'не вказано хост');
  }

  const mailFrom = value('MAIL_FROM') ?? `Система управління виробництвом <noreply@${defaultMailDomain(appUrl)}>`;
  const fromAddress = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  if (
    !emailSchema.safeParse(fromAddress).success &&
    !fromAddress.endsWith('@localhost') &&
    !ADDRESS_LITERAL.test(fromAddress)
  ) {
    fail('MAIL_FROM', `«${mailFrom}» не містить коректної адреси e-mail`);
  }

  const adminEmail = (value('ERP_ADMIN_EMAIL') ?? 'admin@localhost').toLowerCase();
  if (!emailSchema.safeParse(adminEmail).success && !/^[^\s@]+@localhost$/.test(adminEmail)) {
    fail('ERP_ADMIN_EMAIL', `«${adminEmail}» не є адресою e-mail`);
  }

  const adminPassword = env.ERP_ADMIN_PASSWORD ?? null;
  if (adminPassword !== null && adminPassword.length < 6) {
    fail('ERP_ADMIN_PASSWORD', 'пароль має містити щонайменше 6 символів');
  }

  let sessionSecret = value('SESSION_SECRET');
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    fail('SESSION_SECRET', 'секрет має містити щонайменше 32 символи');
  }
  if (sessionSecret === undefined) sessionSecret = readOrCreateSecret(dataDir);

  const novaPoshtaApiUrl = value('NOVA_POSHTA_API_URL') ?? 'https://api.novaposhta.ua/v2.0/json/';
  parseUrl('NOVA_POSHTA_API_URL', novaPoshtaApiUrl, ['http:', 'https:']);
  // The NBU's rate directory (reports-admin.md §18 'Source'); tests point it at a local fake.
  const nbuApiUrl = value('NBU_API_URL') ?? 'https://bank.gov.ua/NBUStatService/v1/statdirectory/exchange';
  parseUrl('NBU_API_URL', nbuApiUrl, ['http:', 'https:']);

  const workersText = value('ERP_WORKERS');
  let workers = databaseUrl ? Math.max(1, Math.min(cores(), MAX_WORKERS)) : 1;
  if (workersText !== undefined) {
    if (!/^\d+$/.test(workersText) || Number(workersText) < 1 || Number(workersText) > MAX_WORKERS) {
      fail('ERP_WORKERS', `«${workersText}» — очікується ціле число від 1 до ${MAX_WORKERS}`);
    }
    workers = Number(workersText);
    if (workers > 1 && !databaseUrl) {
      fail(
        'ERP_WORKERS',
        'кілька процесів можливі лише з PostgreSQL (DATABASE_URL): вбудована база PGlite належить одному процесу',
      );
    }
  }

  return {
    port,
    host: value('HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    appUrl: appUrl.href.replace(/\/+$/, ''),
    secureCookies: appUrl.protocol === 'https:',
    smtpUrl,
    mailFrom,
    sessionSecret,
    adminEmail,
    adminPassword,
    clientDir: path.resolve(cwd, 'dist/client'),
    novaPoshtaApiUrl,
    nbuApiUrl,
    workers,
  };
}

/** The most processes ERP_WORKERS may ask for: more than the machine's cores only adds memory and switching. */
export const MAX_WORKERS = 64;

const cores = () => availableParallelism();

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8').trim();
    if (text.length >= 32) return text;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
