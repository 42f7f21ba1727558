import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, MAX_WORKERS } from './config.ts';

const dir = () => mkdtempSync(path.join(tmpdir(), 'erp-config-'));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dataDir = dir();
    const c = loadConfig({ ERP_DATA_DIR: dataDir });
    expect(c.port).toBe(5000);
    expect(c.databaseUrl).toBeNull();
    expect(c.appUrl).toBe('http://localhost:5000');
    expect(c.secureCookies).toBe(false);
    expect(c.adminEmail).toBe('admin@localhost');
    expect(c.adminPassword).toBeNull();
    expect(c.smtpUrl).toBeNull();
  });

  it('generates the session secret once and keeps it in the data directory', () => {
    const dataDir = dir();
    const a = loadConfig({ ERP_DATA_DIR: dataDir });
    const b = loadConfig({ ERP_DATA_DIR: dataDir });
    expect(a.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.sessionSecret).toBe(a.sessionSecret);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(a.sessionSecret);
  });

  it('derives APP_URL from PORT and marks https for Secure cookies', () => {
    expect(loadConfig({ ERP_DATA_DIR: dir(), PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    const c = loadConfig({ ERP_DATA_DIR: dir(), APP_URL: 'https://erp.firma.ua/' });
    expect(c.appUrl).toBe('https://erp.firma.ua');
    expect(c.secureCookies).toBe(true);
  });

  it('starts when APP_URL is an address on the office network, with a sender it accepts (issue 19 §6)', () => {
    for (const appUrl of ['http://192.168.1.10:5000', 'http://[fd00::10]:5000', 'http://erp-server:5000']) {
      const c = loadConfig({ ERP_DATA_DIR: dir(), APP_URL: appUrl });
      expect(c.mailFrom, appUrl).toBe('Система управління виробництвом <noreply@localhost>');
    }
    expect(loadConfig({ ERP_DATA_DIR: dir(), APP_URL: 'https://erp.firma.ua' }).mailFrom).toContain(
      '<noreply@erp.firma.ua>',
    );
    // An address literal is a valid sender too.
    for (const from of ['noreply@[192.168.1.10]', 'ERP <erp@[IPv6:fd00::10]>'])
      expect(loadConfig({ ERP_DATA_DIR: dir(), MAIL_FROM: from }).mailFrom).toBe(from);
    expect(() => loadConfig({ ERP_DATA_DIR: dir(), MAIL_FROM: 'noreply@192.168.1.10' })).toThrow(/MAIL_FROM/);
  });

  it('serves with one process per core on PostgreSQL and with one on PGlite; ERP_WORKERS overrides (issue 27)', () => {
    const pg = 'postgres://u:p@localhost:5432/erp';
    expect(loadConfig({ ERP_DATA_DIR: dir() }).workers).toBe(1);
    expect(loadConfig({ ERP_DATA_DIR: dir(), DATABASE_URL: pg }).workers).toBe(
      Math.min(availableParallelism(), MAX_WORKERS),
    );
    expect(loadConfig({ ERP_DATA_DIR: dir(), DATABASE_URL: pg, ERP_WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ERP_DATA_DIR: dir(), ERP_WORKERS: '1' }).workers).toBe(1);
    // Two processes cannot share one embedded database: said at the start, not found out by a corrupt file.
    expect(() => loadConfig({ ERP_DATA_DIR: dir(), ERP_WORKERS: '2' })).toThrow(/ERP_WORKERS.*PostgreSQL/);
  });

  it.each([
    ['ERP_WORKERS', '0', /ERP_WORKERS/],
    ['ERP_WORKERS', 'два', /ERP_WORKERS/],
    ['ERP_WORKERS', '65', /ERP_WORKERS/],
    ['PORT', 'abc', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL/],
    ['APP_URL', 'ftp://x', /APP_URL/],
    ['SMTP_URL', 'http://mail', /SMTP_URL/],
    ['MAIL_FROM', 'nobody', /MAIL_FROM/],
    ['SESSION_SECRET', 'short', /SESSION_SECRET/],
    ['ERP_ADMIN_EMAIL', 'not-mail', /ERP_ADMIN_EMAIL/],
    ['ERP_ADMIN_PASSWORD', '123', /ERP_ADMIN_PASSWORD/],
  ])('stops on a malformed %s with a Ukrainian message', (name, value, pattern) => {
    expect(() => loadConfig({ ERP_DATA_DIR: dir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ERP_DATA_DIR: dir(), [name]: value })).toThrow(pattern);
    expect(() => loadConfig({ ERP_DATA_DIR: dir(), [name]: value })).toThrow(/Некоректне значення/);
  });
});
