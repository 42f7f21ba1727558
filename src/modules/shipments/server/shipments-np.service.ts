// The Nova Poshta side of a shipment (sales.md §3): cost and delivery date, the express waybill (ЕН) with its
// idempotency, the label streamed through the server, deletion, and tracking. No database transaction is held open
// across a call to the service: the state before a call is committed first, the answer applied afterwards.
import { and, eq, inArray, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec, div, fixed, isZero, mul } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { openSecret } from '@/server/kernel/secrets.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import { clientNpSettings } from '@/modules/clients/server/clients.table.ts';
import {
  finalDeliveryStatuses,
  isoFromNp,
  npCall,
  npDate,
  npFetchPdf,
  npMessages,
  npPhone,
  npPrintUrl,
  npStatusOf,
  openNpKey,
  readNpSettings,
  senderReady,
  writeNpJobs,
  type NpLabelFormat,
  type NpResult,
} from '@/modules/nova-poshta/server/index.ts';
import { carriers } from '@/resources/carriers/carriers.table.ts';
import {
  deliveryStatusLabels,
  shipmentMessages as msg,
  type DeliveryStatus,
  type NpActionResult,
  type Shipment,
  type TrackingEvent,
  type WaybillState,
} from '../shipments.contract.ts';
import { clientNpRow, getShipment, SHIPMENTS_ENTITY } from './shipments.service.ts';
import { shipments } from './shipments.table.ts';

export interface NpDeps {
  db: DbOrTx;
  /** NOVA_POSHTA_API_URL. */
  apiUrl: string;
  /** The app key the API keys are sealed with (SESSION_SECRET). */
  appSecret: string;
}

/** A 'creating' state older than this was lost (the process stopped mid-call): it may be reconciled. */
const STALE_CREATING_MS = 2 * 60_000;
const TRACK_BATCH = 100;

export const problemKey = (shipmentId: number) => `shipment-problem:${shipmentId}`;

interface Profile {
  apiKey: string;
  kind: 'own' | 'client';
  counterpartyRef: string | null;
  contactRef: string | null;
  cityRef: string | null;
  warehouseRef: string | null;
  phone: string | null;
}

/** The key (and, for a waybill, the sender) a shipment works under: our contract, or the client's own. */
async function profileOf(deps: NpDeps, s: Shipment, needsSender: boolean): Promise<Profile> {
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

function assertNovaPoshta(s: Shipment) {
  if (s.carrierKind !== 'nova_poshta') throw new DomainError(409, msg.notNovaPoshta);
}

const historyWith = (s: { trackingHistory: TrackingEvent[] }, event: Omit<TrackingEvent, 'at'>) => [
  ...s.trackingHistory,
  { at: new Date().toISOString(), ...event },
];

async function lockRow(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
  if (!row) throw new DomainError(404, msg.notFound);
  return row;
}

/** Applies a change to the shipment in its own short transaction, audited; answers the shipment after. */
async function change(
  deps: NpDeps,
  ctx: AuditContext,
  id: number,
  apply: (tx: DbOrTx, row: typeof shipments.$inferSelect) => Promise<Partial<typeof shipments.$inferInsert> | null>,
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
      return after;
    }
    return before;
  });
}

/** A shipment-problem notification for the order's manager (reports-admin.md §9), de-duplicated per shipment. */
async function notifyProblem(tx: DbOrTx, s: Shipment, what: string) {
  await notify(tx, {
    type: 'warning',
    priority: 'high',
    title: `Проблема з відправленням ${s.number}`,
    message: `${what}. Замовлення ${s.orderNumber}, ${s.clientName}${s.trackingNumber ? `, ЕН ${s.trackingNumber}` : ''}`,
    actionRequired: true,
    actionUrl: `/shipments?search=${encodeURIComponent(s.number)}`,
    related: { type: 'shipment', id: s.id },
    ...(s.managerUserId ? { userIds: [s.managerUserId] } : { route: '/shipments' }),
    dedupeKey: problemKey(s.id),
  });
}

// ---- cost ---------------------------------------------------------------------------------------------------------------

interface NpPrice {
  Cost?: number | string;
}
interface NpDeliveryDate {
  DeliveryDate?: { date?: string } | string;
}

