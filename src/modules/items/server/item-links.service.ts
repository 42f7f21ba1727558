// A component's suppliers and its interchangeable alternatives (reference-data.md §17). Both lists are replaced as
// a whole by PUT, in one audited transaction.
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { componentKinds } from '@/resources/items/items.resource.ts';
import { itemAlternatives, items, itemSuppliers } from '@/resources/items/items.table.ts';
import type { z } from '@/shared/zod-uk.ts';
import {
  itemsMessages,
  type ItemAlternative,
  type itemAlternativesBodySchema,
  type ItemSupplier,
  type itemSuppliersBodySchema,
} from '../items.contract.ts';

const components = () => resourceEngine.resource('/components');

export async function listItemSuppliers(db: DbOrTx, itemId: number): Promise<ItemSupplier[]> {
  const rows = await db
    .select({ link: itemSuppliers, supplierName: counterparties.name })
    .from(itemSuppliers)
    .innerJoin(counterparties, eq(counterparties.id, itemSuppliers.supplierId))
    .where(eq(itemSuppliers.itemId, itemId))
    .orderBy(ukOrder(counterparties.name), asc(itemSuppliers.id));
  return rows.map(({ link: { itemId: _item, ...link }, supplierName }) => ({ ...link, supplierName }));
}

export async function replaceItemSuppliers(
  db: Db,
  ctx: AuditContext,
  itemId: number,
  body: z.output<typeof itemSuppliersBodySchema>,
) {
  return db.transaction(async (tx) => {
    await resourceEngine.get(tx, components(), itemId, true);
    const ids = [...new Set(body.suppliers.map((s) => s.supplierId))];
    if (ids.length) {
      const found = await tx
        .select({ id: counterparties.id })
        .from(counterparties)
        .where(and(inArray(counterparties.id, ids), eq(counterparties.isSupplier, true)));
      if (found.length !== ids.length) {
        throw new DomainError(400, itemsMessages.notSupplier, { suppliers: itemsMessages.notSupplier });
      }
    }
    const before = await listItemSuppliers(tx, itemId);
    await tx.delete(itemSuppliers).where(eq(itemSuppliers.itemId, itemId));
    if (body.suppliers.length) {
      await tx.insert(itemSuppliers).values(
        body.suppliers.map((s) => ({
          itemId,
          supplierId: s.supplierId,
          supplierSku: s.supplierSku ?? null,
          supplierItemName: s.supplierItemName ?? null,
          packQty: s.packQty ?? null,
          lastPrice: s.lastPrice ?? null,
          lastPriceCurrency: s.lastPriceCurrency ?? null,
          lastPriceDate: s.lastPriceDate ?? null,
          leadTimeDays: s.leadTimeDays ?? null,
          isPreferred: s.isPreferred,
        })),
      );
    }
    const after = await listItemSuppliers(tx, itemId);
    await audit(tx, ctx, { action: 'update', entityType: 'item_suppliers', entityId: itemId, before, after });
    return after;
  });
}

export async function listItemAlternatives(db: DbOrTx, itemId: number): Promise<ItemAlternative[]> {
  const pairs = await db
    .select()
    .from(itemAlternatives)
    .where(or(eq(itemAlternatives.itemId, itemId), eq(itemAlternatives.alternativeId, itemId)));
  if (!pairs.length) return [];
  const otherOf = (p: (typeof pairs)[number]) => (p.itemId === itemId ? p.alternativeId : p.itemId);
  const others = await db
    .select({ id: items.id, sku: items.sku, name: items.name, kind: items.kind })
    .from(items)
    .where(
      inArray(
        items.id,
        pairs.map((p) => otherOf(p)),
      ),
    );
  const byId = new Map(others.map((o) => [o.id, o]));
  return pairs
    .map((p) => {
      const other = byId.get(otherOf(p))!;
      return { itemId: other.id, sku: other.sku, name: other.name, kind: other.kind, note: p.note };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'uk'));
}

export async function replaceItemAlternatives(
  db: Db,
  ctx: AuditContext,
  itemId: number,
  body: z.output<typeof itemAlternativesBodySchema>,
) {
  return db.transaction(async (tx) => {
    await resourceEngine.get(tx, components(), itemId, true);
    const ids = body.alternatives.map((a) => a.itemId);
    if (ids.includes(itemId)) {
      throw new DomainError(400, itemsMessages.selfAlternative, { alternatives: itemsMessages.selfAlternative });
    }
    if (ids.length) {
      const found = await tx
        .select({ id: items.id })
        .from(items)
        .where(and(inArray(items.id, ids), inArray(items.kind, [...componentKinds])));
      if (found.length !== ids.length) {
        throw new DomainError(400, itemsMessages.notComponent, { alternatives: itemsMessages.notComponent });
      }
    }
    const before = await listItemAlternatives(tx, itemId);
    await tx
      .delete(itemAlternatives)
      .where(or(eq(itemAlternatives.itemId, itemId), eq(itemAlternatives.alternativeId, itemId)));
    if (body.alternatives.length) {
      await tx.insert(itemAlternatives).values(
        body.alternatives.map((a) => ({
          itemId: Math.min(itemId, a.itemId),
          alternativeId: Math.max(itemId, a.itemId),
          note: a.note ?? null,
        })),
      );
    }
    const after = await listItemAlternatives(tx, itemId);
    await audit(tx, ctx, { action: 'update', entityType: 'item_alternatives', entityId: itemId, before, after });
    return after;
  });
}
