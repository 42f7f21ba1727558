// The documents linked to one document (issue 21): an order's invoice, payments, shipments and manufacturing orders;
// a payment's, a shipment's or a manufacturing order's order(s). Every module's `related` read answers this shape,
// and every document view shows it with the toolkit's RelatedDocuments (src/web/components/related-documents.tsx).
// It lives with the orders module because the order is the hub every other document points at.
import { z } from '@/shared/zod-uk.ts';

export const relatedDocumentKinds = ['order', 'invoice', 'payment', 'shipment', 'manufacturing'] as const;
export type RelatedDocumentKind = (typeof relatedDocumentKinds)[number];

/** The route whose 'view' right a group needs; a group the user may not view is left out. */
export const relatedDocumentRoutes: Record<RelatedDocumentKind, string> = {
  order: '/orders',
  invoice: '/orders',
  payment: '/payments',
  shipment: '/shipments',
  manufacturing: '/manufacturing',
};

export const relatedDocumentSchema = z.object({
  kind: z.enum(relatedDocumentKinds),
  /** The document's id (an invoice: its order's id — the invoice is the order's print form). */
  id: z.number().int(),
  number: z.string(),
  /** yyyy-mm-dd; null when the document has none (a manufacturing order with no due date). */
  date: z.string().nullable(),
  status: z.string(),
  statusLabel: z.string(),
  /** A decimal string with two places, or null (a manufacturing order counts pieces, see `detail`). */
  amount: z.string().nullable(),
  currencyCode: z.string().nullable(),
  /** A short note after the status: a refund, the allocated part, the item and quantity made. */
  detail: z.string().nullable(),
});
export type RelatedDocument = z.infer<typeof relatedDocumentSchema>;

export const relatedDocumentsSchema = z.array(relatedDocumentSchema);

/** An invoice is the order's print form: a draft order's carries 'ЧЕРНЕТКА', any other's is issued. */
export const invoiceStatusLabels = { draft: 'Чернетка', issued: 'Виставлено' } as const;
