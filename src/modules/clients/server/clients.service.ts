// A counterparty's bank accounts, a client's delivery presets and its Nova Poshta identity
// (reference-data.md §13, §13a, §13b). Every change is audited in its transaction.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { ibanMfo } from '@/shared/requisites.ts';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { openSecret, sealSecret } from '@/server/kernel/secrets.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { npCall, npMessages, resolveClientNpKeyNotice } from '@/modules/nova-poshta/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { carriers } from '@/resources/carriers/carriers.table.ts';
import { counterpartyBankAccounts } from '@/resources/counterparties/counterparties.table.ts';
import {
  clientsMessages,
  presetIssues,
  type BankAccount,
  type DeliveryPreset,
  type NpSettings,
  type bankAccountsBodySchema,
  type npSettingsBodySchema,
  type presetCreateSchema,
  type presetUpdateSchema,
} from '../clients.contract.ts';
import type { z } from '@/shared/zod-uk.ts';
import { clientDeliveryPresets, clientNpSettings } from './clients.table.ts';

/** The counterparty as its view sees it (404 when it is not a client / not a supplier). */
export async function counterpartyOf(db: DbOrTx, route: '/clients' | '/suppliers', id: number, lock = false) {
  return resourceEngine.get(db, resourceEngine.resource(route), id, lock);
}

// ---- bank accounts -----------------------------------------------------------------------------------------------

export async function listBankAccounts(db: DbOrTx, counterpartyId: number): Promise<BankAccount[]> {
  const rows = await db
    .select()
    .from(counterpartyBankAccounts)
    .where(eq(counterpartyBankAccounts.counterpartyId, counterpartyId))
    .orderBy(asc(counterpartyBankAccounts.id));
  return rows.map(({ counterpartyId: _owner, ...row }) => ({ ...row, mfo: ibanMfo(row.iban) }));
}

/** The first account of each currency is the default when none is marked. */
export function withDefaults<T extends { currencyCode: string; isDefault: boolean }>(accounts: T[]): T[] {
  const marked = new Set(accounts.filter((a) => a.isDefault).map((a) => a.currencyCode));
  return accounts.map((a) => {
    if (a.isDefault || marked.has(a.currencyCode)) return a;
    marked.add(a.currencyCode);
    return { ...a, isDefault: true };
  });
}

export async function replaceBankAccounts(
  db: Db,
  ctx: AuditContext,
  route: '/clients' | '/suppliers',
  id: number,
  body: z.output<typeof bankAccountsBodySchema>,
): Promise<BankAccount[]> {
  return db.transaction(async (tx) => {
    await counterpartyOf(tx, route, id, true);
    const before = await listBankAccounts(tx, id);
    await tx.delete(counterpartyBankAccounts).where(eq(counterpartyBankAccounts.counterpartyId, id));
    const accounts = withDefaults(body.accounts.map((a) => ({ ...a, bankName: a.bankName ?? null })));
    if (accounts.length) {
      await tx.insert(counterpartyBankAccounts).values(accounts.map((a) => ({ ...a, counterpartyId: id })));
    }
    const after = await listBankAccounts(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: 'counterparty_bank_accounts', entityId: id, before, after });
    return after;
  });
}

// ---- delivery presets --------------------------------------------------------------------------------------------

async function presetRows(db: DbOrTx, clientId: number, presetId?: number): Promise<DeliveryPreset[]> {
  const rows = await db
    .select({ preset: clientDeliveryPresets, carrierName: carriers.name })
    .from(clientDeliveryPresets)
    .leftJoin(carriers, eq(carriers.id, clientDeliveryPresets.carrierId))
    .where(
      and(
        eq(clientDeliveryPresets.clientId, clientId),
        presetId === undefined ? undefined : eq(clientDeliveryPresets.id, presetId),
      ),
    )
    .orderBy(
      sql`${clientDeliveryPresets.isPrimary} desc`,
      ukOrder(clientDeliveryPresets.label),
      asc(clientDeliveryPresets.id),
    );
  return rows.map(({ preset: { createdAt: _c, updatedAt: _u, ...preset }, carrierName }) => ({
    ...preset,
    deliveryType: preset.deliveryType as DeliveryPreset['deliveryType'],
    serviceType: preset.serviceType as DeliveryPreset['serviceType'],
    payerType: preset.payerType as DeliveryPreset['payerType'],
    paymentMethod: preset.paymentMethod as DeliveryPreset['paymentMethod'],
    carrierName,
  }));
}

