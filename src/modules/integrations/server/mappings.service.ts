// Name mappings (reports-admin.md §15 'Name mappings'): an external system's item code → our item. Codes that
// arrived unmapped are listed first, so a person maps them; every change is audited.
import { and, asc, count, desc, eq, isNull, or, ilike, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { isoStamp } from '@/server/kernel/rows.ts';
import { DomainError } from '@/shared/api-error.ts';
import { pageWindow } from '@/shared/list.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { items } from '../../../resources/items/items.table.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { Mapping, MappingListQuery, mappingCreateSchema, mappingUpdateSchema } from '../integrations.contract.ts';
import { integrationsMessages as m, type WebhookSystem } from '../integrations.messages.ts';
import { orders } from '@/modules/orders/server/index.ts';
import { externalItemMappings as t, integrationWebhookEvents as e } from './webhooks.table.ts';

const columns = {
  id: t.id,
  system: t.system,
  externalCode: t.externalCode,
  externalName: t.externalName,
  itemId: t.itemId,
  itemSku: items.sku,
  itemName: items.name,
  updatedAt: t.updatedAt,
};

type Row = { [K in keyof typeof columns]: unknown };

const present = (r: Row): Mapping => ({
  id: Number(r.id),
  system: r.system as WebhookSystem,
  externalCode: String(r.externalCode),
  externalName: (r.externalName as string | null) ?? null,
  itemId: r.itemId == null ? null : Number(r.itemId),
  itemSku: (r.itemSku as string | null) ?? null,
  itemName: (r.itemName as string | null) ?? null,
  updatedAt: isoStamp(r.updatedAt)!,
});

export async function listMappings(db: DbOrTx, q: MappingListQuery): Promise<{ rows: Mapping[]; total: number }> {
  const where: SQL[] = [];
  if (q.system) where.push(eq(t.system, q.system));
  if (q.unmapped === 'true') where.push(isNull(t.itemId));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      or(ilike(t.externalCode, like), ilike(t.externalName, like), ilike(items.sku, like), ilike(items.name, like))!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(t)
      .leftJoin(items, eq(items.id, t.itemId))
      .where(condition)
      // Unmapped first (they hold deliveries back), then the newest.
      .orderBy(sql`${t.itemId} is not null`, desc(t.updatedAt), asc(t.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(t).leftJoin(items, eq(items.id, t.itemId)).where(condition),
  ]);
  return { rows: rows.map(present), total: Number(total?.n ?? 0) };
}

async function getMapping(db: DbOrTx, id: number): Promise<Mapping> {
  const [row] = await db.select(columns).from(t).leftJoin(items, eq(items.id, t.itemId)).where(eq(t.id, id));
  if (!row) throw new DomainError(404, m.mappingNotFound);
  return present(row);
}

async function assertItem(db: DbOrTx, itemId: number | null): Promise<void> {
  if (itemId == null) return;
  const [found] = await db.select({ id: items.id }).from(items).where(eq(items.id, itemId));
  if (!found) throw new DomainError(400, m.itemNotFound, { itemId: m.itemNotFound });
}

export async function createMapping(
  db: DbOrTx,
  ctx: AuditContext,
  body: z.output<typeof mappingCreateSchema>,
): Promise<Mapping> {
  const id = await db.transaction(async (tx) => {
    await assertItem(tx, body.itemId);
    // A code already kept (unmapped or not) is mapped anew rather than refused: one row per (system, code).
    const [row] = await tx
      .insert(t)
      .values({ ...body, updatedBy: ctx.userId })
      .onConflictDoUpdate({
        target: [t.system, t.externalCode],
        set: {
          itemId: body.itemId,
          externalName: sql`coalesce(excluded.external_name, ${t.externalName})`,
          updatedBy: ctx.userId,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: t.id });
    await audit(tx, ctx, { action: 'update', entityType: 'external_item_mapping', entityId: row!.id, after: body });
    return row!.id;
  });
  return getMapping(db, id);
}

export async function updateMapping(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  body: z.output<typeof mappingUpdateSchema>,
): Promise<Mapping> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(t).where(eq(t.id, id)).for('update');
    if (!before) throw new DomainError(404, m.mappingNotFound);
    await assertItem(tx, body.itemId);
    await tx
      .update(t)
      .set({
        itemId: body.itemId,
        ...(body.externalName !== undefined ? { externalName: body.externalName } : {}),
        updatedBy: ctx.userId,
        updatedAt: sql`now()`,
      })
      .where(eq(t.id, id));
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'external_item_mapping',
      entityId: id,
      before: { itemId: before.itemId, externalName: before.externalName },
      after: body,
    });
  });
  return getMapping(db, id);
}

export async function deleteMapping(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(t).where(eq(t.id, id)).returning();
    if (!before) throw new DomainError(404, m.mappingNotFound);
    await audit(tx, ctx, {
      action: 'delete',
      entityType: 'external_item_mapping',
      entityId: id,
      before: { system: before.system, externalCode: before.externalCode, itemId: before.itemId },
    });
  });
}

export async function recentWebhookEvents(db: DbOrTx, system?: WebhookSystem) {
  const rows = await db
    .select({
      id: e.id,
      system: e.system,
      externalId: e.externalId,
      version: e.version,
      documentId: e.documentId,
      documentNumber: orders.orderNumber,
      receivedAt: e.receivedAt,
    })
    .from(e)
    .leftJoin(orders, eq(orders.id, e.documentId))
    .where(system ? and(eq(e.system, system), sql`${e.documentId} is not null`) : sql`${e.documentId} is not null`)
    .orderBy(desc(e.receivedAt), desc(e.id))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    system: r.system as WebhookSystem,
    externalId: r.externalId,
    version: r.version,
    documentId: Number(r.documentId),
    documentNumber: r.documentNumber ?? null,
    receivedAt: r.receivedAt.toISOString(),
  }));
}
