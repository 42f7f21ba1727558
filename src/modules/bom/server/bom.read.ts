// Specifications (production.md §1), reading: the BOMs of products and semi-finished items with their cost roll-up
// and available stock, a BOM's audit trail ('Історія'), the left pane's items and the units a line may be entered in.
// Writing is bom.write.ts.
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { listOrder, ukOrder } from '@/server/kernel/collation.ts';
import { alias } from 'drizzle-orm/pg-core';
import { DomainError } from '@/shared/api-error.ts';
import { add, dec, div, fixed, mul, round, type Dec } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { effectivePerUnit } from '@/modules/production/server/index.ts';
import { alternativesWithStock } from '@/modules/items/server/index.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { categories } from '@/resources/categories/categories.table.ts';
import { items, type ItemKind } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import {
  bomItemSortFields,
  bomMessages,
  bomSortFields,
  type Bom,
  type BomHistoryEntry,
  type BomItemRow,
  type bomItemsQuerySchema,
  type bomListQuerySchema,
  type BomStatus,
  type BomSummary,
  type BomUnit,
} from '../bom.contract.ts';
import { CostRoll } from './bom.rollup.ts';
import { availableByItem } from './bom.structure.ts';
import { bomLines, boms } from './bom.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';

export const BOM_ENTITY = 'boms';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

const headerColumns = {
  id: boms.id,
  itemId: boms.itemId,
  itemSku: items.sku,
  itemName: items.name,
  itemKind: items.kind,
  itemUnitShortName: units.shortName,
  name: boms.name,
  outputQty: boms.outputQty,
  isDefault: boms.isDefault,
  status: boms.status,
  notes: boms.notes,
  version: boms.version,
  lineCount: sql<number>`(select count(*)::int from ${bomLines} where ${bomLines.bomId} = ${boms.id})`,
  createdAt: boms.createdAt,
  updatedAt: boms.updatedAt,
};

const headers = (db: DbOrTx) =>
  db
    .select(headerColumns)
    .from(boms)
    .innerJoin(items, eq(items.id, boms.itemId))
    .leftJoin(units, eq(units.id, items.unitId));

type HeaderRow = Awaited<ReturnType<ReturnType<typeof headers>['where']>>[number];

