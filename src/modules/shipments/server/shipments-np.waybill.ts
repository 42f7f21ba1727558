// The Nova Poshta waybill of a shipment (sales.md §3): cost and delivery date, the express waybill (ЕН) with its
// idempotency, reconciliation after a lost answer, deletion, and the label streamed through the server.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec, div, fixed, isZero, mul } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { resolveByKey } from '@/modules/notifications/server/index.ts';
import { emailEvent } from '@/modules/email-notifications/server/index.ts';
import { clientNpSettings } from '@/modules/clients/server/clients.table.ts';
import {
  isoFromNp,
  npCall,
  npDate,
  npFetchPdf,
  npMessages,
  npPhone,
  npPrintUrl,
  readNpSettings,
  type NpLabelFormat,
  type NpResult,
} from '@/modules/nova-poshta/server/index.ts';
import {
  deliveryStatusLabels,
  shipmentMessages as msg,
  type DeliveryStatus,
  type NpActionResult,
  type Shipment,
  type WaybillState,
} from '../shipments.contract.ts';
import { SHIPMENTS_ENTITY } from './shipments.common.ts';
import {
  assertNovaPoshta,
  change,
  clientNpRow,
  historyWith,
  notifyProblem,
  problemKey,
  profileOf,
  sendDateOf,
  STALE_CREATING_MS,
  type NpDeps,
  type Profile,
} from './shipments-np.common.ts';
import { getShipment } from './shipments.read.ts';
import { shipments } from './shipments.table.ts';

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
  return change(
    deps,
    ctx,
    id,
    async (tx, row) => {
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
    },
    shipmentSentEmail,
  );
}

/** 'Замовлення відправлено' to the client by the e-mail rule (reports-admin.md §14), with the waybill number. */
async function shipmentSentEmail(tx: DbOrTx, s: Shipment): Promise<void> {
  await emailEvent(tx, 'client_shipment_sent', {
    values: {
      orderNumber: s.orderNumber,
      clientName: s.clientName,
      shipmentNumber: s.number,
      carrier: s.carrierName ?? 'Нова пошта',
      trackingNumber: s.trackingNumber,
      link: s.trackingUrl,
    },
    clientId: s.clientId,
    managerUserId: s.managerUserId,
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
