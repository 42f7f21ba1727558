// Idempotency of the terminal's actions (production.md §6 'Robustness'). Every action carries an Idempotency-Key;
// the key is claimed in the action's own transaction, before anything else, together with its scope (the action
// and the operation). The answer is stored in the same transaction as the effect, so either both exist or neither:
// a retry after a network drop gets the stored answer back and changes nothing. A concurrent request with the same
// key waits on the first one's uncommitted row and then sees its answer. Keys live 24 hours.
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { IDEMPOTENCY_TTL_HOURS, mesMessages } from '../mes.contract.ts';
import { idempotencyKeys } from './mes.table.ts';

const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;

/** The header's value, checked (400 when it is missing or malformed). */
export function requireIdempotencyKey(value: string | string[] | undefined): string {
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined || key.trim() === '') throw new DomainError(400, mesMessages.keyMissing);
  if (!KEY_PATTERN.test(key.trim())) throw new DomainError(400, mesMessages.keyInvalid);
  return key.trim();
}

export interface StoredAnswer<T> {
  statusCode: number;
  body: T;
}

/**
 * Drops keys older than 24 h. Rows another transaction holds are skipped, so purging never makes an action wait.
 * Answers how many were removed.
 */
export async function purgeIdempotencyKeys(db: DbOrTx, limit = 500): Promise<number> {
  const removed = await db.execute(sql`
    delete from ${idempotencyKeys} where ${idempotencyKeys.key} in (
      select k.key from ${idempotencyKeys} k
      where k.created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
      order by k.created_at
      limit ${limit}
      for update skip locked
    ) returning ${idempotencyKeys.key}`);
  return (removed as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Claims `key` for `scope` inside the caller's transaction. Answers the stored answer when the key was already used
 * for the same scope (the caller must then do nothing), null when the key is new; 409 when it answered another scope.
 */
export async function claimIdempotencyKey<T>(
  tx: DbOrTx,
  key: string,
  scope: string,
  userId: number | null,
): Promise<StoredAnswer<T> | null> {
  await purgeIdempotencyKeys(tx, 100);
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ key, scope, statusCode: 0, response: null, userId })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return null;
  const [row] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  if (!row || row.scope !== scope) throw new DomainError(409, mesMessages.keyOtherAction);
  return { statusCode: row.statusCode, body: row.response as T };
}

/** Stores the answer of a claimed key (same transaction as the effect). */
export async function storeIdempotentAnswer(tx: DbOrTx, key: string, answer: StoredAnswer<unknown>): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, response: answer.body })
    .where(eq(idempotencyKeys.key, key));
}
