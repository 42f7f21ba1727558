// The embedded database runs no autovacuum (PGlite is PostgreSQL in one process, without background workers): the
// dead rows every posting leaves in balances and costs stay, the visibility map that lets a count read an index alone
// is never set, and statistics age. Once a night, in Kyiv's small hours when nobody works, the server vacuums and
// analyzes it — 8.8 s on the bench's year of data (1.9 GB), while requests wait. PostgreSQL has its own autovacuum.
import { sql } from 'drizzle-orm';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { Db } from '../kernel/db.ts';

/** The Kyiv hours (inclusive) in which the nightly maintenance may run. */
export const MAINTENANCE_HOURS = { from: 1, to: 5 } as const;

export function kyivHour(now: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Kyiv', hour: 'numeric', hourCycle: 'h23' }).format(now),
  );
}

interface Logger {
  info(details: object, message: string): void;
}

/** A tick for the hourly housekeeping: vacuums once per night inside MAINTENANCE_HOURS; answers whether it ran. */
export function createEmbeddedMaintenance(db: Db, log: Logger): (now?: Date) => Promise<boolean> {
  let lastNight: string | null = null;
  return async (now = new Date()) => {
    const hour = kyivHour(now);
    if (hour < MAINTENANCE_HOURS.from || hour > MAINTENANCE_HOURS.to) return false;
    const night = kyivToday(now);
    if (lastNight === night) return false;
    lastNight = night;
    const started = performance.now();
    await db.execute(sql`vacuum (analyze)`);
    log.info(
      { seconds: Math.round((performance.now() - started) / 100) / 10 },
      'Нічне обслуговування бази: VACUUM (ANALYZE)',
    );
    return true;
  };
}