export async function listPresets(db: DbOrTx, clientId: number) {
  await counterpartyOf(db, '/clients', clientId);
  return presetRows(db, clientId);
}

async function presetOf(db: DbOrTx, clientId: number, presetId: number) {
  const [preset] = await presetRows(db, clientId, presetId);
  if (!preset) throw new DomainError(404, clientsMessages.presetNotFound);
  return preset;
}

async function checkCarrier(db: DbOrTx, carrierId: number | undefined) {
  if (carrierId === undefined) return;
  const [found] = await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.id, carrierId));
  if (!found) {
    throw new DomainError(400, clientsMessages.carrierUnknown, { carrierId: clientsMessages.carrierUnknown });
  }
}

/** Making one preset primary clears the others of the client in the same transaction. */
async function clearOtherPrimaries(tx: DbOrTx, clientId: number, keepId: number | null) {
  await tx
    .update(clientDeliveryPresets)
    .set({ isPrimary: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(clientDeliveryPresets.clientId, clientId),
        eq(clientDeliveryPresets.isPrimary, true),
        keepId === null ? undefined : ne(clientDeliveryPresets.id, keepId),
      ),
    );
}

export async function createPreset(
  db: Db,
  ctx: AuditContext,
  clientId: number,
  values: z.output<typeof presetCreateSchema>,
) {
  return db.transaction(async (tx) => {
    await counterpartyOf(tx, '/clients', clientId, true);
    await checkCarrier(tx, values.carrierId);
    const existing = await tx
      .select({ id: clientDeliveryPresets.id })
      .from(clientDeliveryPresets)
      .where(eq(clientDeliveryPresets.clientId, clientId))
      .limit(1);
    // The client's first preset is its primary one.
    const isPrimary = values.isPrimary || existing.length === 0;
    if (isPrimary) await clearOtherPrimaries(tx, clientId, null);
    const [row] = await tx
      .insert(clientDeliveryPresets)
      .values({ ...values, isPrimary, clientId })
      .returning({ id: clientDeliveryPresets.id });
    const after = await presetOf(tx, clientId, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: 'client_delivery_presets', entityId: row!.id, after });
    return after;
  });
}

export async function updatePreset(
  db: Db,
  ctx: AuditContext,
  clientId: number,
  presetId: number,
  values: z.output<typeof presetUpdateSchema>,
) {
  return db.transaction(async (tx) => {
    await counterpartyOf(tx, '/clients', clientId, true);
    const before = await presetOf(tx, clientId, presetId);
    const issues = presetIssues({ ...before, ...values });
    if (Object.keys(issues).length) throw new DomainError(400, Object.values(issues)[0]!, issues);
    await checkCarrier(tx, values.carrierId);
    if (values.isPrimary) await clearOtherPrimaries(tx, clientId, presetId);
    await tx
      .update(clientDeliveryPresets)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(clientDeliveryPresets.id, presetId));
    const after = await presetOf(tx, clientId, presetId);
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'client_delivery_presets',
      entityId: presetId,
      before,
      after,
    });
    return after;
  });
}

export async function makePrimary(db: Db, ctx: AuditContext, clientId: number, presetId: number) {
  return updatePreset(db, ctx, clientId, presetId, { isPrimary: true });
}

export async function deletePreset(db: Db, ctx: AuditContext, clientId: number, presetId: number) {
  await db.transaction(async (tx) => {
    await counterpartyOf(tx, '/clients', clientId, true);
    const before = await presetOf(tx, clientId, presetId);
    await tx.delete(clientDeliveryPresets).where(eq(clientDeliveryPresets.id, presetId));
    await audit(tx, ctx, { action: 'delete', entityType: 'client_delivery_presets', entityId: presetId, before });
  });
}

// ---- Nova Poshta identity ----------------------------------------------------------------------------------------

