// The calls of the scanner (warehouse.md §9): the lookup, the open documents of each mode, and their scan endpoints.
import type { DocumentScanAnswer, LookupResult } from '@/modules/scanner/scanner.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export type ScanMode = 'lookup' | 'audit' | 'receipt';

/** A document a scan can go into: an audit that is counting or a draft receipt. */
export interface OpenDocument {
  id: number;
  number: string;
  documentDate?: string;
  warehouseName?: string;
  supplierName?: string;
}

export const modeDocuments: Record<Exclude<ScanMode, 'lookup'>, { url: string; status: string }> = {
  audit: { url: '/api/inventory-audits', status: 'counting' },
  receipt: { url: '/api/supplier-receipts', status: 'draft' },
};

export const openDocumentsQueryKey = (mode: Exclude<ScanMode, 'lookup'>) =>
  [modeDocuments[mode].url, { status: modeDocuments[mode].status, limit: 100, sort: '-documentDate' }] as const;
export const openDocumentsQueryFn = getListQueryFn<OpenDocument>();

export const scannerApi = {
  lookup: (code: string) => apiRequest<LookupResult[]>('GET', `/api/scanner/lookup?code=${encodeURIComponent(code)}`),
  scanInto: (mode: Exclude<ScanMode, 'lookup'>, documentId: number, code: string) =>
    apiRequest<DocumentScanAnswer>('POST', `${modeDocuments[mode].url}/${documentId}/scan`, { code }),
};
