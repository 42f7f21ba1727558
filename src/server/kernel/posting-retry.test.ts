// withPostingRetry (domain README §3 step 4): a real 40001/40P01 from PostgreSQL re-runs the whole transaction — what
// the failed try wrote is gone, the next try commits once; any other error is not retried; the fourth failure goes
// out as it came. Inside a caller's transaction it runs once. On PostgreSQL, two SERIALIZABLE transactions that
// update the same row: the loser's 40001 is retried and both increments land.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@/shared/api-error.ts';
import { createTestDatabase, type TestDatabase } from '@/server/testing/test-db.ts';
import { openDatabase, type Tx } from './db.ts';
import { pgCode } from './db-errors.ts';
import { POSTING_RETRIES, isRetryablePostingError, withPostingRetry } from './posting-retry.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.execute(sql`create table posting_retry_probe (id int primary key, n int not null, note text)`);
});
afterAll(() => t.close());

/** A real error raised by PostgreSQL itself with the given SQLSTATE. */
const raise = (tx: Tx, code: string) =>
  tx.execute(sql.raw(`do $$ begin raise exception 'probe ${code}' using errcode = '${code}'; end $$`));

const rows = async (id: number) =>
  (
    (await t.db.execute(sql`select n, note from posting_retry_probe where id = ${id}`)) as unknown as {
      rows: Array<{ n: number; note: string }>;
    }
  ).rows;

const quick = { baseDelayMs: 1 };

describe('withPostingRetry', () => {
  it('re-runs the whole transaction after a serialization failure and commits the second try once', async () => {
    let tries = 0;
    const answer = await withPostingRetry(
      t.db,
      async (tx) => {
        tries++;
        // Written before the failure: the rolled-back try must leave nothing behind.
        await tx.execute(sql`insert into posting_retry_probe (id, n, note) values (1, ${tries}, ${`try ${tries}`})`);
        if (tries === 1) await raise(tx, '40001');
        return `committed on try ${tries}`;
      },
      quick,
    );
    expect(answer).toBe('committed on try 2');
    expect(tries).toBe(2);
    expect(await rows(1)).toEqual([{ n: 2, note: 'try 2' }]);
  });

  it('retries a deadlock the same way', async () => {
    let tries = 0;
    await withPostingRetry(
      t.db,
      async (tx) => {
        tries++;
        await tx.execute(sql`insert into posting_retry_probe (id, n) values (2, ${tries})`);
        if (tries < 3) await raise(tx, '40P01');
      },
      quick,
    );
    expect(tries).toBe(3);
    expect(await rows(2)).toEqual([{ n: 3, note: null }]);
  });

  it('does not retry any other error: a unique violation, a domain refusal', async () => {
    let tries = 0;
    const unique = withPostingRetry(
      t.db,
      async (tx) => {
        tries++;
        await raise(tx, '23505');
      },
      quick,
    );
    await expect(unique).rejects.toSatisfy((err: unknown) => pgCode(err).code === '23505');
    expect(tries).toBe(1);

    tries = 0;
    const refusal = withPostingRetry(
      t.db,
      async (tx) => {
        tries++;
        await tx.execute(sql`insert into posting_retry_probe (id, n) values (3, 1)`);
        throw new DomainError(409, 'Недостатньо запасу');
      },
      quick,
    );
    await expect(refusal).rejects.toMatchObject({ status: 409, message: 'Недостатньо запасу' });
    expect(tries).toBe(1);
    expect(await rows(3)).toEqual([]);
  });

  it('lets the fourth failure go out as PostgreSQL raised it, with nothing committed', async () => {
    let tries = 0;
    const run = withPostingRetry(
      t.db,
      async (tx) => {
        tries++;
        await tx.execute(sql`insert into posting_retry_probe (id, n) values (4, ${tries})`);
        await raise(tx, '40001');
      },
      quick,
    );
    await expect(run).rejects.toSatisfy((err: unknown) => isRetryablePostingError(err));
    await expect(run).rejects.toSatisfy((err: unknown) => pgCode(err).code === '40001');
    expect(tries).toBe(POSTING_RETRIES + 1);
    expect(tries).toBe(4);
    expect(await rows(4)).toEqual([]);
  });

  it('inside a caller’s transaction runs once: only the caller can re-run what the failure aborted', async () => {
    let tries = 0;
    const outer = t.db.transaction((outerTx) =>
      withPostingRetry(
        outerTx,
        async (tx) => {
          tries++;
          await raise(tx, '40001');
        },
        quick,
      ),
    );
    await expect(outer).rejects.toSatisfy((err: unknown) => pgCode(err).code === '40001');
    expect(tries).toBe(1);
  });
});

describe.runIf(process.env.DATABASE_URL)('withPostingRetry on PostgreSQL, concurrently', () => {
  it('retries the loser of two SERIALIZABLE transactions updating one row, so both increments land', async () => {
    await t.db.execute(sql`insert into posting_retry_probe (id, n) values (10, 0)`);
    const wide = await openDatabase({ databaseUrl: t.url!, migrate: false, poolSize: 4 });
    try {
      // Both first tries read the row before either writes it: the second writer cannot be serialized (40001).
      let arrived = 0;
      let release!: () => void;
      const bothRead = new Promise<void>((resolve) => (release = resolve));
      const tries: number[] = [0, 0];
      const failures: string[] = [];
      const increment = (who: 0 | 1) =>
        withPostingRetry(
          wide.db,
          async (tx) => {
            tries[who]!++;
            await tx.execute(sql`select n from posting_retry_probe where id = 10`);
            if (tries[who] === 1) {
              if (++arrived === 2) release();
              await bothRead;
            }
            try {
              await tx.execute(sql`update posting_retry_probe set n = n + 1 where id = 10`);
            } catch (err) {
              failures.push(pgCode(err).code ?? 'none');
              throw err;
            }
          },
          { isolationLevel: 'serializable', baseDelayMs: 5 },
        );
      await Promise.all([increment(0), increment(1)]);
      expect(failures).toEqual(['40001']);
      expect([...tries].sort()).toEqual([1, 2]);
    } finally {
      await wide.close();
    }
    expect(await rows(10)).toEqual([{ n: 2, note: null }]);
  });
});