/** 'Розрахувати': the price (getDocumentPrice) and the delivery date (getDocumentDeliveryDate). */
export async function npPrice(deps: NpDeps, ctx: AuditContext, id: number): Promise<NpActionResult> {
  const s = await getShipment(deps.db, id);
  if (s.status === 'cancelled') throw new DomainError(409, msg.cancelledDoc);
  assertNovaPoshta(s);
  if (!s.npCityRef || !s.weightKg) throw new DomainError(400, msg.npPriceNeedsCity);
  const profile = await profileOf(deps, s, false);
  if (!profile.cityRef)
    throw new DomainError(409, s.senderProfile === 'client' ? msg.npClientProfile : msg.npNotConfigured);
  const serviceType = s.serviceType ?? 'WarehouseWarehouse';
  const price = await npCall<NpPrice>(deps.apiUrl, profile.apiKey, 'InternetDocument', 'getDocumentPrice', {
    CitySender: profile.cityRef,
    CityRecipient: s.npCityRef,
    ServiceType: serviceType,
    Weight: s.weightKg,
    Cost: s.declaredValue ?? s.totalGross,
    CargoType: cmp(dec(s.weightKg), dec(30)) > 0 ? 'Cargo' : 'Parcel',
    SeatsAmount: String(Math.max(1, s.seats.length)),
  });
  if (!price.ok) throw new DomainError(502, price.error);
  const cost = price.data[0]?.Cost;
  const dateAnswer = await npCall<NpDeliveryDate>(
    deps.apiUrl,
    profile.apiKey,
    'InternetDocument',
    'getDocumentDeliveryDate',
    {
      DateTime: npDate(sendDateOf(s)),
      ServiceType: serviceType,
      CitySender: profile.cityRef,
      CityRecipient: s.npCityRef,
    },
  );
  const rawDate = dateAnswer.ok ? dateAnswer.data[0]?.DeliveryDate : undefined;
  const estimated = isoFromNp(typeof rawDate === 'object' ? rawDate?.date : rawDate);
  const costText = cost !== undefined && /^\d+(\.\d+)?$/.test(String(cost)) ? fixed(dec(String(cost)), 2) : null;
  const shipment = await change(deps, ctx, id, async () => ({
    shippingCost: costText,
    ...(estimated ? { estimatedDeliveryDate: estimated } : {}),
  }));
  const message = costText
    ? `Вартість доставки: ${costText.replace('.', ',')} грн${estimated ? `, орієнтовна дата ${npDate(estimated)}` : ''}`
    : 'Нова пошта не назвала вартість';
  return { shipment, message };
}

/** The waybill's date: today, or the shipment date when it is later (Nova Poshta refuses a date in the past). */
function sendDateOf(s: { shipmentDate: string }): string {
  const today = kyivToday();
  return s.shipmentDate > today ? s.shipmentDate : today;
}

// ---- the waybill ------------------------------------------------------------------------------------------------------

interface NpCounterpartyAnswer {
  Ref: string;
  ContactPerson?: { data?: Array<{ Ref: string }> };
}
interface NpSaved {
  Ref: string;
  IntDocNumber: string;
  CostOnSite?: number | string;
  EstimatedDeliveryDate?: string;
}
interface NpListed {
  Ref: string;
  IntDocNumber: string;
  InfoRegClientBarcodes?: string;
}

/** 'Прізвище Ім'я [По батькові]' → the parts Nova Poshta wants. */
function nameParts(full: string): { LastName: string; FirstName: string; MiddleName: string } | null {
  const parts = full.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return null;
  return { LastName: parts[0]!, FirstName: parts[1]!, MiddleName: parts.slice(2).join(' ') };
}

