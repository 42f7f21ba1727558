// The serials a document may choose (sales.md §3 shipments, warehouse.md §7 transfers): one item's units on hand in one
// warehouse — status 'available', so the ones a draft shipment already reserved are not offered again — oldest first
// (the order 'Заповнити автоматично' takes them in), optionally narrowed by a part of the serial.
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { AvailableSerial, availableSerialsQuerySchema } from '../serial-numbers.contract.ts';
import { normaliseSerial } from '../serial-numbers.contract.ts';
import { serialNumbers } from './serial-numbers.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';

export async function availableSerials(
  db: DbOrTx,
  q: z.output<typeof availableSerialsQuerySchema>,
): Promise<{ rows: AvailableSerial[]; total: number }> {
  const where: SQL[] = [
    eq(serialNumbers.itemId, q.itemId),
    eq(serialNumbers.warehouseId, q.warehouseId),
    eq(serialNumbers.status, 'available'),
  ];
  const search = normaliseSerial(q.search ?? '');
  if (search) where.push(ilike(serialNumbers.serial, containsPattern(search)));
  const condition = and(...where);
  const rows = await db
    .select({ id: serialNumbers.id, serial: serialNumbers.serial, createdAt: serialNumbers.createdAt })
    .from(serialNumbers)
    .where(condition)
    .orderBy(asc(serialNumbers.createdAt), asc(serialNumbers.id))
    .limit(q.limit);
  const [counted] = await db.select({ total: count() }).from(serialNumbers).where(condition);
  return {
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(counted?.total ?? 0),
  };
}
