// Specifications for the bench's products (production.md §1), so /api/costing and /bom measure real roll-ups: each
// product gets one default active BOM of 3–6 of the catalogue's stocked components and materials (their costs are
// the averages the year's receipts left). Written with multi-row inserts like the rest of the bulk data, from a
// random stream of its own so that adding it changes nothing else of the dataset.
import type { Db } from '@/server/kernel/db.ts';
import { bomLines, boms } from '@/modules/bom/server/bom.table.ts';
import { CHUNK, fastCommit } from './bulk.ts';
import type { Catalogue } from './items.ts';
import { createRandom } from './random.ts';

export async function createBoms(db: Db, cat: Catalogue): Promise<number> {
  const r = createRandom(20_260_109);
  const products = cat.kind.flatMap((kind, k) => (kind === 'product' ? [k] : []));
  const parts = cat.stockedParts;
  if (!parts.length) return 0;
  for (let base = 0; base < products.length; base += CHUNK) {
    const chunk = products.slice(base, base + CHUNK);
    await db.transaction(async (tx) => {
      await fastCommit(tx);
      const inserted = await tx
        .insert(boms)
        .values(chunk.map((k) => ({ itemId: cat.id[k]!, name: 'Основна', isDefault: true, status: 'active' as const })))
        .returning({ id: boms.id });
      const lines: Array<typeof bomLines.$inferInsert> = [];
      for (const { id } of inserted) {
        const count = r.int(3, 6);
        const used = new Set<number>();
        for (let lineNo = 1; lineNo <= count; lineNo++) {
          const part = parts[r.skewed(parts.length, 2)]!;
          if (used.has(part)) continue;
          used.add(part);
          lines.push({
            bomId: id,
            lineNo,
            componentItemId: cat.id[part]!,
            qty: String(r.int(1, 8)),
            scrapPercent: r.chance(0.3) ? '2' : '0',
          });
        }
      }
      for (let i = 0; i < lines.length; i += CHUNK) await tx.insert(bomLines).values(lines.slice(i, i + CHUNK));
    });
  }
  return products.length;
}