/** The recipient's counterparty and contact refs: cached on the client (our contract), else Counterparty.save. */
async function recipientRefs(
  deps: NpDeps,
  ctx: AuditContext,
  s: Shipment,
  profile: Profile,
): Promise<{ counterparty: string; contact: string }> {
  const phone = s.recipientPhone!;
  if (profile.kind === 'own') {
    const row = await clientNpRow(deps.db, s.clientId);
    const contact = row?.contactPersonRefs?.[phone];
    if (row?.recipientCounterpartyRef && contact) return { counterparty: row.recipientCounterpartyRef, contact };
  }
  const names = nameParts(s.recipientName!)!;
  const saved = await npCall<NpCounterpartyAnswer>(deps.apiUrl, profile.apiKey, 'Counterparty', 'save', {
    CounterpartyProperty: 'Recipient',
    CounterpartyType: 'PrivatePerson',
    ...names,
    Phone: npPhone(phone),
    CityRef: s.npCityRef,
  });
  if (!saved.ok) throw new DomainError(saved.transient ? 502 : 409, saved.error);
  const counterparty = saved.data[0]?.Ref;
  const contact = saved.data[0]?.ContactPerson?.data?.[0]?.Ref;
  if (!counterparty || !contact) throw new DomainError(502, npMessages.badAnswer);
  if (profile.kind === 'own') {
    // Stored on the client, so repeat waybills do not create duplicate counterparties (reference-data.md §13b).
    await deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(clientNpSettings)
        .where(eq(clientNpSettings.clientId, s.clientId))
        .for('update');
      const refs = { ...(before?.contactPersonRefs ?? {}), [phone]: contact };
      await tx
        .insert(clientNpSettings)
        .values({ clientId: s.clientId, recipientCounterpartyRef: counterparty, contactPersonRefs: refs })
        .onConflictDoUpdate({
          target: clientNpSettings.clientId,
          set: { recipientCounterpartyRef: counterparty, contactPersonRefs: refs, updatedAt: sql`now()` },
        });
      await audit(tx, ctx, {
        action: 'update',
        entityType: 'client_np_settings',
        entityId: s.clientId,
        before: {
          recipientCounterpartyRef: before?.recipientCounterpartyRef ?? null,
          contactPersonRefs: before?.contactPersonRefs ?? {},
        },
        after: { recipientCounterpartyRef: counterparty, contactPersonRefs: refs },
      });
    });
  }
  return { counterparty, contact };
}

function checkWaybillData(s: Shipment) {
  if (s.deliveryType === 'address') throw new DomainError(400, msg.npAddressDelivery);
  const fields: Record<string, string> = {};
  if (!s.recipientName || !nameParts(s.recipientName)) fields.recipientName = msg.npRecipientName;
  if (!s.recipientPhone) fields.recipientPhone = msg.required;
  if (!s.npCityRef) fields.npCityRef = msg.required;
  if (!s.npWarehouseRef) fields.npWarehouseRef = msg.required;
  if (!s.weightKg || isZero(dec(s.weightKg))) fields.weightKg = msg.npWeight;
  if (Object.keys(fields).length) {
    throw new DomainError(
      400,
      fields.weightKg && Object.keys(fields).length === 1 ? msg.npWeight : msg.npRecipient,
      fields,
    );
  }
}

function waybillBlocked(state: WaybillState, updatedAt: Date): string | null {
  if (state === 'created') return msg.npWaybillExists;
  if (state === 'unknown') return msg.npWaybillUnknown;
  if (state === 'creating') {
    return Date.now() - updatedAt.getTime() > STALE_CREATING_MS ? msg.npWaybillUnknown : msg.npWaybillCreating;
  }
  return null;
}

/**
 * 'Створити ЕН' (sales.md §3): `waybillState = creating` is committed before the call; a lost answer leaves
 * `unknown` (and 'Звірити' settles it); only a definite refusal gives the state back. The unique npRef makes two
 * waybills for one shipment impossible.
 */
