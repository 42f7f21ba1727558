// How the scanner finds repairs (production.md §7): by the REP number, and the repairs of a scanned unit's serial.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { repairs } from './repairs.table.ts';

const columns = {
  id: repairs.id,
  number: repairs.number,
  status: repairs.status,
  date: sql<string>`${repairs.intakeDate}::text`,
  serialNumberId: repairs.serialNumberId,
};

export async function repairByNumber(db: DbOrTx, number: string) {
  const [row] = await db.select(columns).from(repairs).where(eq(repairs.number, number)).limit(1);
  return row ?? null;
}

/** The repairs of these units, newest first. */
export async function repairsOfSerials(db: DbOrTx, serialIds: readonly number[]) {
  if (!serialIds.length) return [];
  return db
    .select(columns)
    .from(repairs)
    .where(inArray(repairs.serialNumberId, [...serialIds]))
    .orderBy(desc(repairs.intakeDate), desc(repairs.id))
    .limit(20);
}
