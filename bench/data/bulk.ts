// What every part of the generator shares: the actor its rows are written by, bulk-insert helpers, and the clock that
// times its parts and words its progress.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';

export const ACTOR = 'bench-data';
/** Rows per multi-row insert: well under PostgreSQL's 65 535 bind parameters for the widest table here. */
export const CHUNK = 1000;

type Rows<T> = { rows: T[] };
export const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Bulk loading: a lost last commit after a crash only means a rerun, so the WAL flush need not wait. */
export const fastCommit = (tx: DbOrTx) => tx.execute(sql`set local synchronous_commit = off`);

export async function insertChunked<T>(tx: DbOrTx, rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

// ---- timing and progress ---------------------------------------------------------------------------------------

export class Clock {
  readonly seconds: Record<string, number> = {};
  private readonly started = performance.now();
  async phase<T>(name: string, run: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await run();
    } finally {
      this.add(name, t0);
    }
  }
  add(name: string, since: number) {
    this.seconds[name] = (this.seconds[name] ?? 0) + (performance.now() - since) / 1000;
  }
  get total() {
    return (performance.now() - this.started) / 1000;
  }
}

export const formatSeconds = (s: number) =>
  s < 60 ? `${s.toFixed(1)} с` : `${Math.floor(s / 60)} хв ${String(Math.round(s % 60)).padStart(2, '0')} с`;
export const grouped = (n: number) => n.toLocaleString('uk-UA');