export async function npCreateWaybill(deps: NpDeps, ctx: AuditContext, id: number): Promise<NpActionResult> {
  let previous: WaybillState = 'none';
  const s = await change(deps, ctx, id, async (tx, row) => {
    if (row.status === 'cancelled') throw new DomainError(409, msg.cancelledDoc);
    const current = await getShipment(tx, id);
    assertNovaPoshta(current);
    const blocked = waybillBlocked(row.waybillState, row.updatedAt);
    if (blocked) throw new DomainError(409, blocked);
    checkWaybillData(current);
    await profileOf({ ...deps, db: tx }, current, true);
    previous = row.waybillState;
    return { waybillState: 'creating' };
  });
  const giveBack = () => change(deps, ctx, id, async () => ({ waybillState: previous }));

  let profile: Profile;
  let recipient: { counterparty: string; contact: string };
  try {
    profile = await profileOf(deps, s, true);
    recipient = await recipientRefs(deps, ctx, s, profile);
  } catch (err) {
    await giveBack();
    throw err;
  }
  const seats = s.seats.map((seat) => ({
    weight: seat.weightKg,
    volumetricLength: seat.lengthCm,
    volumetricWidth: seat.widthCm,
    volumetricHeight: seat.heightCm,
    volumetricVolume: fixed(
      div(mul(mul(dec(seat.lengthCm), dec(seat.widthCm)), dec(seat.heightCm)), dec(1_000_000), 4),
      4,
    ),
  }));
  const cod = s.codAmount && !isZero(dec(s.codAmount)) ? s.codAmount : null;
  const np = await readNpSettings(deps.db);
  const saved: NpResult<NpSaved> = await npCall<NpSaved>(deps.apiUrl, profile.apiKey, 'InternetDocument', 'save', {
    PayerType: s.payerType ?? np.defaultPayerType,
    PaymentMethod: s.paymentMethod ?? np.defaultPaymentMethod,
    DateTime: npDate(sendDateOf(s)),
    CargoType: cmp(dec(s.weightKg!), dec(30)) > 0 ? 'Cargo' : 'Parcel',
    Weight: s.weightKg,
    SeatsAmount: String(Math.max(1, seats.length)),
    ...(seats.length ? { OptionsSeat: seats } : {}),
    ServiceType: s.serviceType ?? np.defaultServiceType,
    Description: s.description ?? np.defaultCargoDescription,
    Cost: s.declaredValue ?? s.totalGross,
    CitySender: profile.cityRef,
    Sender: profile.counterpartyRef,
    SenderAddress: profile.warehouseRef,
    ContactSender: profile.contactRef,
    SendersPhone: npPhone(profile.phone!),
    CityRecipient: s.npCityRef,
    Recipient: recipient.counterparty,
    RecipientAddress: s.npWarehouseRef,
    ContactRecipient: recipient.contact,
    RecipientsPhone: npPhone(s.recipientPhone!),
    // Our shipment number in the client's internal-number field: 'Звірити' finds the waybill by it.
    InfoRegClientBarcodes: s.number,
    ...(cod ? { AfterpaymentOnGoodsCost: cod } : {}),
  });
  if (!saved.ok) {
    if (saved.transient) {
      await deps.db.transaction(async (tx) => {
        await tx
          .update(shipments)
          .set({ waybillState: 'unknown', updatedAt: sql`now()` })
          .where(eq(shipments.id, id));
        const after = await getShipment(tx, id);
        await audit(tx, ctx, {
          action: 'update',
          entityType: SHIPMENTS_ENTITY,
          entityId: id,
          before: { waybillState: 'creating' },
          after: { waybillState: 'unknown', error: saved.error },
        });
        await notifyProblem(tx, after, 'Нова пошта не відповіла на створення ЕН — стан невідомий, потрібна звірка');
      });
      throw new DomainError(502, msg.npUnknownAfterTimeout);
    }
    await giveBack();
    throw new DomainError(409, saved.error);
  }
  const doc = saved.data[0];
  if (!doc?.Ref || !doc.IntDocNumber) {
    await change(deps, ctx, id, async () => ({ waybillState: 'unknown' }));
    throw new DomainError(502, msg.npUnknownAfterTimeout);
  }
  const cost =
    doc.CostOnSite !== undefined && /^\d+(\.\d+)?$/.test(String(doc.CostOnSite)) ? String(doc.CostOnSite) : null;
  const shipment = await storeWaybill(deps, ctx, id, {
    ref: doc.Ref,
    number: doc.IntDocNumber,
    cost,
    estimated: isoFromNp(doc.EstimatedDeliveryDate),
  });
  return { shipment, message: msg.waybillCreated(doc.IntDocNumber) };
}

async function storeWaybill(
  deps: NpDeps,
  ctx: AuditContext,
  id: number,
  doc: { ref: string; number: string; cost: string | null; estimated: string | null },
): Promise<Shipment> {
  return change(deps, ctx, id, async (tx, row) => {
    await resolveByKey(tx, problemKey(id));
    const keepStatus = row.deliveryStatus !== 'none';
    return {
      npRef: doc.ref,
      trackingNumber: doc.number,
      waybillState: 'created',
      ...(keepStatus
        ? {}
        : {
            deliveryStatus: 'created' as DeliveryStatus,
            deliveryStatusCode: '1',
            deliveryStatusText: deliveryStatusLabels.created,
            trackingHistory: historyWith(row, { code: '1', text: `ЕН ${doc.number} створено`, status: 'created' }),
          }),
      ...(doc.cost ? { shippingCost: fixed(dec(doc.cost), 2) } : {}),
      ...(doc.estimated ? { estimatedDeliveryDate: doc.estimated } : {}),
    };
  });
}

