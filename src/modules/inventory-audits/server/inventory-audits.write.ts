// Inventory audits (warehouse.md §8), the header: a draft names the warehouse and the scope; it is created, changed
// and deleted as a draft only, each change one audited transaction.
import { eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { categories } from '@/resources/categories/categories.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import {
  auditMessages,
  type Audit,
  type AuditCreateBody,
  type AuditStatus,
  type AuditUpdateBody,
} from '../inventory-audits.contract.ts';
import { inventoryAudits } from './inventory-audits.table.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { ENTITY, getAudit, loadHeader } from './inventory-audits.read.ts';

// ---- the header ------------------------------------------------------------------------------------------------

async function checkReferences(
  tx: DbOrTx,
  h: { warehouseId: number; categoryIds: number[]; itemIds: number[]; counterIds: number[] },
) {
  const fields: Record<string, string> = {};
  const [warehouse] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, h.warehouseId));
  if (!warehouse) fields.warehouseId = auditMessages.reference;
  const found = async (table: typeof categories | typeof items | typeof workers, list: number[]) =>
    list.length
      ? (await tx.select({ id: table.id }).from(table).where(inArray(table.id, list))).length === new Set(list).size
      : true;
  if (!(await found(categories, h.categoryIds))) fields.categoryIds = auditMessages.reference;
  if (h.itemIds.length) {
    const rows = await tx.select({ id: items.id, kind: items.kind }).from(items).where(inArray(items.id, h.itemIds));
    if (rows.length !== new Set(h.itemIds).size || rows.some((r) => r.kind === 'service'))
      fields.itemIds = auditMessages.notStocked;
  }
  if (!(await found(workers, h.counterIds))) fields.counterIds = auditMessages.reference;
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
}

export const unique = (list: readonly number[]) => [...new Set(list)];

export async function createAudit(db: DbOrTx, ctx: AuditContext, input: AuditCreateBody): Promise<Audit> {
  return db.transaction(async (tx) => {
    const header = {
      documentDate: input.documentDate ?? kyivToday(),
      warehouseId: input.warehouseId,
      scope: input.scope,
      categoryIds: input.scope === 'categories' ? unique(input.categoryIds) : [],
      itemIds: input.scope === 'items' ? unique(input.itemIds) : [],
      blind: input.blind,
      counterIds: unique(input.counterIds),
      notes: input.notes ?? null,
    };
    await checkReferences(tx, header);
    const number = await nextNumber(tx, 'inventory_audit', header.documentDate);
    const [row] = await tx
      .insert(inventoryAudits)
      .values({ ...header, number, createdBy: ctx.userId })
      .returning({ id: inventoryAudits.id });
    const after = await getAudit(tx, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: row!.id, after });
    return after;
  });
}

export function refuseState(status: string, allowed: AuditStatus, message: string): void {
  if (status === allowed) return;
  if (status === 'posted') throw new DomainError(409, auditMessages.posted);
  if (status === 'cancelled') throw new DomainError(409, auditMessages.cancelled);
  throw new DomainError(409, message);
}

export function checkVersion(current: number, sent: number | undefined) {
  if (sent !== undefined && sent !== current) throw new DomainError(409, auditMessages.version);
}

export async function updateAudit(db: DbOrTx, ctx: AuditContext, id: number, change: AuditUpdateBody): Promise<Audit> {
  return db.transaction(async (tx) => {
    const row = await loadHeader(tx, id, 'update');
    refuseState(row.status, 'draft', auditMessages.notDraft);
    checkVersion(row.version, change.version);
    const before = await getAudit(tx, id);
    const scope = change.scope ?? row.scope;
    const header = {
      documentDate: change.documentDate ?? row.documentDate,
      warehouseId: change.warehouseId ?? row.warehouseId,
      scope,
      categoryIds: scope === 'categories' ? unique(change.categoryIds ?? row.categoryIds) : [],
      itemIds: scope === 'items' ? unique(change.itemIds ?? row.itemIds) : [],
      blind: change.blind ?? row.blind,
      counterIds: unique(change.counterIds ?? row.counterIds),
      notes: change.notes === undefined ? row.notes : change.notes,
    };
    if (scope === 'categories' && !header.categoryIds.length)
      throw new DomainError(400, auditMessages.noCategories, { categoryIds: auditMessages.noCategories });
    if (scope === 'items' && !header.itemIds.length)
      throw new DomainError(400, auditMessages.noItems, { itemIds: auditMessages.noItems });
    await checkReferences(tx, header);
    await tx
      .update(inventoryAudits)
      .set({ ...header, version: sql`${inventoryAudits.version} + 1`, updatedAt: sql`now()` })
      .where(eq(inventoryAudits.id, id));
    const after = await getAudit(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

export async function deleteAudit(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await loadHeader(tx, id, 'update');
    refuseState(row.status, 'draft', auditMessages.deleteDraft);
    const before = await getAudit(tx, id);
    await tx.delete(inventoryAudits).where(eq(inventoryAudits.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before });
  });
}
