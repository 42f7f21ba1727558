// The BOM as a structure (production.md §1): the explosion of an item or a BOM into levels ('Дерево') or summed
// leaves ('Плоский'), each with its available stock; where an item is used (recursively, through the made items
// that contain it); and the cycle check run when a BOM is saved, activated or made the default.
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { dec, fixed, mul, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { bomMaterials, effectivePerUnit } from '@/modules/production/server/index.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { stockBalances } from '@/modules/stock/server/stock.table.ts';
import { items } from '@/resources/items/items.table.ts';
import type { ExplosionNode, FlatLeaf, WhereUsedRow } from '../bom.contract.ts';
import { flattenLeaves, qty4 } from './bom.calc.ts';
import { CostRoll, isMadeKind } from './bom.rollup.ts';
import { bomLines, boms } from './bom.table.ts';

/** Available = on hand − reserved, summed over all warehouses, per item (4 decimals; '0.0000' when none). */
export async function availableByItem(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(itemIds)];
  const result = new Map<number, string>();
  if (!ids.length) return result;
  const rows = await db
    .select({
      itemId: stockBalances.itemId,
      available: sql<string>`sum(${stockBalances.onHand} - ${stockBalances.reserved})::numeric(18,4)::text`,
    })
    .from(stockBalances)
    .where(inArray(stockBalances.itemId, ids))
    .groupBy(stockBalances.itemId);
  for (const r of rows) result.set(r.itemId, r.available);
  for (const id of ids) if (!result.has(id)) result.set(id, '0.0000');
  return result;
}

const MAX_DEPTH = 25;

/**
 * Explodes a BOM for `qty` units of its parent: each line needs qty × e; a made component whose spec resolves is
 * expanded through that spec's BOM (the item's default recipe, else its default active BOM — what production uses).
 */
export async function explodeBom(
  db: DbOrTx,
  bomId: number,
  qty: string,
  opts: { parentItemId?: number; roll?: CostRoll } = {},
): Promise<ExplosionNode[]> {
  const roll = opts.roll ?? new CostRoll(db);
  const expand = async (id: number, parentQty: Dec, level: number, stack: readonly number[]) => {
    const lines = await bomMaterials(db, id);
    const extra = await db
      .select({ id: bomLines.id, designators: bomLines.designators, scrapPercent: bomLines.scrapPercent })
      .from(bomLines)
      .where(eq(bomLines.bomId, id));
    const extraById = new Map(extra.map((e) => [e.id, e]));
    await roll.load(lines.map((l) => l.itemId));
    const nodes: ExplosionNode[] = [];
    for (const line of lines) {
      const info = await roll.item(line.itemId);
      const need = mul(parentQty, dec(line.perUnitQty));
      const cycle = stack.includes(line.itemId);
      const node: ExplosionNode = {
        itemId: line.itemId,
        sku: info?.sku ?? '',
        name: info?.name ?? '',
        kind: info?.kind ?? '',
        unitShortName: info?.unitShortName ?? null,
        level,
        bomLineId: line.bomLineId,
        designators: extraById.get(line.bomLineId)?.designators ?? null,
        scrapPercent: extraById.get(line.bomLineId)?.scrapPercent ?? '0.00',
        perUnitQty: line.perUnitQty,
        qty: qty4(need),
        available: '0.0000',
        bomId: null,
        cycle,
        children: [],
      };
      if (!cycle && info && isMadeKind(info.kind) && level < MAX_DEPTH) {
        const spec = await roll.spec(line.itemId);
        if (spec) {
          node.bomId = spec.bom.id;
          node.children = await expand(spec.bom.id, need, level + 1, [...stack, line.itemId]);
        }
      }
      nodes.push(node);
    }
    return nodes;
  };
  const tree = await expand(bomId, dec(qty), 1, opts.parentItemId ? [opts.parentItemId] : []);
  // Every node shows its available stock.
  const ids: number[] = [];
  const collect = (list: readonly ExplosionNode[]) =>
    list.forEach((n) => {
      ids.push(n.itemId);
      collect(n.children);
    });
  collect(tree);
  const available = await availableByItem(db, ids);
  const fill = (list: ExplosionNode[]) =>
    list.forEach((n) => {
      n.available = available.get(n.itemId) ?? '0.0000';
      fill(n.children);
    });
  fill(tree);
  return tree;
}

/**
 * `explode(item, Q)` (production.md §1) through the item's resolved spec (its default recipe, else its default active
 * BOM): the levels ('tree') or the leaves summed per item ('flat'), each with its available stock. An item that does
 * not resolve explodes to nothing.
 */
