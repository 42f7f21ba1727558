// Process entry: environment → database (migrated) → first administrator → mail worker → listen.
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig, type AppConfig } from './kernel/config.ts';
import { exitOnStartFailure } from './kernel/start-failure.ts';
import { openDatabase, type Database } from './kernel/db.ts';
import { createEmbeddedMaintenance } from './db/maintenance.ts';
import { purgeExpiredAuthData } from '@/modules/auth/server/index.ts';
import { createMailer } from '@/modules/email-settings/server/index.ts';
import { startManufacturingJobs } from '@/modules/manufacturing/server/index.ts';
import { startForecastJobs } from '@/modules/production-forecasts/server/index.ts';
import { purgeOldNotifications } from '@/modules/notifications/server/index.ts';
import { startOrderJobs } from '@/modules/orders/server/index.ts';
import { startShipmentJobs } from '@/modules/shipments/server/index.ts';
import { shortageChanged, startShortageJobs } from '@/modules/shortage/server/index.ts';
import { onLedgerChanged } from '@/modules/stock/server/index.ts';
import { ensureAdmin } from '@/modules/users/server/index.ts';
import { startSystemLogJobs, withSystemEvents } from '@/modules/system-logs/server/index.ts';
import { startBankMailboxJob } from '@/modules/bank-mailbox/server/index.ts';
import { startCurrencyRateJobs } from '@/modules/currency-rates/server/index.ts';
import { startBasPullJob } from '@/modules/integrations/server/index.ts';
import { startEmailDigestJob } from '@/modules/email-notifications/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';

export interface StartedServer {
  url: string;
  config: AppConfig;
  database: Database;
  stop(): Promise<void>;
}

const HOUR = 3600_000;

/**
 * What a database needs before it is served: the first administrator (a generated password is printed here, once)
 * and the seed directories. Both take a transaction lock, so the workers of `npm start` (src/server/cluster.ts),
 * starting at once on an empty database, create them once.
 */
async function prepareDatabase(db: Database['db'], config: AppConfig, log: pino.Logger): Promise<void> {
  const admin = await ensureAdmin(db, { email: config.adminEmail, password: config.adminPassword });
  if (admin.created) {
    log.info({ login: 'admin', email: config.adminEmail }, 'Створено адміністратора');
    if (admin.generatedPassword) {
      // Printed once, on purpose: this is the only way to learn a generated password.
      process.stdout.write(
        `\nСтворено адміністратора. Логін: admin  Пароль: ${admin.generatedPassword}\n` +
          'Збережіть пароль: його більше не буде показано. Змінити його можна через «Забули пароль?».\n\n',
      );
    }
  }
  const seeded = await resourceEngine.ensureSeeds(db);
  if (seeded.length) log.info({ resources: seeded }, 'Створено початкові довідники');
}

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<StartedServer> {
  const config = loadConfig(env);
  const log = pino({ level: env.LOG_LEVEL ?? 'info' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database.db, config, log);
    const mailLog = withSystemEvents(database.db, log, 'email');
    const mailer = createMailer({
      db: database.db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: mailLog,
      appSecret: config.sessionSecret,
    });
    // Every job's warnings and errors are also system events (reports-admin.md §16).
    const jobLog = withSystemEvents(database.db, log, 'job');
    const app = await buildApp({ config, database, mailer }, { logger: log, serveClient: true });
    await app.listen({ port: config.port, host: config.host });
    mailer.start();
    // Nova Poshta tracking and the directory refresh (they skip quietly while it is not configured).
    const shipmentJobs = startShipmentJobs({ db: database.db, config, log: jobLog });
    // MO overdue notices and time entries left open over 12 h (production.md §4, §6).
    const manufacturingJobs = startManufacturingJobs({ db: database.db, log: jobLog });
    // Forecast actuals of ended periods, once a night (production.md §12).
    const forecastJobs = startForecastJobs({ db: database.db, log: jobLog });
    // Overdue orders and overdue payments, raised from 08:00 Kyiv time (reports-admin.md §9).
    const orderJobs = startOrderJobs({ db: database.db, log: jobLog });
    // Critical material shortages: every 15 min, and a few seconds after any stock posting (warehouse.md §4).
    const shortageJobs = startShortageJobs({ db: database.db, log: jobLog });
    // Events older than 90 days and audit past its term, once a day (reports-admin.md §16).
    const logJobs = startSystemLogJobs({ db: database.db, log: jobLog });
    // Bank notices from the mailbox, every few minutes when it is enabled (sales.md §2).
    const mailboxJob = startBankMailboxJob({ db: database.db, appSecret: config.sessionSecret, log: jobLog });
    // NBU rates at 16:30 for the next day and 09:00 for today (reports-admin.md §15), while enabled.
    const rateJob = startCurrencyRateJobs({ db: database.db, apiUrl: config.nbuApiUrl, log: jobLog });
    // Invoices from the BAS / 1C HTTP service every 30 minutes, while enabled (reports-admin.md §15).
    const basJob = startBasPullJob({
      db: database.db,
      appSecret: config.sessionSecret,
      nbuApiUrl: config.nbuApiUrl,
      log: jobLog,
    });
    // The daily e-mail digests of the e-mail rules, each at its rule's time (reports-admin.md §14).
    const digestJob = startEmailDigestJob({ db: database.db, log: jobLog });
    const stopShortageOnPostings = onLedgerChanged(shortageChanged);
    const maintenance = database.kind === 'pglite' ? createEmbeddedMaintenance(database.db, log) : null;
    const housekeeping = setInterval(() => {
      purgeExpiredAuthData(database.db).catch((err: unknown) => log.error({ err }, 'housekeeping failed'));
      // Read notifications older than 90 days that are resolved or never needed action (reports-admin.md §9).
      purgeOldNotifications(database.db).catch((err: unknown) => log.error({ err }, 'notification purge failed'));
      maintenance?.().catch((err: unknown) => log.error({ err }, 'maintenance failed'));
    }, HOUR);
    housekeeping.unref();
    log.info({ url: config.appUrl, database: database.kind }, 'Сервер запущено');
    return {
      url: `http://localhost:${config.port}`,
      config,
      database,
      async stop() {
        clearInterval(housekeeping);
        shipmentJobs.stop();
        manufacturingJobs.stop();
        forecastJobs.stop();
        orderJobs.stop();
        stopShortageOnPostings();
        shortageJobs.stop();
        logJobs.stop();
        mailboxJob.stop();
        rateJob.stop();
        basJob.stop();
        digestJob.stop();
        await app.close();
        await mailer.stop();
        await database.close();
      },
    };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<StartedServer> {
  try {
    const server = await startServer(env);
    const shutdown = () => {
      server.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
    return server;
  } catch (err) {
    exitOnStartFailure(err);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
