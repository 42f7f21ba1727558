// Every stock posting runs in one transaction that is retried when PostgreSQL gives up on it for a reason that goes
// away on its own (domain README §3 step 4): a serialization failure (40001) or a deadlock (40P01). The whole
// transaction runs again from its first statement — never one statement — after a short jittered pause, up to three
// more times; any other error, and the fourth failure, goes out unchanged. Called with a transaction (a test, or a
// posting inside a larger change), it runs once inside it: a failed statement aborts the outer transaction, so only
// the caller that opened it can run it again.
import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from './db.ts';
import { pgCode } from './db-errors.ts';

/** The SQLSTATEs after which running the same transaction again may succeed. */
export const RETRYABLE_CODES: readonly string[] = ['40001', '40P01'];

/** Runs after the first try that failed: 1 + 3 = 4 tries in all. */
export const POSTING_RETRIES = 3;

export interface PostingRetryOptions extends PgTransactionConfig {
  /** How many times a retryable failure is run again (default POSTING_RETRIES). */
  retries?: number;
  /** The pause before the first retry in ms; each next one doubles, each with up to as much random jitter. */
  baseDelayMs?: number;
}

/** True when PostgreSQL refused the transaction for a reason a new run of it may not meet (40001, 40P01). */
export function isRetryablePostingError(err: unknown): boolean {
  const { code } = pgCode(err);
  return code !== undefined && RETRYABLE_CODES.includes(code);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in its own transaction on `db` and retries the whole transaction on 40001/40P01 (see above). `work` may
 * run more than once, so it must keep every effect inside the transaction it is given.
 */
export async function withPostingRetry<T>(
  db: DbOrTx,
  work: (tx: Tx) => Promise<T>,
  options: PostingRetryOptions = {},
): Promise<T> {
  const { retries = POSTING_RETRIES, baseDelayMs = 15, ...config } = options;
  const txConfig = Object.keys(config).length ? config : undefined;
  if (db instanceof PgTransaction) return db.transaction(work);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(work, txConfig);
    } catch (err) {
      if (attempt >= retries || !isRetryablePostingError(err)) throw err;
      const step = baseDelayMs * 2 ** attempt;
      await pause(step + Math.random() * step);
    }
  }
}