export async function explodeItem(
  db: DbOrTx,
  itemId: number,
  qty: string,
  mode: 'tree' | 'flat',
): Promise<ExplosionNode[] | FlatLeaf[]> {
  const roll = new CostRoll(db);
  const spec = await roll.spec(itemId);
  if (!spec) return [];
  const tree = await explodeBom(db, spec.bom.id, qty, { parentItemId: itemId, roll });
  return mode === 'flat' ? flattenLeaves(tree) : tree;
}

/**
 * Where an item is used (production.md §1): every active BOM that contains it, with its parent, and — through each
 * of those parents — every active BOM containing the parent, and so on up. perUnitQty is how much of the asked item
 * one unit of that parent needs along the path.
 */
export async function whereUsed(db: DbOrTx, itemId: number): Promise<WhereUsedRow[]> {
  const [asked] = await db.select({ name: items.name }).from(items).where(eq(items.id, itemId));
  if (!asked) return [];
  const rows: WhereUsedRow[] = [];
  const up = async (childId: number, perChild: Dec, below: string[], level: number, onPath: readonly number[]) => {
    if (level > MAX_DEPTH || rows.length >= 1000) return;
    const found = await db
      .select({
        bomId: boms.id,
        bomName: boms.name,
        bomStatus: boms.status,
        isDefault: boms.isDefault,
        outputQty: boms.outputQty,
        qty: bomLines.qty,
        scrapPercent: bomLines.scrapPercent,
        itemId: items.id,
        sku: items.sku,
        name: items.name,
        kind: items.kind,
      })
      .from(bomLines)
      .innerJoin(boms, eq(boms.id, bomLines.bomId))
      .innerJoin(items, eq(items.id, boms.itemId))
      .where(and(eq(bomLines.componentItemId, childId), eq(boms.status, 'active')))
      .orderBy(items.name, boms.id, bomLines.lineNo);
    for (const r of found) {
      const per = mul(perChild, dec(effectivePerUnit(r.qty, r.scrapPercent, r.outputQty)));
      const path = [r.name, ...below];
      rows.push({
        bomId: r.bomId,
        bomName: r.bomName,
        bomStatus: r.bomStatus,
        isDefault: r.isDefault,
        itemId: r.itemId,
        sku: r.sku,
        name: r.name,
        kind: r.kind,
        level,
        perUnitQty: fixed(per, 6),
        path,
      });
      if (!onPath.includes(r.itemId)) await up(r.itemId, per, path, level + 1, [...onPath, r.itemId]);
    }
  };
  await up(itemId, dec(1), [asked.name], 1, [itemId]);
  return rows;
}

/** The components of the BOMs production would use for an item: its default BOM (unless archived) and the BOM of its default active recipe. */
async function productionComponents(db: DbOrTx, itemId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ componentItemId: bomLines.componentItemId })
    .from(bomLines)
    .innerJoin(boms, eq(boms.id, bomLines.bomId))
    .where(
      or(
        and(eq(boms.itemId, itemId), eq(boms.isDefault, true), ne(boms.status, 'archived')),
        inArray(
          boms.id,
          db
            .select({ id: recipes.bomId })
            .from(recipes)
            .where(and(eq(recipes.itemId, itemId), eq(recipes.isDefault, true), eq(recipes.status, 'active'))),
        ),
      ),
    );
  return rows.map((r) => r.componentItemId);
}

/**
 * No cycles (production.md §1): a depth-first walk from the given components through the BOMs production would use
 * for each made one. When the parent item appears again, the answer is the path of names, parent first and last
 * ('Плата A → Модуль B → Плата A'); otherwise null.
 */
export async function bomCycleCheck(
  db: DbOrTx,
  itemId: number,
  componentItemIds: readonly number[],
): Promise<string[] | null> {
  const explored = new Set<number>();
  const walk = async (id: number, path: readonly number[]): Promise<number[] | null> => {
    if (id === itemId) return [...path, id];
    if (explored.has(id) || path.includes(id) || path.length > MAX_DEPTH * 4) return null;
    for (const child of await productionComponents(db, id)) {
      const found = await walk(child, [...path, id]);
      if (found) return found;
    }
    explored.add(id);
    return null;
  };
  for (const componentId of [...new Set(componentItemIds)]) {
    const found = await walk(componentId, [itemId]);
    if (found) {
      const names = await db
        .select({ id: items.id, name: items.name })
        .from(items)
        .where(inArray(items.id, [...new Set(found)]));
      const byId = new Map(names.map((n) => [n.id, n.name]));
      return found.map((id) => byId.get(id) ?? `#${id}`);
    }
  }
  return null;
}
