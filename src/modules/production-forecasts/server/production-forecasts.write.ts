// The changes of /api/production-forecasts (production.md §12): create, edit while draft, delete a draft or an
// archived forecast, archive. Each locks the row, refuses a stale version with 409 and is audited.
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { checkVersion } from '@/server/kernel/documents.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { z } from '@/shared/zod-uk.ts';
import {
  checkForecastParams,
  type ForecastCreateBody,
  type ForecastDetail,
  type ForecastPatchBody,
  type ForecastStatus,
  type ForecastVersionBody,
} from '../production-forecasts.contract.ts';
import { productionForecastsMessages as m } from '../production-forecasts.messages.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { getForecast } from './production-forecasts.read.ts';
import { productionForecasts } from './production-forecasts.table.ts';

export const FORECAST_ENTITY = 'production_forecast';

type ForecastRecord = typeof productionForecasts.$inferSelect;

/** Locks the forecast (for update) or answers 404. */
export async function lockForecast(tx: DbOrTx, id: number): Promise<ForecastRecord> {
  const [row] = await tx.select().from(productionForecasts).where(eq(productionForecasts.id, id)).for('update');
  if (!row) throw new DomainError(404, m.notFound);
  return row;
}

/** The scope's items must be products or semi-finished items; the category must exist. */
async function checkScopeRefs(tx: DbOrTx, f: { itemIds: readonly number[]; categoryId: number | null }) {
  if (f.itemIds.length) {
    const rows = rowsOf<{ id: number; kind: string }>(
      await tx.execute(sql`select id, kind from items where id = any(${intArray(f.itemIds)})`),
    );
    const kinds = new Map(rows.map((r) => [Number(r.id), r.kind]));
    f.itemIds.forEach((id, i) => {
      const kind = kinds.get(id);
      if (!kind) throw new DomainError(400, m.itemNotFound, { [`itemIds.${i}`]: m.itemNotFound });
      if (kind !== 'product' && kind !== 'semi_finished') {
        throw new DomainError(400, m.notProduct, { [`itemIds.${i}`]: m.notProduct });
      }
    });
  }
  if (f.categoryId != null) {
    const [row] = rowsOf<{ id: number }>(await tx.execute(sql`select id from categories where id = ${f.categoryId}`));
    if (!row) throw new DomainError(400, m.categoryNotFound, { categoryId: m.categoryNotFound });
  }
}

/** The scope and window checks of the contract, on the merged row of a PATCH: 400 with the field's message. */
function checkMerged(row: Parameters<typeof checkForecastParams>[0]) {
  const issues: Array<{ path: PropertyKey[]; message?: string }> = [];
  const ctx = {
    addIssue: (issue: { path?: PropertyKey[]; message?: string }) =>
      issues.push({ path: issue.path ?? [], message: issue.message }),
  };
  checkForecastParams(row, ctx as unknown as z.RefinementCtx);
  const first = issues[0];
  if (first) {
    const message = first.message ?? m.reference;
    throw new DomainError(400, message, { [first.path.map(String).join('.')]: message });
  }
}

/** POST /api/production-forecasts: a draft. */
export async function createForecast(db: DbOrTx, ctx: AuditContext, body: ForecastCreateBody): Promise<ForecastDetail> {
  return db.transaction(async (tx) => {
    await checkScopeRefs(tx, body);
    const [row] = await tx
      .insert(productionForecasts)
      .values({
        name: body.name,
        scope: body.scope,
        itemIds: body.scope === 'items' ? [...new Set(body.itemIds)] : [],
        categoryId: body.scope === 'category' ? body.categoryId : null,
        granularity: body.granularity,
        method: body.method,
        windowN: body.windowN,
        alpha: body.alpha,
        historyPeriods: body.historyPeriods,
        horizonPeriods: body.horizonPeriods,
        notes: body.notes ?? null,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await audit(tx, ctx, { action: 'create', entityType: FORECAST_ENTITY, entityId: row!.id, after: row });
    return getForecast(tx, row!.id);
  });
}

function refuseUnlessDraft(status: ForecastStatus) {
  if (status === 'archived') throw new DomainError(409, m.archived);
  if (status !== 'draft') throw new DomainError(409, m.notDraft);
}

/** PATCH /api/production-forecasts/:id: a draft's parameters, scope, name and notes. */
export async function updateForecast(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  body: ForecastPatchBody,
): Promise<ForecastDetail> {
  return db.transaction(async (tx) => {
    const before = await lockForecast(tx, id);
    refuseUnlessDraft(before.status);
    checkVersion(body.version, before.version, m.stale);
    const { version: _version, ...patch } = body;
    const scope = patch.scope ?? before.scope;
    const merged = {
      scope,
      itemIds: scope === 'items' ? (patch.itemIds ?? before.itemIds) : (patch.itemIds ?? []),
      categoryId: scope === 'category' ? (patch.categoryId ?? before.categoryId) : (patch.categoryId ?? null),
      method: patch.method ?? before.method,
      windowN: patch.windowN ?? before.windowN,
      historyPeriods: patch.historyPeriods ?? before.historyPeriods,
    };
    checkMerged(merged);
    await checkScopeRefs(tx, merged);
    const [after] = await tx
      .update(productionForecasts)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        scope,
        itemIds: [...new Set(merged.itemIds)],
        categoryId: merged.categoryId,
        ...(patch.granularity !== undefined ? { granularity: patch.granularity } : {}),
        method: merged.method,
        windowN: merged.windowN,
        ...(patch.alpha !== undefined ? { alpha: patch.alpha } : {}),
        historyPeriods: merged.historyPeriods,
        ...(patch.horizonPeriods !== undefined ? { horizonPeriods: patch.horizonPeriods } : {}),
        ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
        version: before.version + 1,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(eq(productionForecasts.id, id))
      .returning();
    await audit(tx, ctx, { action: 'update', entityType: FORECAST_ENTITY, entityId: id, before, after });
    return getForecast(tx, id);
  });
}

/** DELETE /api/production-forecasts/:id: a draft or an archived forecast (a calculated one is archived first). */
export async function deleteForecast(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockForecast(tx, id);
    if (before.status === 'calculated') throw new DomainError(409, m.deleteCalculated);
    await tx.delete(productionForecasts).where(eq(productionForecasts.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: FORECAST_ENTITY, entityId: id, before });
  });
}

/** POST /api/production-forecasts/:id/archive: read-only from now on (its lines stay; the job no longer fills them). */
export async function archiveForecast(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  body: ForecastVersionBody,
): Promise<ForecastDetail> {
  return db.transaction(async (tx) => {
    const before = await lockForecast(tx, id);
    if (before.status === 'archived') throw new DomainError(409, m.alreadyArchived);
    checkVersion(body.version, before.version, m.stale);
    await tx
      .update(productionForecasts)
      .set({ status: 'archived', version: before.version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
      .where(eq(productionForecasts.id, id));
    await audit(tx, ctx, {
      action: 'status_change',
      entityType: FORECAST_ENTITY,
      entityId: id,
      before: { status: before.status },
      after: { status: 'archived' },
    });
    return getForecast(tx, id);
  });
}
