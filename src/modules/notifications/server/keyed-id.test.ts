// keyedId: the record id at the end of a dedupe key, or null — never a failed cast for a key of another shape.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/kernel/rows.ts';
import { createTestDatabase, type TestDatabase } from '@/server/testing/test-db.ts';
import { keyedId } from './notifications.service.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('keyedId', () => {
  it.each([
    ['order-overdue:12', 12],
    ['order-overdue:0012', 12],
    ['order-payment-overdue:12', null],
    ['order-overdue:', null],
    ['order-overdue:12a', null],
    ['order-overdue:-3', null],
    ['order-overdue:99999999999', null],
    ['low-stock:item:4', null],
  ])('%s → %s', async (key, id) => {
    const [row] = rowsOf<{ id: number | null }>(
      await database.db.execute(sql`select ${keyedId('order-overdue:', sql`${key}::text`)} as id`),
    );
    expect(row!.id === null ? null : Number(row!.id)).toBe(id);
  });
});
