// Moving an MO to another week (production.md §11): its planned start changes through the MO's own update — the row
// locked, a stale version refused with 409, completed and cancelled MOs refused, the change audited on the MO.
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { lockManufacturingOrder, updateManufacturingOrder } from '@/modules/manufacturing/server/index.ts';
import { DomainError } from '@/shared/api-error.ts';
import { checkVersion } from '@/server/kernel/documents.ts';
import type { MoveBody } from '../production-planning.contract.ts';
import { productionPlanningMessages as m } from '../production-planning.messages.ts';
import { LOADED_STATUSES } from './production-planning.work.ts';

export async function moveManufacturingOrder(db: DbOrTx, ctx: AuditContext, id: number, body: MoveBody) {
  return db.transaction(async (tx) => {
    const mo = await lockManufacturingOrder(tx, id);
    if (!(LOADED_STATUSES as readonly string[]).includes(mo.status)) throw new DomainError(409, m.notMovable);
    checkVersion(body.version, mo.version, m.stale);
    await updateManufacturingOrder(tx, ctx, id, { plannedStart: body.plannedStart }, body.version);
    const after = await lockManufacturingOrder(tx, id);
    return { id: after.id, number: after.number, plannedStart: after.plannedStart, version: after.version };
  });
}
