// 'Створити МВ' from a forecast (production.md §12): planned MOs of the quantities the user confirmed (the page
// suggests max(0, F_next − free − inProduction), editable), all in one transaction through the manufacturing
// service. An item outside the forecast or without a default recipe or active BOM is refused on its line.
import { sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { createManufacturingOrder } from '@/modules/manufacturing/server/index.ts';
import { makeableItems } from '@/modules/ordered-products/server/index.ts';
import { requireProductionSpec } from '@/modules/production/server/index.ts';
import type { CreateMosAnswer, CreateMosBody } from '../production-forecasts.contract.ts';
import { productionForecastsMessages as m } from '../production-forecasts.messages.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { FORECAST_ENTITY, lockForecast } from './production-forecasts.write.ts';

const lineError = (i: number, field: string, message: string) =>
  new DomainError(400, m.line(i + 1, message), { [`lines.${i}.${field}`]: message });

/** POST /api/production-forecasts/:id/create-manufacturing-orders */
export async function createForecastMos(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  body: CreateMosBody,
): Promise<CreateMosAnswer> {
  return db.transaction(async (tx) => {
    const f = await lockForecast(tx, id);
    if (f.status !== 'calculated') throw new DomainError(409, f.status === 'archived' ? m.archived : m.notCalculated);
    const ids = body.lines.map((l) => l.itemId);
    const inForecast = new Set(
      rowsOf<{ item_id: number }>(
        await tx.execute(sql`select item_id from forecast_items
          where forecast_id = ${id} and item_id = any(${intArray(ids)})`),
      ).map((r) => Number(r.item_id)),
    );
    const makeable = await makeableItems(tx, ids);
    body.lines.forEach((line, i) => {
      if (!inForecast.has(line.itemId)) throw lineError(i, 'itemId', m.notInForecast);
      if (!makeable.has(line.itemId)) throw lineError(i, 'itemId', m.notMakeable);
    });
    const created: CreateMosAnswer['created'] = [];
    for (const [i, line] of body.lines.entries()) {
      try {
        const spec = await requireProductionSpec(tx, line.itemId);
        const mo = await createManufacturingOrder(tx, ctx, {
          itemId: line.itemId,
          qty: line.qty,
          recipeId: spec.recipe?.id ?? null,
          dueDate: body.dueDate ?? null,
          notes: `Прогноз: ${f.name}`,
        });
        created.push({ id: mo.id, number: mo.number, itemId: line.itemId, qty: line.qty });
      } catch (err) {
        if (err instanceof DomainError) {
          const field = Object.keys(err.fields ?? {})[0] === 'qty' ? 'qty' : 'itemId';
          throw lineError(i, field, err.message);
        }
        throw err;
      }
    }
    await audit(tx, ctx, {
      action: 'update',
      entityType: FORECAST_ENTITY,
      entityId: id,
      after: { manufacturingOrders: created.map((c) => ({ number: c.number, itemId: c.itemId, qty: c.qty })) },
    });
    return { created, message: m.created(created.length, created.map((c) => c.number).join(', ')) };
  });
}
