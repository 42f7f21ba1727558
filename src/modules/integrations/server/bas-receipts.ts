// An incoming invoice pulled from BAS (reports-admin.md §15 'BAS / 1C' 2.) becomes a draft supplier receipt
// (warehouse.md §6), with the webhooks' rules: idempotent by (system, externalId, version) — the event row taken
// first in the draft's transaction; a newer version rewrites the draft while it is one, refused once posted; lines
// by the name mappings, else our SKU; an unknown code creates nothing and waits as an unmapped mapping ('Зіставити').
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { DomainError } from '@/shared/api-error.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { createReceipt, getReceipt, updateReceipt } from '@/modules/supplier-receipts/server/index.ts';
import { defaultReceivingWarehouse } from '@/modules/supplier-orders/server/index.ts';
import { counterparties } from '../../../resources/counterparties/counterparties.table.ts';
import { supplierDocumentTypes } from '../../../resources/supplier-document-types/supplier-document-types.table.ts';
import { normalised } from '../../../resources/_engine/table-helpers.ts';
import { basPullMessages as m, type BasDocument } from '../bas-pull.contract.ts';
import { integrationWebhookEvents } from './webhooks.table.ts';
import { keepUnmapped, mapLines } from './webhooks.service.ts';

export type PullOutcome = 'created' | 'updated' | 'duplicate' | 'stale';

class Unmapped extends Error {
  readonly codes: string[];
  constructor(codes: string[]) {
    super('unmapped');
    this.codes = codes;
  }
}

/** The receipt's own key in the events: an incoming invoice's id is kept apart from the outgoing ones'. */
export const incomingKey = (externalId: string) => `in:${externalId}`;

export async function receiveSupplierInvoice(
  db: DbOrTx,
  ctx: AuditContext,
  doc: BasDocument,
  fxRate: (currency: string, date: string) => Promise<string>,
): Promise<PullOutcome> {
  const externalId = incomingKey(doc.externalId);
  // The rate is known before the transaction (it may ask NBU).
  const rate = await fxRate(doc.currency, doc.date);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .insert(integrationWebhookEvents)
        .values({
          system: 'bas',
          externalId,
          version: doc.version,
          event: 'supplier_invoice',
          documentType: 'supplier_receipt',
        })
        .onConflictDoNothing()
        .returning({ id: integrationWebhookEvents.id });
      const [previous] = rowsOf<{ document_id: number; version: number }>(
        await tx.execute(sql`select document_id, version from ${integrationWebhookEvents}
          where system = 'bas' and external_id = ${externalId} and document_id is not null
          order by version desc limit 1`),
      );
      if (!taken) return 'duplicate';
      if (previous && Number(previous.version) > doc.version) {
        await tx.delete(integrationWebhookEvents).where(eq(integrationWebhookEvents.id, taken.id));
        return 'stale';
      }
      const [supplier] = await tx
        .select({ id: counterparties.id })
        .from(counterparties)
        .where(
          and(
            sql`${normalised(counterparties.taxId)} = lower(btrim(${doc.counterparty.taxId}))`,
            eq(counterparties.isSupplier, true),
          ),
        );
      if (!supplier) throw new DomainError(422, m.supplierNotFound(doc.counterparty.taxId));
      const { mapped, missing } = await mapLines(tx, 'bas', doc.lines);
      if (missing.length) throw new Unmapped(missing);
      const lines = doc.lines.map((l) => ({
        itemId: mapped.get(l.code)!,
        qty: l.qty,
        unitPrice: l.price,
        vatRate: l.vatRate,
        supplierItemName: l.name ?? null,
      }));
      const header = {
        supplierDocNumber: doc.number ?? doc.externalId,
        supplierDocDate: doc.date,
        documentDate: doc.date,
        currencyCode: doc.currency,
        fxRate: rate,
        pricesIncludeVat: doc.pricesIncludeVat,
        notes: doc.notes ?? null,
      };
      let receiptId: number;
      let outcome: PullOutcome;
      if (previous) {
        receiptId = Number(previous.document_id);
        const current = await getReceipt(tx, receiptId, true);
        if (current.status !== 'draft') throw new DomainError(409, m.receiptNotDraft(current.number));
        await updateReceipt(tx, ctx, receiptId, { version: current.version, ...header, lines });
        outcome = 'updated';
      } else {
        const warehouse = await defaultReceivingWarehouse(
          tx,
          [...mapped.values()].filter((v): v is number => v !== null),
        );
        if (!warehouse.warehouseId) throw new DomainError(422, m.noWarehouse);
        const [type] = await tx
          .select({ id: supplierDocumentTypes.id })
          .from(supplierDocumentTypes)
          .where(eq(supplierDocumentTypes.isActive, true))
          .orderBy(asc(supplierDocumentTypes.id))
          .limit(1);
        if (!type) throw new DomainError(422, m.noDocumentType);
        const receipt = await createReceipt(tx, ctx, {
          supplierId: supplier.id,
          warehouseId: warehouse.warehouseId,
          documentTypeId: type.id,
          extraCosts: '0',
          extraCostsMethod: 'by_value',
          ...header,
          lines,
        } as Parameters<typeof createReceipt>[2]);
        receiptId = receipt.id;
        outcome = 'created';
      }
      await tx
        .update(integrationWebhookEvents)
        .set({ documentId: receiptId })
        .where(eq(integrationWebhookEvents.id, taken.id));
      await audit(tx, ctx, {
        action: 'import',
        entityType: 'integration_webhook',
        entityId: `bas:${externalId}`,
        after: { version: doc.version, receiptId, status: outcome },
      });
      return outcome;
    });
  } catch (error) {
    if (error instanceof Unmapped) {
      await keepUnmapped(db, 'bas', doc.lines, error.codes);
      throw new DomainError(422, `Не зіставлено позиції: ${error.codes.join(', ')}`);
    }
    throw error;
  }
}
