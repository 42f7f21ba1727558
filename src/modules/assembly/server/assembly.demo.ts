// Demo assembly documents of «Техноприлад», made the way the storekeeper makes them: through the real service and
// the ledger, from the stock the earlier seeders left. A kit with an active BOM and stock on the shelf (the
// production demo's power supplies) — two units are taken apart (DSM), then assembled again one by one (two ASM),
// every document's lines pre-filled from the BOM. Serials leaving are the first on the shelf; assembled kits get
// new ones from the template.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { boms } from '@/modules/bom/server/bom.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/index.ts';
import { stockBalances } from '@/modules/stock/server/stock.table.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { items } from '@/resources/items/items.table.ts';
import type { Assembly } from '../assembly.contract.ts';
import { postAssembly } from './assembly.posting.ts';
import { prefillLines } from './assembly.read.ts';
import { createAssembly } from './assembly.write.ts';

async function availableIn(tx: DbOrTx, warehouseId: number): Promise<Map<number, string>> {
  const rows = await tx
    .select({
      itemId: stockBalances.itemId,
      available: sql<string>`(${stockBalances.onHand} - ${stockBalances.reserved})::text`,
    })
    .from(stockBalances)
    .where(eq(stockBalances.warehouseId, warehouseId));
  return new Map(rows.map((r) => [r.itemId, r.available]));
}

/** The first serials on the warehouse's shelf of each tracked item leaving (components, or the kit taken apart). */
async function shelfSerials(tx: DbOrTx, doc: Assembly) {
  const leaving =
    doc.type === 'assembly'
      ? doc.lines.filter((l) => l.serialTracking)
      : doc.serialTracking
        ? [{ itemId: doc.itemId, qty: doc.qty }]
        : [];
  const serials = [];
  for (const item of leaving) {
    const shelf = await tx
      .select({ serial: serialNumbers.serial })
      .from(serialNumbers)
      .where(
        and(
          eq(serialNumbers.itemId, item.itemId),
          eq(serialNumbers.warehouseId, doc.warehouseId),
          eq(serialNumbers.status, 'available'),
        ),
      )
      .orderBy(asc(serialNumbers.serial))
      .limit(Number(item.qty.split('.')[0]));
    serials.push({ itemId: item.itemId, serials: shelf.map((s) => s.serial) });
  }
  return serials;
}

export const assemblyDemoSeeder: DemoSeeder = {
  name: 'assembly',
  async run({ tx, log }) {
    const [storekeeper] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'p.bondarenko'));
    const ctx = { userId: storekeeper?.id ?? null, actor: 'demo-seed' } as const;
    // A kit with an active default BOM and at least 2 free on some shelf (the production demo's power supplies).
    const [kit] = await tx
      .select({ itemId: boms.itemId, warehouseId: stockBalances.warehouseId })
      .from(boms)
      .innerJoin(items, eq(items.id, boms.itemId))
      .innerJoin(stockBalances, eq(stockBalances.itemId, boms.itemId))
      .where(
        and(
          eq(boms.isDefault, true),
          eq(boms.status, 'active'),
          eq(items.isActive, true),
          sql`${stockBalances.onHand} - ${stockBalances.reserved} >= 2`,
        ),
      )
      .orderBy(asc(boms.itemId), asc(stockBalances.warehouseId))
      .limit(1);
    if (!kit) return;
    const lines = async (qty: string) =>
      (await prefillLines(tx, kit.itemId, qty)).lines.map((l) => ({ itemId: l.itemId, qty: l.qty }));
    const post = async (
      type: 'assembly' | 'disassembly',
      documentDate: string,
      qty: string,
      notes: string,
    ): Promise<Assembly | null> => {
      const chosen = await lines(qty);
      if (!chosen.length) return null;
      if (type === 'assembly') {
        const stock = await availableIn(tx, kit.warehouseId);
        if (!chosen.every((l) => cmp(dec(l.qty), dec(stock.get(l.itemId) ?? '0')) <= 0)) return null;
      }
      const draft = await createAssembly(tx, ctx, {
        type,
        documentDate,
        itemId: kit.itemId,
        qty,
        warehouseId: kit.warehouseId,
        notes,
        lines: chosen,
      });
      return postAssembly(tx, ctx, draft.id, undefined, await shelfSerials(tx, draft));
    };
    // Two units came back with damaged cases: taken apart, the parts checked, then put together again one by one.
    const taken = await post('disassembly', '2026-11-13', '2', 'Пошкоджені корпуси — розібрати і перевірити плати');
    if (!taken) return;
    let assembled = 0;
    if (await post('assembly', '2026-11-18', '1', 'Зібрано після перевірки плати')) assembled++;
    if (await post('assembly', '2026-11-20', '1', 'Зібрано після перевірки плати')) assembled++;
    log(`Збірка та розбірка: ${assembled} проведені збірки і 1 розбірка`);
  },
};
