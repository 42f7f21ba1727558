// What every Nova Poshta action of a shipment shares (sales.md §3): the key and sender it works under (our contract
// or the client's own), the short audited transaction a change is applied in, and the problem notification. No
// database transaction is held open across a call to the service: the state before a call is committed first, the
// answer applied afterwards.
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { openSecret } from '@/server/kernel/secrets.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { notify } from '@/modules/notifications/server/index.ts';
import { clientNpSettings } from '@/modules/clients/server/clients.table.ts';
import { openNpKey, readNpSettings, senderReady } from '@/modules/nova-poshta/server/index.ts';
import { shipmentMessages as msg, type Shipment, type TrackingEvent } from '../shipments.contract.ts';
import { SHIPMENTS_ENTITY } from './shipments.common.ts';
import { getShipment } from './shipments.read.ts';
import { shipments } from './shipments.table.ts';

export interface NpDeps {
  db: DbOrTx;
  /** NOVA_POSHTA_API_URL. */
  apiUrl: string;
  /** The app key the API keys are sealed with (SESSION_SECRET). */
  appSecret: string;
}

/** A 'creating' state older than this was lost (the process stopped mid-call): it may be reconciled. */
export const STALE_CREATING_MS = 2 * 60_000;

export const problemKey = (shipmentId: number) => `shipment-problem:${shipmentId}`;

export interface Profile {
  apiKey: string;
  kind: 'own' | 'client';
  counterpartyRef: string | null;
  contactRef: string | null;
  cityRef: string | null;
  warehouseRef: string | null;
  phone: string | null;
}

/** The key (and, for a waybill, the sender) a shipment works under: our contract, or the client's own. */
export async function profileOf(deps: NpDeps, s: Shipment, needsSender: boolean): Promise<Profile> {
  if (s.senderProfile === 'client') {
    const row = await clientNpRow(deps.db, s.clientId);
    if (!row?.isActive || !row.apiKeySealed) throw new DomainError(409, msg.npClientProfile);
    const apiKey = openSecret(deps.appSecret, row.apiKeySealed);
    if (!apiKey) throw new DomainError(409, msg.npKeyUnreadable);
    const ready = row.senderCounterpartyRef && row.senderContactRef && row.senderCityRef && row.senderWarehouseRef;
    if (needsSender && (!ready || !row.senderPhone)) throw new DomainError(409, msg.npClientProfile);
    return {
      apiKey,
      kind: 'client',
      counterpartyRef: row.senderCounterpartyRef,
      contactRef: row.senderContactRef,
      cityRef: row.senderCityRef,
      warehouseRef: row.senderWarehouseRef,
      phone: row.senderPhone,
    };
  }
  const settings = await readNpSettings(deps.db);
  if (!settings.apiKeySealed || (needsSender && !senderReady(settings))) {
    throw new DomainError(409, msg.npNotConfigured);
  }
  const apiKey = openNpKey(deps.appSecret, settings);
  if (!apiKey) throw new DomainError(409, msg.npKeyUnreadable);
  return {
    apiKey,
    kind: 'own',
    counterpartyRef: settings.senderCounterpartyRef,
    contactRef: settings.senderContactRef,
    cityRef: settings.senderCityRef,
    warehouseRef: settings.senderWarehouseRef,
    phone: settings.senderPhone,
  };
}

export function assertNovaPoshta(s: Shipment) {
  if (s.carrierKind !== 'nova_poshta') throw new DomainError(409, msg.notNovaPoshta);
}

export const historyWith = (s: { trackingHistory: TrackingEvent[] }, event: Omit<TrackingEvent, 'at'>) => [
  ...s.trackingHistory,
  { at: new Date().toISOString(), ...event },
];

export async function lockRow(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
  if (!row) throw new DomainError(404, msg.notFound);
  return row;
}

/** Applies a change to the shipment in its own short transaction, audited; answers the shipment after. */
export async function change(
  deps: NpDeps,
  ctx: AuditContext,
  id: number,
  apply: (tx: DbOrTx, row: typeof shipments.$inferSelect) => Promise<Partial<typeof shipments.$inferInsert> | null>,
  /** Runs in the same transaction once the change is stored (the e-mail of a new waybill). */
  changed?: (tx: DbOrTx, after: Shipment) => Promise<void>,
): Promise<Shipment> {
  return deps.db.transaction(async (tx) => {
    const row = await lockRow(tx, id);
    const before = await getShipment(tx, id);
    const set = await apply(tx, row);
    if (set && Object.keys(set).length) {
      await tx
        .update(shipments)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(shipments.id, id));
      const after = await getShipment(tx, id);
      await audit(tx, ctx, { action: 'update', entityType: SHIPMENTS_ENTITY, entityId: id, before, after });
      await changed?.(tx, after);
      return after;
    }
    return before;
  });
}

/** A shipment-problem notification for the order's manager (reports-admin.md §9), de-duplicated per shipment. */
export async function notifyProblem(tx: DbOrTx, s: Shipment, what: string) {
  await notify(tx, {
    type: 'warning',
    priority: 'high',
    title: `Проблема з відправленням ${s.number}`,
    message: `${what}. Замовлення ${s.orderNumber}, ${s.clientName}${s.trackingNumber ? `, ЕН ${s.trackingNumber}` : ''}`,
    actionRequired: true,
    actionUrl: `/shipments?search=${encodeURIComponent(s.number)}`,
    related: { type: 'shipment', id: s.id, label: `Відвантаження ${s.number}` },
    ...(s.managerUserId ? { userIds: [s.managerUserId] } : { route: '/shipments' }),
    dedupeKey: problemKey(s.id),
  });
}

/** The waybill's date: today, or the shipment date when it is later (Nova Poshta refuses a date in the past). */
export function sendDateOf(s: { shipmentDate: string }): string {
  const today = kyivToday();
  return s.shipmentDate > today ? s.shipmentDate : today;
}

/** The client's own Nova Poshta row (for the 'client' sender profile and the cached recipient refs). */
export async function clientNpRow(db: DbOrTx, clientId: number) {
  const [row] = await db.select().from(clientNpSettings).where(eq(clientNpSettings.clientId, clientId));
  return row ?? null;
}
