// Debian's Chromium, driven by playwright-core (no browser download), one browser per spec file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { openDatabase, type Database } from '@/server/kernel/db.ts';
import { mailText } from '@/server/testing/mail-text.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium не знайдено: ${CHROMIUM} (apt-get install chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const baseUrl = () => inject('baseUrl');

export async function newPage(browser: Browser, opts: { width?: number; height?: number } = {}) {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    locale: 'uk-UA',
    timezoneId: 'Europe/Kyiv',
  });
  const page: Page = await context.newPage();
  return { context, page };
}

/** The app's database, for arranging data a journey needs (users with known e-mail and so on). */
export async function appDatabase(): Promise<Database> {
  const url = inject('databaseUrl');
  if (url) return openDatabase({ databaseUrl: url, migrate: false, poolSize: 2 });
  // The embedded database belongs to the server process; tests only run against PostgreSQL then.
  throw new Error('e2e data setup needs DATABASE_URL');
}

export function hasServerDatabase(): boolean {
  return inject('databaseUrl') !== null;
}

export interface ReceivedMail {
  to: string[];
  text: string;
}

export async function waitForMail(to: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  const dir = inject('mailDir');
  const end = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; raw: string };
      if (mail.to.includes(to)) return { to: mail.to, text: mailText(mail.raw) };
    }
    if (Date.now() > end) throw new Error(`no mail for ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
