// Tracking of Nova Poshta waybills (sales.md §3): the job every 2 h and 'Оновити статус' read the statuses in batches,
// keep the service's code and text, map them to the delivery status, extend the timeline and notify the manager.
import { and, eq, inArray, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { openSecret } from '@/server/kernel/secrets.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import {
  finalDeliveryStatuses,
  isNpKeyRefusal,
  notifyClientNpKeyRejected,
  isoFromNp,
  npCall,
  npPhone,
  npStatusOf,
  openNpKey,
  readNpSettings,
  writeNpJobs,
} from '@/modules/nova-poshta/server/index.ts';
import { carriers } from '@/resources/carriers/carriers.table.ts';
import {
  deliveryStatusLabels,
  shipmentMessages as msg,
  type DeliveryStatus,
  type NpActionResult,
} from '../shipments.contract.ts';
import { SHIPMENTS_ENTITY } from './shipments.common.ts';
import {
  clientNpRow,
  historyWith,
  lockRow,
  notifyProblem,
  problemKey,
  STALE_CREATING_MS,
  type NpDeps,
} from './shipments-np.common.ts';
import { getShipment } from './shipments.read.ts';
import { shipments } from './shipments.table.ts';

const TRACK_BATCH = 100;

// ---- tracking ----------------------------------------------------------------------------------------------------------

interface NpTracked {
  Number: string;
  StatusCode: string | number;
  Status?: string;
  ScheduledDeliveryDate?: string;
  RecipientDateTime?: string;
}

export interface TrackingRun {
  checked: number;
  changed: number;
  failed: number;
  errors: string[];
}

/**
 * Tracking (the job every 2 h and 'Оновити статус'): TrackingDocument.getStatusDocuments in batches of 100 for the
 * Nova Poshta waybills not yet delivered or returned, grouped by the key they were made under.
 */
