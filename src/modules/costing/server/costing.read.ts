// Costing (production.md §9), reading: the live rows of the made items and one item's breakdown. The planned cost is
// the BOM module's roll-up (CostRoll: material through the resolved spec, labour and overhead from the tech card's
// effective operations); a page is read set-based — CostRoll.prepare reads the page's specs, BOMs, operations and
// rates in a few queries per BOM level, the actual averages in one — never item by item.
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { compareUk } from '@/shared/collation.ts';
import { cmp, dec, fixed, mul, round } from '@/shared/decimal.ts';
import { pageWindow, parseSort, type ListTotal } from '@/shared/list.ts';
import { countForPage } from '@/server/kernel/count.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { anyId, intArray } from '@/server/kernel/sql-arrays.ts';
import { listOrder, ukOrder } from '@/server/kernel/collation.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { CostRoll } from '@/modules/bom/server/index.ts';
import { techCardCost } from '@/modules/tech-cards/server/index.ts';
import { categories } from '@/resources/categories/categories.table.ts';
import { items, type ItemKind } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import {
  ACTUAL_MO_COUNT,
  costingSortFields,
  type CostingBreakdown,
  type CostingLine,
  type CostingListQuery,
  type CostingRow,
} from '../costing.contract.ts';
import { costingMessages as m } from '../costing.messages.ts';
import { getCostingSettings } from './costing-settings.ts';
import { perUnit, priceFigures } from './costing.calc.ts';

/** The kinds that are made here (domain README §2). */
export const MADE_KINDS: readonly ItemKind[] = ['product', 'semi_finished'];
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** Made here (production.md §0): a default active recipe with a live BOM, or a default active BOM. */
const makeable = sql`(exists (select 1 from recipes r join boms b on b.id = r.bom_id
    where r.item_id = ${items.id} and r.is_default and r.status = 'active' and b.status <> 'archived')
  or exists (select 1 from boms b where b.item_id = ${items.id} and b.is_default and b.status = 'active'))`;

const itemColumns = {
  itemId: items.id,
  sku: items.sku,
  name: items.name,
  kind: items.kind,
  categoryId: items.categoryId,
  categoryName: categories.name,
  categoryMarkup: categories.markupPercent,
  unitShortName: units.shortName,
  retailPrice: items.retailPrice,
  updatedAt: items.updatedAt,
};

const itemRows = (db: DbOrTx) =>
  db
    .select(itemColumns)
    .from(items)
    .leftJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(units, eq(units.id, items.unitId));

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemRows>['where']>>[number];

/**
 * The average actualUnitCost (actual total ÷ produced) of the last completed MOs of each item, one query for all:
 * the MOs are ranked per item by completion, newest first.
 */
export async function actualAverages(
  db: DbOrTx,
  itemIds: readonly number[],
): Promise<Map<number, { average: string; count: number }>> {
  const result = new Map<number, { average: string; count: number }>();
  if (!itemIds.length) return result;
  const rows = rowsOf<{ item_id: number; average: string; n: number }>(
    await db.execute(sql`select t.item_id, avg(t.unit_cost)::numeric(18,6)::text as average, count(*)::int as n
      from (select mo.item_id, mo.actual_total / p.produced as unit_cost,
          row_number() over (partition by mo.item_id order by mo.completed_at desc nulls last, mo.id desc) as rn
        from manufacturing_orders mo
        cross join lateral (select sum(po.good_qty) as produced from mo_postings po
          where po.mo_id = mo.id and po.kind = 'output' and po.status = 'posted') p
        where mo.item_id = any(${intArray([...new Set(itemIds)])}) and mo.status = 'completed' and mo.actual_total is not null
          and p.produced > 0) t
      where t.rn <= ${ACTUAL_MO_COUNT}
      group by t.item_id`),
  );
  for (const r of rows) result.set(Number(r.item_id), { average: r.average, count: Number(r.n) });
  return result;
}