async function summaryOf(roll: CostRoll, row: HeaderRow): Promise<BomSummary> {
  const material = await roll.materialPerUnit(row.id, [row.itemId]);
  return {
    ...row,
    lineCount: Number(row.lineCount),
    materialCost: fixed(round(material.perUnit, 2), 2),
    noPriceCount: material.noPrice.length,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function listBoms(
  db: DbOrTx,
  q: z.output<typeof bomListQuerySchema>,
): Promise<{ rows: BomSummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.itemId) where.push(eq(boms.itemId, q.itemId));
  if (q.status) where.push(eq(boms.status, q.status));
  if (q.search) {
    const text = containsPattern(q.search);
    where.push(or(ilike(boms.name, text), ilike(items.sku, text), ilike(items.name, text))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? 'itemName', bomSortFields, 'itemName');
  const column = { itemName: items.name, name: boms.name, status: boms.status, updatedAt: boms.updatedAt }[field];
  const { limit, offset } = pageWindow(q);
  const rows = await headers(db)
    .where(condition)
    .orderBy(listOrder(column, field, isDesc), desc(boms.isDefault), asc(boms.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(boms)
    .innerJoin(items, eq(items.id, boms.itemId))
    .where(condition)) as [{ total: number }];
  const roll = new CostRoll(db);
  // The page's BOMs and their components are read set-based first; the summaries then read the memo.
  await roll.prepareBomList(rows.map((r) => r.id));
  const result: BomSummary[] = [];
  for (const row of rows) result.push(await summaryOf(roll, row));
  return { rows: result, total: Number(total) };
}

const enteredUnits = alias(units, 'bom_entered_units');

/**
 * One BOM with its lines: SKU, unit, the typed quantity, effective quantity, unit and line cost, available stock and
 * the component's alternatives (one batched read for all lines).
 */
export async function getBom(db: DbOrTx, id: number, roll = new CostRoll(db)): Promise<Bom> {
  const [header] = await headers(db).where(eq(boms.id, id));
  if (!header) throw new DomainError(404, bomMessages.notFound);
  const lines = await db
    .select({
      id: bomLines.id,
      lineNo: bomLines.lineNo,
      componentItemId: bomLines.componentItemId,
      sku: items.sku,
      name: items.name,
      kind: items.kind,
      unitId: items.unitId,
      unitShortName: units.shortName,
      qty: bomLines.qty,
      enteredQty: bomLines.enteredQty,
      enteredUnitId: bomLines.enteredUnitId,
      enteredUnitShortName: enteredUnits.shortName,
      scrapPercent: bomLines.scrapPercent,
      designators: bomLines.designators,
      notes: bomLines.notes,
    })
    .from(bomLines)
    .innerJoin(items, eq(items.id, bomLines.componentItemId))
    .leftJoin(units, eq(units.id, items.unitId))
    .leftJoin(enteredUnits, eq(enteredUnits.id, bomLines.enteredUnitId))
    .where(eq(bomLines.bomId, id))
    .orderBy(asc(bomLines.lineNo), asc(bomLines.id));
  const available = await availableByItem(
    db,
    lines.map((l) => l.componentItemId),
  );
  const alternatives = await alternativesWithStock(
    db,
    lines.map((l) => l.componentItemId),
  );
  await roll.load(lines.map((l) => l.componentItemId));
  let perUnit: Dec = dec(0);
  let linesCost: Dec = dec(0);
  const noPrice = new Set<number>();
  const result: Bom['lines'] = [];
  for (const line of lines) {
    const cost = await roll.cost(line.componentItemId, [header.itemId]);
    const e = effectivePerUnit(line.qty, line.scrapPercent, header.outputQty);
    const withScrap = mul(dec(line.qty), add(dec(1), div(dec(line.scrapPercent), dec(100), 8)));
    const lineCost = mul(withScrap, dec(cost.unitCost));
    perUnit = add(perUnit, mul(dec(e), dec(cost.unitCost)));
    linesCost = add(linesCost, lineCost);
    cost.noPrice.forEach((x) => noPrice.add(x));
    result.push({
      ...line,
      perUnitQty: e,
      unitCost: cost.unitCost,
      costSource: cost.source,
      lineCost: fixed(round(lineCost, 2), 2),
      noPrice: cost.noPrice.length > 0,
      made: cost.source === 'planned',
      available: available.get(line.componentItemId) ?? '0.0000',
      alternatives: alternatives.get(line.componentItemId) ?? [],
    });
  }
  return {
    ...header,
    lineCount: lines.length,
    materialCost: fixed(round(perUnit, 2), 2),
    noPriceCount: noPrice.size,
    createdAt: iso(header.createdAt),
    updatedAt: iso(header.updatedAt),
    linesCost: fixed(round(linesCost, 2), 2),
    lines: result,
  };
}

/** A BOM's header row (404 when missing). */
export async function bomHeader(db: DbOrTx, id: number) {
  const [row] = await db.select().from(boms).where(eq(boms.id, id));
  if (!row) throw new DomainError(404, bomMessages.notFound);
  return row;
}

/** The BOM as the audit log keeps it: the header and the lines as stored (no costs). */
export async function snapshot(db: DbOrTx, id: number) {
  const [header] = await db.select().from(boms).where(eq(boms.id, id));
  if (!header) throw new DomainError(404, bomMessages.notFound);
  const lines = await db
    .select({
      id: bomLines.id,
      lineNo: bomLines.lineNo,
      componentItemId: bomLines.componentItemId,
      sku: items.sku,
      qty: bomLines.qty,
      enteredQty: bomLines.enteredQty,
      enteredUnitId: bomLines.enteredUnitId,
      scrapPercent: bomLines.scrapPercent,
      designators: bomLines.designators,
      notes: bomLines.notes,
    })
    .from(bomLines)
    .innerJoin(items, eq(items.id, bomLines.componentItemId))
    .where(eq(bomLines.bomId, id))
    .orderBy(asc(bomLines.lineNo), asc(bomLines.id));
  return { ...header, lines };
}
export type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The audit trail of one BOM ('Історія'), newest first. */
export async function bomHistory(db: DbOrTx, id: number): Promise<BomHistoryEntry[]> {
  const [exists] = await db.select({ id: boms.id }).from(boms).where(eq(boms.id, id));
  if (!exists) throw new DomainError(404, bomMessages.notFound);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actor: auditLog.actor,
      lastName: users.lastName,
      firstName: users.firstName,
      username: users.username,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entityType, BOM_ENTITY), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(200);
  return rows.map((r) => ({
    id: Number(r.id),
    at: iso(r.at),
    action: r.action,
    actor: r.actor,
    userName: r.username ? `${r.lastName ?? ''} ${r.firstName ?? ''}`.trim() || r.username : null,
    before: r.before,
    after: r.after,
  }));
}

/** The left pane: items with their BOM marker; also the component picker (kind 'stocked'). */
export async function listBomItems(
  db: DbOrTx,
  q: z.output<typeof bomItemsQuerySchema>,
): Promise<{ rows: BomItemRow[]; total: number }> {
  const where: SQL[] = [];
  const kinds: Record<typeof q.kind, readonly string[] | null> = {
    made: ['product', 'semi_finished'],
    product: ['product'],
    semi_finished: ['semi_finished'],
    component: ['component'],
    material: ['material'],
    stocked: ['product', 'semi_finished', 'component', 'material'],
    all: null,
  };
  const ids = q.ids ? q.ids.split(',').map(Number) : null;
  if (ids) where.push(inArray(items.id, ids));
  else where.push(eq(items.isActive, true));
  // Rows asked by id (labels, a deep link) come whatever their kind.
  const kindList = ids ? null : kinds[q.kind];
  if (kindList) where.push(inArray(items.kind, [...kindList] as ItemKind[]));
  if (q.categoryId) where.push(eq(items.categoryId, q.categoryId));
  if (q.exceptId) where.push(ne(items.id, q.exceptId));
  const hasBom = sql`exists (select 1 from ${boms} b where b.item_id = ${items.id} and b.status <> 'archived')`;
  if (q.hasBom === 'true') where.push(hasBom);
  if (q.hasBom === 'false') where.push(sql`not ${hasBom}`);
  if (q.search) {
    const text = containsPattern(q.search);
    where.push(or(ilike(items.sku, text), ilike(items.name, text), ilike(items.mpn, text))!);
  }
  const condition = and(...where);
  const { field, desc: isDesc } = parseSort(q.sort ?? 'name', bomItemSortFields, 'name');
  const column = { sku: items.sku, name: items.name, kind: items.kind }[field];
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({
      id: items.id,
      sku: items.sku,
      name: items.name,
      kind: items.kind,
      isActive: items.isActive,
      categoryId: items.categoryId,
      categoryName: categories.name,
      unitId: items.unitId,
      unitShortName: units.shortName,
      unitType: units.type,
      bomCount: sql<number>`(select count(*)::int from ${boms} b where b.item_id = ${items.id} and b.status <> 'archived')`,
      defaultBomId: sql<number | null>`(select b.id from ${boms} b where b.item_id = ${items.id} and b.is_default)`,
      defaultBomStatus: sql<BomStatus | null>`(select b.status from ${boms} b where b.item_id = ${items.id} and b.is_default)`,
    })
    .from(items)
    .leftJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(units, eq(units.id, items.unitId))
    .where(condition)
    .orderBy(listOrder(column, field, isDesc), asc(items.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(items).where(condition)) as [{ total: number }];
  return {
    rows: rows.map((r) => ({
      ...r,
      bomCount: Number(r.bomCount),
      hasBom: Number(r.bomCount) > 0,
      defaultBomId: r.defaultBomId == null ? null : Number(r.defaultBomId),
    })),
    total: Number(total),
  };
}

/** The active units, for the line editor's unit choice (same type as the component's stock unit). */
export async function listBomUnits(db: DbOrTx): Promise<BomUnit[]> {
  return db
    .select({ id: units.id, name: units.name, shortName: units.shortName, type: units.type, factor: units.factor })
    .from(units)
    .where(eq(units.isActive, true))
    .orderBy(asc(units.type), asc(units.factor), ukOrder(units.name));
}