export async function trackShipments(deps: NpDeps, ctx: AuditContext, only?: readonly number[]): Promise<TrackingRun> {
  const candidates = await deps.db
    .select({
      id: shipments.id,
      trackingNumber: shipments.trackingNumber,
      recipientPhone: shipments.recipientPhone,
      senderProfile: shipments.senderProfile,
      clientId: sql<number>`(select o.client_id from orders o where o.id = ${shipments.orderId})`,
      clientName: sql<string>`(select c.name from orders o join counterparties c on c.id = o.client_id
        where o.id = ${shipments.orderId})`,
    })
    .from(shipments)
    .innerJoin(carriers, eq(carriers.id, shipments.carrierId))
    .where(
      and(
        eq(carriers.kind, 'nova_poshta'),
        eq(shipments.waybillState, 'created'),
        isNotNull(shipments.trackingNumber),
        notInArray(shipments.deliveryStatus, [...finalDeliveryStatuses]),
        only ? inArray(shipments.id, [...only]) : undefined,
      ),
    )
    .orderBy(shipments.id);
  const run: TrackingRun = { checked: 0, changed: 0, failed: 0, errors: [] };
  // Group by key: our contract, or each client's own.
  const groups = new Map<string, typeof candidates>();
  for (const c of candidates) {
    const key = c.senderProfile === 'client' ? `client:${c.clientId}` : 'own';
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const ownSettings = await readNpSettings(deps.db);
  const ownKey = openNpKey(deps.appSecret, ownSettings);
  for (const [group, rows] of groups) {
    let apiKey: string | null = null;
    if (group === 'own') apiKey = ownKey;
    else {
      const row = await clientNpRow(deps.db, Number(group.slice('client:'.length)));
      apiKey = row?.apiKeySealed ? openSecret(deps.appSecret, row.apiKeySealed) : null;
    }
    if (!apiKey) {
      run.failed += rows.length;
      run.errors.push(group === 'own' ? msg.npNotConfigured : msg.npClientProfile);
      continue;
    }
    for (let i = 0; i < rows.length; i += TRACK_BATCH) {
      const batch = rows.slice(i, i + TRACK_BATCH);
      const answer = await npCall<NpTracked>(deps.apiUrl, apiKey, 'TrackingDocument', 'getStatusDocuments', {
        Documents: batch.map((b) => ({
          DocumentNumber: b.trackingNumber,
          Phone: b.recipientPhone ? npPhone(b.recipientPhone) : '',
        })),
      });
      if (!answer.ok) {
        run.failed += batch.length;
        run.errors.push(answer.error);
        // A client's own key refused by the service: its manager must replace it (reports-admin §9).
        if (group !== 'own' && isNpKeyRefusal(answer.error)) {
          const client = { id: Number(rows[0]!.clientId), name: rows[0]!.clientName };
          await deps.db.transaction((tx) => notifyClientNpKeyRejected(tx, client, answer.error));
          run.failed += rows.length - i - batch.length; // the rest of this key's waybills are not asked
          break;
        }
        continue;
      }
      const byNumber = new Map(answer.data.map((d) => [String(d.Number), d]));
      for (const b of batch) {
        const tracked = byNumber.get(b.trackingNumber!);
        if (!tracked) continue;
        run.checked += 1;
        if (await applyTracking(deps, ctx, b.id, tracked)) run.changed += 1;
      }
    }
  }
  if (!only) await writeNpJobs(deps.db, { lastTrackingAt: new Date().toISOString() });
  return run;
}

/** One waybill's answer applied: raw code and text kept, the mapped status, the timeline, the notifications. */
async function applyTracking(deps: NpDeps, ctx: AuditContext, id: number, tracked: NpTracked): Promise<boolean> {
  const code = String(tracked.StatusCode ?? '').trim();
  const text = String(tracked.Status ?? '').trim() || `Статус ${code}`;
  const meaning = npStatusOf(code);
  let changed = false;
  await deps.db.transaction(async (tx) => {
    const row = await lockRow(tx, id);
    if (row.waybillState !== 'created' || row.trackingNumber !== tracked.Number) return;
    const now = new Date();
    if (meaning === 'not_found') {
      await tx.update(shipments).set({ lastTrackedAt: now }).where(eq(shipments.id, id));
      return;
    }
    const before = await getShipment(tx, id);
    const set: Partial<typeof shipments.$inferInsert> = { lastTrackedAt: now };
    const sameCode = row.deliveryStatusCode === code && row.deliveryStatusText === text;
    if (meaning === 'deleted') {
      Object.assign(set, {
        waybillState: 'deleted',
        npRef: null,
        trackingNumber: null,
        deliveryStatus: 'none',
        deliveryStatusCode: code,
        deliveryStatusText: text,
        trackingHistory: historyWith(row, { code, text, status: 'none' }),
      });
    } else {
      const status: DeliveryStatus = meaning ?? row.deliveryStatus;
      const estimated = isoFromNp(tracked.ScheduledDeliveryDate);
      Object.assign(set, {
        deliveryStatus: status,
        deliveryStatusCode: code,
        deliveryStatusText: text,
        ...(estimated ? { estimatedDeliveryDate: estimated } : {}),
        ...(sameCode ? {} : { trackingHistory: historyWith(row, { code, text, status }) }),
      });
      if (status === 'delivered' && !row.deliveredAt) set.deliveredAt = receivedAt(tracked.RecipientDateTime) ?? now;
    }
    await tx.update(shipments).set(set).where(eq(shipments.id, id));
    if (sameCode && meaning !== 'deleted') return;
    changed = true;
    const after = await getShipment(tx, id);
    await audit(
      tx,
      { ...ctx, actor: ctx.actor ?? 'nova-poshta-tracking' },
      {
        action: 'update',
        entityType: SHIPMENTS_ENTITY,
        entityId: id,
        before: { deliveryStatus: before.deliveryStatus, code: before.deliveryStatusCode },
        after: { deliveryStatus: after.deliveryStatus, code, text },
      },
    );
    if (after.deliveryStatus === before.deliveryStatus) return;
    if (after.deliveryStatus === 'refused' || after.deliveryStatus === 'returned') {
      await notifyProblem(tx, after, `${deliveryStatusLabels[after.deliveryStatus]}: ${text}`);
    } else if (after.deliveryStatus === 'delivered') {
      await resolveByKey(tx, problemKey(id));
      await notify(tx, {
        type: 'info',
        priority: 'low',
        title: `Відправлення ${after.number} отримано`,
        message: `Замовлення ${after.orderNumber}, ${after.clientName}, ЕН ${after.trackingNumber ?? ''}`.trim(),
        actionUrl: `/shipments?search=${encodeURIComponent(after.number)}`,
        related: { type: 'shipment', id, label: `Відвантаження ${after.number}` },
        ...(after.managerUserId ? { userIds: [after.managerUserId] } : { route: '/shipments' }),
      });
    }
  });
  return changed;
}

/** 'dd.mm.yyyy hh:mm:ss' (Kyiv) → a timestamp. */
function receivedAt(value: string | undefined): Date | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?/.exec(String(value ?? ''));
  if (!m) return null;
  // Kyiv is UTC+2 in winter and UTC+3 in summer; the offset of that day is close enough for a delivery time.
  const local = new Date(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6] ?? '00'}Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Kyiv', timeZoneName: 'shortOffset' })
    .formatToParts(local)
    .find((p) => p.type === 'timeZoneName')?.value;
  const hours = Number(/GMT([+-]\d+)/.exec(offset ?? '')?.[1] ?? 2);
  return new Date(local.getTime() - hours * 3600_000);
}

/** 'Оновити статус' of one shipment. */
export async function trackOne(deps: NpDeps, ctx: AuditContext, id: number): Promise<NpActionResult> {
  const s = await getShipment(deps.db, id);
  if (s.carrierKind !== 'nova_poshta') throw new DomainError(409, msg.npTrackOtherCarrier);
  if (s.waybillState !== 'created' || !s.trackingNumber) throw new DomainError(409, msg.npNoWaybill);
  const run = await trackShipments(deps, ctx, [id]);
  if (run.errors.length && run.checked === 0 && !finalDeliveryStatuses.includes(s.deliveryStatus)) {
    throw new DomainError(502, run.errors[0]!);
  }
  return { shipment: await getShipment(deps.db, id), message: msg.tracked };
}

/** Shipments whose waybill was lost mid-creation long ago (the process stopped): shown as problems. */
export async function markStaleCreating(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(shipments)
    .set({ waybillState: 'unknown' })
    .where(
      and(
        eq(shipments.waybillState, 'creating'),
        lt(shipments.updatedAt, new Date(Date.now() - STALE_CREATING_MS)),
        or(eq(shipments.status, 'draft'), eq(shipments.status, 'posted')),
      ),
    )
    .returning({ id: shipments.id });
  return rows.length;
}