/** The rows of these items (already read), costed together: one roll prepared for all of them at once. */
async function costRows(db: DbOrTx, rows: readonly ItemRow[], roll = new CostRoll(db)): Promise<CostingRow[]> {
  const ids = rows.map((r) => r.itemId);
  const [settings, actuals] = await Promise.all([getCostingSettings(db), actualAverages(db, ids), roll.prepare(ids)]);
  const result: CostingRow[] = [];
  for (const row of rows) {
    const planned = await roll.plannedCost(row.itemId);
    const unit = perUnit(planned, planned.qty);
    const actual = actuals.get(row.itemId);
    const { categoryMarkup, updatedAt: _updatedAt, ...item } = row;
    result.push({
      ...item,
      recipeId: planned.spec?.recipe?.id ?? null,
      recipeName: planned.spec?.recipe?.name ?? null,
      qty: planned.qty,
      ...unit,
      ...priceFigures(
        unit.total,
        row.retailPrice,
        categoryMarkup ?? settings.defaultMarkupPercent,
        actual?.average ?? null,
      ),
      actualCount: actual?.count ?? 0,
      noPriceCount: planned.noPrice.length,
    });
  }
  return result;
}

/**
 * The live rows of these items, those that are made here (a made kind whose spec resolves), costed together as on the
 * page: what other modules read for an item's planned unit cost (`total`) and its margin at the current price.
 */
export async function costingRowsOf(db: DbOrTx, itemIds: readonly number[]): Promise<CostingRow[]> {
  if (!itemIds.length) return [];
  const rows = await itemRows(db).where(
    and(anyId(items.id, [...new Set(itemIds)]), inArray(items.kind, [...MADE_KINDS]), makeable),
  );
  return costRows(db, rows);
}

const SQL_SORTS = new Set(['name', 'sku', 'retailPrice']);

function compareRows(field: (typeof costingSortFields)[number]) {
  if (field === 'name') return (a: CostingRow, b: CostingRow) => compareUk(a.name, b.name);
  if (field === 'sku') return (a: CostingRow, b: CostingRow) => compareUk(a.sku, b.sku);
  const key = field === 'actual' ? 'actual' : field;
  return (a: CostingRow, b: CostingRow) => {
    const x = a[key];
    const y = b[key];
    if (x == null || y == null) return x == null ? (y == null ? 0 : 1) : -1;
    return cmp(dec(x), dec(y));
  };
}

/**
 * The live rows (§9 API): made items only, filtered by category and search. Sorted by name, SKU or price and not
 * filtered by margin, only the page is costed; otherwise every matching item is costed together (set-based) and
 * the rows are filtered, sorted and paged afterwards.
 */
export async function listCosting(db: DbOrTx, q: CostingListQuery): Promise<{ rows: CostingRow[] } & ListTotal> {
  const where: SQL[] = [inArray(items.kind, [...MADE_KINDS]), eq(items.isActive, true), makeable];
  if (q.categoryId) where.push(eq(items.categoryId, q.categoryId));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(or(ilike(items.name, like), ilike(items.sku, like))!);
  }
  const condition = and(...where);
  const { field, desc } = parseSort(q.sort ?? 'name', costingSortFields, 'name');
  const { limit, offset } = pageWindow(q);
  if (SQL_SORTS.has(field) && q.belowMarginPercent === undefined) {
    const column = { name: items.name, sku: items.sku, retailPrice: items.retailPrice }[
      field as 'name' | 'sku' | 'retailPrice'
    ];
    const [page, counted] = await Promise.all([
      itemRows(db)
        .where(condition)
        .orderBy(listOrder(column, field, desc, 'last'), asc(items.id))
        .limit(limit)
        .offset(offset),
      countForPage(
        db,
        db
          .select({ one: sql`1` })
          .from(items)
          .where(condition),
        { limit, offset },
      ),
    ]);
    return { rows: await costRows(db, page), ...counted };
  }
  const all = await itemRows(db).where(condition).orderBy(ukOrder(items.name), asc(items.id));
  let rows = await costRows(db, all);
  if (q.belowMarginPercent !== undefined) {
    const bound = dec(q.belowMarginPercent);
    rows = rows.filter((r) => r.marginPercent == null || cmp(dec(r.marginPercent), bound) < 0);
  }
  const compare = compareRows(field);
  rows.sort((a, b) => {
    const c = compare(a, b);
    return c !== 0 ? (desc ? -c : c) : a.itemId - b.itemId;
  });
  return { rows: rows.slice(offset, offset + limit), total: rows.length, capped: false };
}