async function npRow(db: DbOrTx, clientId: number) {
  const [row] = await db.select().from(clientNpSettings).where(eq(clientNpSettings.clientId, clientId));
  return row ?? null;
}

function presentNp(clientId: number, clientName: string, row: Awaited<ReturnType<typeof npRow>>): NpSettings {
  return {
    clientId,
    clientName,
    recipientCounterpartyRef: row?.recipientCounterpartyRef ?? null,
    contactPersonRefs: row?.contactPersonRefs ?? {},
    hasApiKey: Boolean(row?.apiKeySealed),
    senderCounterpartyRef: row?.senderCounterpartyRef ?? null,
    senderContactRef: row?.senderContactRef ?? null,
    senderCityRef: row?.senderCityRef ?? null,
    senderWarehouseRef: row?.senderWarehouseRef ?? null,
    senderPhone: row?.senderPhone ?? null,
    isActive: row?.isActive ?? false,
  };
}

export async function getNpSettings(db: DbOrTx, clientId: number): Promise<NpSettings> {
  const client = await counterpartyOf(db, '/clients', clientId);
  return presentNp(clientId, String(client.name), await npRow(db, clientId));
}

export async function putNpSettings(
  db: Db,
  ctx: AuditContext,
  appSecret: string,
  clientId: number,
  body: z.output<typeof npSettingsBodySchema>,
): Promise<NpSettings> {
  return db.transaction(async (tx) => {
    const client = await counterpartyOf(tx, '/clients', clientId, true);
    const beforeRow = await npRow(tx, clientId);
    const before = presentNp(clientId, String(client.name), beforeRow);
    const { apiKey, resetRecipientRefs, ...rest } = body;
    const values: Partial<typeof clientNpSettings.$inferInsert> = { ...rest };
    if (apiKey !== undefined) values.apiKeySealed = sealSecret(appSecret, apiKey);
    if (resetRecipientRefs) {
      values.recipientCounterpartyRef = null;
      values.contactPersonRefs = {};
    }
    await tx
      .insert(clientNpSettings)
      .values({ ...values, clientId })
      .onConflictDoUpdate({ target: clientNpSettings.clientId, set: { ...values, updatedAt: sql`now()` } });
    const after = presentNp(clientId, String(client.name), await npRow(tx, clientId));
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'client_np_settings',
      entityId: clientId,
      before,
      after: { ...after, apiKeyChanged: apiKey !== undefined },
    });
    if (apiKey !== undefined) await resolveClientNpKeyNotice(tx, clientId);
    return after;
  });
}

export async function deleteNpApiKey(db: Db, ctx: AuditContext, clientId: number): Promise<NpSettings> {
  return db.transaction(async (tx) => {
    const client = await counterpartyOf(tx, '/clients', clientId, true);
    const before = presentNp(clientId, String(client.name), await npRow(tx, clientId));
    await tx
      .update(clientNpSettings)
      .set({ apiKeySealed: null, isActive: false, updatedAt: sql`now()` })
      .where(eq(clientNpSettings.clientId, clientId));
    const after = presentNp(clientId, String(client.name), await npRow(tx, clientId));
    await audit(tx, ctx, { action: 'update', entityType: 'client_np_settings', entityId: clientId, before, after });
    await resolveClientNpKeyNotice(tx, clientId);
    return after;
  });
}

/** Asks Nova Poshta whether the stored key works (`Counterparty.getCounterparties`). */
export async function testNpKey(db: DbOrTx, appSecret: string, apiUrl: string, clientId: number) {
  await counterpartyOf(db, '/clients', clientId);
  const row = await npRow(db, clientId);
  if (!row?.apiKeySealed) throw new DomainError(409, clientsMessages.noApiKey);
  const apiKey = openSecret(appSecret, row.apiKeySealed);
  if (apiKey === null) return { valid: false, message: 'Збережений ключ не вдається прочитати — введіть його знову' };
  const result = await npCall(apiUrl, apiKey, 'Counterparty', 'getCounterparties', {
    CounterpartyProperty: 'Sender',
    Page: '1',
  });
  return result.ok ? { valid: true, message: npMessages.keyValid } : { valid: false, message: result.error };
}