/**
 * 'Звірити': a waybill whose creation had no answer is looked for by our number in the day's list
 * (InternetDocument.getDocumentList). Found — it is stored; not found — a new one may be created.
 */
export async function npReconcile(deps: NpDeps, ctx: AuditContext, id: number): Promise<NpActionResult> {
  const s = await getShipment(deps.db, id);
  assertNovaPoshta(s);
  const stale = s.waybillState === 'creating' && Date.now() - new Date(s.updatedAt).getTime() > STALE_CREATING_MS;
  if (s.waybillState !== 'unknown' && !stale) throw new DomainError(409, msg.npNothingToReconcile);
  const profile = await profileOf(deps, s, false);
  const from = addDays(kyivToday(new Date(s.updatedAt)), -1);
  const to = addDays(sendDateOf(s), 1);
  const list = await npCall<NpListed>(deps.apiUrl, profile.apiKey, 'InternetDocument', 'getDocumentList', {
    DateTimeFrom: npDate(from),
    DateTimeTo: npDate(to),
    GetFullList: '1',
  });
  if (!list.ok) throw new DomainError(502, list.error);
  const found = list.data.find((d) => String(d.InfoRegClientBarcodes ?? '').trim() === s.number);
  if (found) {
    const shipment = await storeWaybill(deps, ctx, id, {
      ref: found.Ref,
      number: found.IntDocNumber,
      cost: null,
      estimated: null,
    });
    return { shipment, message: msg.npReconcileFound(found.IntDocNumber) };
  }
  const shipment = await change(deps, ctx, id, async (tx, row) => {
    if (row.waybillState !== 'unknown' && row.waybillState !== 'creating') return null;
    await resolveByKey(tx, problemKey(id));
    return { waybillState: 'none' };
  });
  return { shipment, message: msg.npReconcileMissing };
}

/** 'Видалити ЕН' (InternetDocument.delete): only while the parcel has not been handed over (deliveryStatus created). */
export async function npDeleteWaybill(deps: NpDeps, ctx: AuditContext, id: number): Promise<NpActionResult> {
  const s = await getShipment(deps.db, id);
  assertNovaPoshta(s);
  if (s.waybillState !== 'created' || !s.npRef) throw new DomainError(409, msg.npNoWaybill);
  if (s.deliveryStatus !== 'created') throw new DomainError(409, msg.npDeleteOnlyCreated);
  const profile = await profileOf(deps, s, false);
  const deleted = await npCall(deps.apiUrl, profile.apiKey, 'InternetDocument', 'delete', { DocumentRefs: s.npRef });
  if (!deleted.ok) throw new DomainError(deleted.transient ? 502 : 409, deleted.error);
  const number = s.trackingNumber;
  const shipment = await change(deps, ctx, id, async (_tx, row) => ({
    waybillState: 'deleted',
    npRef: null,
    trackingNumber: null,
    deliveryStatus: 'none',
    deliveryStatusCode: null,
    deliveryStatusText: null,
    shippingCost: null,
    estimatedDeliveryDate: null,
    trackingHistory: historyWith(row, { code: '2', text: `ЕН ${number ?? ''} видалено`.trim(), status: 'none' }),
  }));
  return { shipment, message: msg.waybillDeleted };
}

/** 'Друк етикетки': the service's print of the waybill, fetched by the server (the key never reaches the browser). */
export async function npLabel(
  deps: NpDeps,
  id: number,
  format: NpLabelFormat,
): Promise<{ pdf: Buffer; number: string }> {
  const s = await getShipment(deps.db, id);
  assertNovaPoshta(s);
  if (s.waybillState !== 'created' || !s.npRef || !s.trackingNumber) throw new DomainError(409, msg.npNoWaybill);
  const profile = await profileOf(deps, s, false);
  const pdf = await npFetchPdf(npPrintUrl(deps.apiUrl, profile.apiKey, s.npRef, format));
  if (!pdf) throw new DomainError(502, npMessages.noPdf);
  return { pdf, number: s.trackingNumber };
}

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
        related: { type: 'shipment', id },
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
