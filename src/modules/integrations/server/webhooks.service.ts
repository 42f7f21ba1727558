// The inbound webhook (reports-admin.md §15 'Inbound webhooks'): an external system (BAS, Bitrix24) posts an order.
// - Authentication: `X-Signature` = hex HMAC-SHA256 of the raw body with the system's shared secret (a `sha256=`
//   prefix is allowed), `X-Timestamp` (Unix seconds or ISO 8601) within ±5 minutes of the server's clock. Checked
//   before the body is even parsed; a system that is off or has no secret answers 401 like a bad signature.
// - Idempotency by (system, externalId, version): the event row is inserted first, in the same transaction as the
//   draft, under a unique index — a second delivery of that version (even in parallel: the insert waits for the
//   first transaction) finds it and changes nothing. An older version than one already taken is 'stale'.
// - It only creates or updates drafts: a new externalId creates a draft order; a newer version rewrites the lines
//   of that order while it is still a draft, and is refused (409) once someone confirmed it.
// - Lines are matched through `external_item_mappings`, else by our SKU equal to the code. If any code matches
//   nothing, nothing is created: the codes are kept as unmapped mappings (422 names them) for a person to map on
//   /integrations, and the system's next delivery goes through.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { DomainError } from '@/shared/api-error.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { createOrder, getOrder, orders, updateOrder } from '@/modules/orders/server/index.ts';
import { counterparties } from '../../../resources/counterparties/counterparties.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { normalised } from '../../../resources/_engine/table-helpers.ts';
import { webhookPayloadSchema, type WebhookAnswer, type WebhookPayload } from '../integrations.contract.ts';
import { integrationsMessages as m, type WebhookSystem } from '../integrations.messages.ts';
import { externalItemMappings, integrationWebhookEvents } from './webhooks.table.ts';

/** How far a request's timestamp may be from the server's clock. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/** The hex HMAC-SHA256 of a body with a secret: what the sender puts in X-Signature. */
export const signBody = (secret: string, body: Buffer | string): string =>
  createHmac('sha256', secret).update(body).digest('hex');

function parseTimestamp(text: string): number | null {
  if (/^\d{9,13}$/.test(text)) return Number(text) * (text.length > 10 ? 1 : 1000);
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** Throws 401 unless the signature of `raw` with `secret` is the one given and the timestamp is near `now`. */
export function verifySignature(
  secret: string | null,
  raw: Buffer,
  headers: { signature?: string | undefined; timestamp?: string | undefined },
  now = Date.now(),
): void {
  if (!headers.signature || !headers.timestamp) throw new DomainError(401, m.signatureMissing);
  const at = parseTimestamp(headers.timestamp.trim());
  if (at === null || Math.abs(now - at) > WEBHOOK_TOLERANCE_MS) throw new DomainError(401, m.timestampOutside);
  const given = headers.signature.trim().replace(/^sha256=/i, '');
  if (!secret || !/^[0-9a-f]{64}$/i.test(given)) throw new DomainError(401, m.signatureInvalid);
  const expected = Buffer.from(signBody(secret, raw), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new DomainError(401, m.signatureInvalid);
}

/** The JSON payload of a verified body, validated; 400 with the field messages otherwise. */
export function parsePayload(raw: Buffer): WebhookPayload {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new DomainError(400, m.bodyNotJson);
  }
  const parsed = webhookPayloadSchema.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
    throw new DomainError(400, Object.values(fields)[0] ?? m.bodyNotJson, fields);
  }
  return parsed.data;
}

/** Our item of each code: the mapping, else the active item whose SKU is the code. Unknown codes are kept unmapped. */
export async function mapLines(tx: DbOrTx, system: WebhookSystem, lines: WebhookPayload['order']['lines']) {
  const codes = [...new Set(lines.map((l) => l.code))];
  const mapped = new Map<string, number | null>();
  for (const r of await tx
    .select({ code: externalItemMappings.externalCode, itemId: externalItemMappings.itemId })
    .from(externalItemMappings)
    .where(and(eq(externalItemMappings.system, system), inArray(externalItemMappings.externalCode, codes)))) {
    mapped.set(r.code, r.itemId);
  }
  const bySku = codes.filter((c) => !mapped.get(c));
  if (bySku.length) {
    for (const r of await tx
      .select({ id: items.id, sku: items.sku })
      .from(items)
      .where(and(inArray(items.sku, bySku), eq(items.isActive, true)))) {
      mapped.set(r.sku, r.id);
    }
  }
  const missing = codes.filter((c) => !mapped.get(c));
  return { mapped, missing };
}

