// The calls of the scanner (warehouse.md §9): the lookup, the open documents of each mode, and their scan endpoints.
import type { DocumentScanAnswer, LookupResult } from '@/modules/scanner/scanner.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export type ScanMode = 'lookup' | 'audit' | 'shipment' | 'receipt';

/** A document a scan can go into: an audit that is counting, a draft shipment or a draft receipt. */
export interface OpenDocument {
  id: number;
  number: string;
  documentDate?: string;
  warehouseName?: string;
  supplierName?: string;
  /** A shipment's order and client. */
  orderNumber?: string;
  clientName?: string;
}

export type DocumentMode = Exclude<ScanMode, 'lookup'>;

export const modeDocuments: Record<DocumentMode, { url: string; status: string; sort: string }> = {
  audit: { url: '/api/inventory-audits', status: 'counting', sort: '-documentDate' },
  shipment: { url: '/api/shipments', status: 'draft', sort: '-shipmentDate' },
  receipt: { url: '/api/supplier-receipts', status: 'draft', sort: '-documentDate' },
};

export const openDocumentsQueryKey = (mode: DocumentMode) =>
  [
    modeDocuments[mode].url,
    { status: modeDocuments[mode].status, limit: 100, sort: modeDocuments[mode].sort },
  ] as const;
export const openDocumentsQueryFn = getListQueryFn<OpenDocument>();

export const scannerApi = {
  lookup: (code: string) => apiRequest<LookupResult[]>('GET', `/api/scanner/lookup?code=${encodeURIComponent(code)}`),
  scanInto: (mode: DocumentMode, documentId: number, code: string) =>
    apiRequest<DocumentScanAnswer>('POST', `${modeDocuments[mode].url}/${documentId}/scan`, { code }),
};
