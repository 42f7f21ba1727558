// A repair's photos (production.md §7: ≤ 5 MB each): kept in the database like item and worker photos (decision
// 0007), their type read from their bytes by the kernel's image check; every change audited.
import { and, desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { sniffImage } from '@/server/kernel/images.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { REPAIR_ATTACHMENT_MAX_BYTES, repairMessages, type RepairAttachment } from '../repairs.contract.ts';
import { repairAttachments } from './repairs.table.ts';
import { loadRepair } from './repairs.write.ts';
import { userNameSql } from './repairs.common.ts';

const columns = {
  id: repairAttachments.id,
  fileName: repairAttachments.fileName,
  contentType: repairAttachments.contentType,
  bytes: repairAttachments.bytes,
  createdAt: repairAttachments.createdAt,
  createdByName: sql<
    string | null
  >`(select ${userNameSql('u')} from users u where u.id = ${repairAttachments.createdBy})`,
};

const toView = (r: { createdAt: Date; createdByName: string | null } & Omit<RepairAttachment, 'createdAt'>) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  createdByName: r.createdByName ?? null,
});

export async function listAttachments(db: DbOrTx, repairId: number): Promise<RepairAttachment[]> {
  await loadRepair(db, repairId);
  const rows = await db
    .select(columns)
    .from(repairAttachments)
    .where(eq(repairAttachments.repairId, repairId))
    .orderBy(desc(repairAttachments.createdAt), desc(repairAttachments.id));
  return rows.map(toView);
}

export async function addAttachment(
  db: DbOrTx,
  ctx: AuditContext,
  repairId: number,
  data: unknown,
  name: string | undefined,
): Promise<RepairAttachment> {
  if (!Buffer.isBuffer(data)) throw new DomainError(415, repairMessages.attachmentType);
  if (data.length > REPAIR_ATTACHMENT_MAX_BYTES) throw new DomainError(413, repairMessages.attachmentTooLarge);
  const contentType = sniffImage(data);
  if (!contentType) throw new DomainError(415, repairMessages.attachmentType);
  return db.transaction(async (tx) => {
    await loadRepair(tx, repairId, true);
    const fileName = name || `photo.${contentType.split('/')[1]}`;
    const [row] = await tx
      .insert(repairAttachments)
      .values({ repairId, fileName, contentType, bytes: data.length, data, createdBy: ctx.userId })
      .returning({ id: repairAttachments.id });
    await audit(tx, ctx, {
      action: 'create',
      entityType: 'repair_attachments',
      entityId: row!.id,
      after: { repairId, fileName, contentType, bytes: data.length },
    });
    const [view] = await tx.select(columns).from(repairAttachments).where(eq(repairAttachments.id, row!.id));
    return toView(view!);
  });
}

export async function attachmentFile(db: DbOrTx, repairId: number, attachmentId: number) {
  const [row] = await db
    .select({ contentType: repairAttachments.contentType, data: repairAttachments.data })
    .from(repairAttachments)
    .where(and(eq(repairAttachments.id, attachmentId), eq(repairAttachments.repairId, repairId)));
  if (!row) throw new DomainError(404, repairMessages.attachmentNotFound);
  return row;
}

export async function removeAttachment(db: DbOrTx, ctx: AuditContext, repairId: number, attachmentId: number) {
  await db.transaction(async (tx) => {
    await loadRepair(tx, repairId, true);
    const removed = await tx
      .delete(repairAttachments)
      .where(and(eq(repairAttachments.id, attachmentId), eq(repairAttachments.repairId, repairId)))
      .returning({ fileName: repairAttachments.fileName, contentType: repairAttachments.contentType });
    if (!removed.length) throw new DomainError(404, repairMessages.attachmentNotFound);
    await audit(tx, ctx, {
      action: 'delete',
      entityType: 'repair_attachments',
      entityId: attachmentId,
      before: removed[0],
    });
  });
  return { message: repairMessages.attachmentRemoved };
}