/** Keeps the unknown codes as unmapped mappings (outside the refused delivery's transaction, so they stay). */
export async function keepUnmapped(
  db: DbOrTx,
  system: WebhookSystem,
  lines: WebhookPayload['order']['lines'],
  codes: readonly string[],
): Promise<void> {
  const names = new Map(lines.map((l) => [l.code, l.name ?? null]));
  await db
    .insert(externalItemMappings)
    .values(codes.map((code) => ({ system, externalCode: code, externalName: names.get(code) ?? null })))
    .onConflictDoNothing();
}

class Unmapped extends Error {
  readonly codes: string[];
  constructor(codes: string[]) {
    super('unmapped');
    this.codes = codes;
  }
}

/** Applies one verified delivery: creates or updates the draft order, or finds that it was already taken. */
export async function receiveWebhook(
  db: DbOrTx,
  ctx: AuditContext,
  system: WebhookSystem,
  payload: WebhookPayload,
): Promise<{ answer: WebhookAnswer; created: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      // The idempotency key first: a parallel delivery of the same version waits here for this transaction.
      const [taken] = await tx
        .insert(integrationWebhookEvents)
        .values({
          system,
          externalId: payload.externalId,
          version: payload.version,
          event: payload.event,
          documentType: 'order',
        })
        .onConflictDoNothing()
        .returning({ id: integrationWebhookEvents.id });
      const [previous] = rowsOf<{ document_id: number; version: number }>(
        await tx.execute(sql`select document_id, version from ${integrationWebhookEvents}
          where system = ${system} and external_id = ${payload.externalId} and document_id is not null
          order by version desc limit 1`),
      );
      if (!taken) {
        const order = await getOrder(tx, Number(previous!.document_id));
        return { answer: { status: 'duplicate', orderId: order.id, orderNumber: order.orderNumber }, created: false };
      }
      if (previous && Number(previous.version) > payload.version) {
        await tx.delete(integrationWebhookEvents).where(eq(integrationWebhookEvents.id, taken.id));
        const order = await getOrder(tx, Number(previous.document_id));
        return { answer: { status: 'stale', orderId: order.id, orderNumber: order.orderNumber }, created: false };
      }

      const [client] = await tx
        .select({ id: counterparties.id })
        .from(counterparties)
        .where(
          and(
            sql`${normalised(counterparties.taxId)} = lower(btrim(${payload.order.client.taxId}))`,
            eq(counterparties.isClient, true),
          ),
        );
      if (!client) throw new DomainError(422, m.clientNotFound(payload.order.client.taxId));
      const { mapped, missing } = await mapLines(tx, system, payload.order.lines);
      if (missing.length) throw new Unmapped(missing);
      const lines = payload.order.lines.map((l) => ({
        itemId: mapped.get(l.code)!,
        qty: l.qty,
        unitPrice: l.price,
      }));

      let orderId: number;
      let status: WebhookAnswer['status'];
      if (previous) {
        orderId = Number(previous.document_id);
        const [row] = await tx
          .select({ status: orders.status, number: orders.orderNumber })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
        if (row?.status !== 'draft') throw new DomainError(409, m.notDraft(row?.number ?? String(orderId)));
        // The new version replaces the draft's lines and dated header (the orders module's own edit, audited there).
        const current = await getOrder(tx, orderId);
        await updateOrder(tx, ctx, orderId, {
          version: current.version,
          orderDate: payload.order.date,
          pricesIncludeVat: payload.order.pricesIncludeVat,
          externalNumber: payload.order.number ?? payload.externalId,
          notes: payload.order.notes ?? null,
          lines,
          deletedLineIds: current.lines.map((l) => l.id),
        } as Parameters<typeof updateOrder>[3]);
        status = 'updated';
      } else {
        orderId = await createOrder(
          tx,
          ctx,
          {
            orderDate: payload.order.date,
            clientId: client.id,
            currencyCode: payload.order.currency,
            pricesIncludeVat: payload.order.pricesIncludeVat,
            externalNumber: payload.order.number ?? payload.externalId,
            notes: payload.order.notes ?? null,
            lines,
          } as Parameters<typeof createOrder>[2],
          { source: system },
        );
        status = 'created';
      }
      await tx
        .update(integrationWebhookEvents)
        .set({ documentId: orderId })
        .where(eq(integrationWebhookEvents.id, taken.id));
      await audit(tx, ctx, {
        action: 'import',
        entityType: 'integration_webhook',
        entityId: `${system}:${payload.externalId}`,
        after: { version: payload.version, orderId, status },
      });
      const order = await getOrder(tx, orderId);
      return { answer: { status, orderId, orderNumber: order.orderNumber }, created: status === 'created' };
    });
  } catch (error) {
    if (error instanceof Unmapped) {
      await keepUnmapped(db, system, payload.order.lines, error.codes);
      throw new DomainError(422, m.unmapped(error.codes.join(', ')));
    }
    throw error;
  }
}