/** Every matching row, for the CSV / Excel download. */
export async function allCostingRows(db: DbOrTx, q: Omit<CostingListQuery, 'page' | 'limit' | 'offset'>) {
  return (await listCosting(db, { ...q, page: 1, limit: 100_000 })).rows;
}

/** The BOM tree of a costed item: each line with its cost; a made component's own lines under it (memo reads). */
async function bomTree(roll: CostRoll, bomId: number, stack: number[], prefix = '', depth = 0): Promise<CostingLine[]> {
  const lines = await roll.materials(bomId, stack);
  const result: CostingLine[] = [];
  for (const [i, line] of lines.entries()) {
    const info = await roll.item(line.itemId);
    const key = `${prefix}${i + 1}`;
    result.push({
      key,
      depth,
      bomLineId: line.bomLineId,
      itemId: line.itemId,
      sku: info?.sku ?? '',
      name: info?.name ?? '',
      unitShortName: info?.unitShortName ?? null,
      qtyPerUnit: line.perUnitQty,
      unitCost: line.cost.unitCost,
      lineCost: fixed(round(mul(dec(line.perUnitQty), dec(line.cost.unitCost)), 2), 2),
      source: line.cost.source,
    });
    if (line.cost.source === 'planned' && !stack.includes(line.itemId) && depth < 10) {
      const spec = await roll.spec(line.itemId);
      if (spec) result.push(...(await bomTree(roll, spec.bom.id, [...stack, line.itemId], `${key}.`, depth + 1)));
    }
  }
  return result;
}

/** One item's breakdown (§9 API): the row, the BOM tree with its costs and the operations with minutes and rates. */
export async function costingBreakdown(
  db: DbOrTx,
  itemId: number,
  q: { recipeId?: number; qty?: string },
): Promise<CostingBreakdown> {
  const [item] = await itemRows(db).where(eq(items.id, itemId));
  if (!item) throw new DomainError(404, m.notFound);
  const roll = new CostRoll(db);
  await roll.prepare([itemId]);
  const planned = await roll.plannedCost(itemId, {
    recipeId: q.recipeId ?? null,
    ...(q.qty !== undefined ? { qty: q.qty } : {}),
  });
  const spec = planned.spec;
  if (!spec || !MADE_KINDS.includes(item.kind)) throw new DomainError(409, m.notMade);
  const [settings, actuals, recipeRows, lines, card] = await Promise.all([
    getCostingSettings(db),
    actualAverages(db, [itemId]),
    db.execute(sql`select id, name, is_default from recipes
      where item_id = ${itemId} and status = 'active' order by is_default desc, id`),
    bomTree(roll, spec.bom.id, [itemId]),
    spec.techCard ? techCardCost(db, spec.techCard.id, planned.qty, spec.recipe?.labourRatePerHour ?? null) : null,
  ]);
  const unit = perUnit(planned, planned.qty);
  const actual = actuals.get(itemId);
  const { categoryMarkup, updatedAt, ...rest } = item;
  return {
    row: {
      ...rest,
      recipeId: spec.recipe?.id ?? null,
      recipeName: spec.recipe?.name ?? null,
      qty: planned.qty,
      ...unit,
      ...priceFigures(
        unit.total,
        item.retailPrice,
        categoryMarkup ?? settings.defaultMarkupPercent,
        actual?.average ?? null,
      ),
      actualCount: actual?.count ?? 0,
      noPriceCount: planned.noPrice.length,
    },
    version: iso(updatedAt),
    spec: {
      source: spec.source,
      bomId: spec.bom.id,
      bomName: spec.bom.name,
      techCardId: spec.techCard?.id ?? null,
      techCardName: spec.techCard?.name ?? null,
    },
    recipes: rowsOf<{ id: number; name: string; is_default: boolean }>(recipeRows).map((r) => ({
      id: Number(r.id),
      name: r.name,
      isDefault: r.is_default,
    })),
    forQty: { material: planned.material, labour: planned.labour, overhead: planned.overhead, total: planned.total },
    minutes: card?.minutes ?? '0.00',
    lines,
    operations: (card?.operations ?? []).map((op) => ({
      seq: op.seq,
      name: op.name,
      departmentName: op.departmentName,
      positionName: op.positionName,
      minutes: op.minutes,
      labourRate: op.labourRate,
      overheadRate: op.overheadRate,
      labour: op.labour,
      overhead: op.overhead,
    })),
  };
}
