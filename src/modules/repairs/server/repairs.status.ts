// The repair's state machine (production.md §7): the allowed moves, the guards (a paid repair needs the client's
// approval before in_repair, ready needs no unposted parts, returned on a paid repair needs its order paid or
// 'Видати без оплати' with a reason), one history row per change with its user, and the serial back to sold.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { checkVersion } from '@/server/kernel/documents.ts';
import type { z } from '@/shared/zod-uk.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { moveSerials } from '@/modules/serial-numbers/server/index.ts';
import {
  repairMessages,
  repairStatusLabels,
  repairTransitions,
  type Repair,
  type RepairStatus,
  type repairStatusChangeSchema,
} from '../repairs.contract.ts';
import { repairParts, repairs } from './repairs.table.ts';
import { getRepair } from './repairs.read.ts';
import { ENTITY } from './repairs.common.ts';
import { loadRepair, storeCosts, writeHistory } from './repairs.write.ts';

type StatusBody = z.output<typeof repairStatusChangeSchema>;

export async function changeRepairStatus(tx: DbOrTx, ctx: AuditContext, id: number, body: StatusBody): Promise<Repair> {
  const before = await loadRepair(tx, id, true);
  checkVersion(body.version, before.version, repairMessages.version);
  const from = before.status as RepairStatus;
  const to = body.to;
  if (!repairTransitions[from].includes(to)) {
    throw new DomainError(409, repairMessages.transition(repairStatusLabels[from], repairStatusLabels[to]));
  }
  const set: Partial<typeof repairs.$inferInsert> = { status: to };
  if (to === 'in_repair' && !before.isWarranty && !before.clientApproved) {
    throw new DomainError(409, repairMessages.needsApproval);
  }
  if (to === 'ready') {
    const [unposted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(repairParts)
      .where(and(eq(repairParts.repairId, id), isNull(repairParts.postingId)));
    if (Number(unposted?.n ?? 0) > 0) throw new DomainError(409, repairMessages.unpostedParts);
  }
  if (to === 'returned' && !before.isWarranty) {
    const repair = await getRepair(tx, id);
    if (!repair.billingOrderPaid) {
      if (!body.withoutPayment) throw new DomainError(409, repairMessages.needsPayment);
      if (!body.comment) {
        throw new DomainError(400, repairMessages.withoutPaymentReason, {
          comment: repairMessages.withoutPaymentReason,
        });
      }
      set.returnedWithoutPayment = true;
      set.returnedWithoutPaymentReason = body.comment;
    }
  }
  if (to === 'returned' || to === 'cancelled') {
    set.returnedAt = new Date();
    if (before.serialNumberId) {
      await moveSerials(tx, {
        serialIds: [before.serialNumberId],
        from: ['in_repair'],
        to: 'sold',
        event: 'repair_out',
        document: { type: 'repair', id, number: before.number },
        userId: ctx.userId,
        note: repairStatusLabels[to],
      });
    }
  }
  const [after] = await tx
    .update(repairs)
    .set({ ...set, version: before.version + 1, updatedAt: new Date() })
    .where(eq(repairs.id, id))
    .returning();
  await writeHistory(tx, id, from, to, ctx.userId, body.comment ?? null);
  await storeCosts(tx, id);
  await audit(tx, ctx, {
    action: 'status_change',
    entityType: ENTITY,
    entityId: id,
    before: { status: from },
    after: { status: to, comment: body.comment ?? null, returnedWithoutPayment: after?.returnedWithoutPayment },
  });
  return getRepair(tx, id);
}
