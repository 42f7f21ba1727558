// The calls of the scanner (warehouse.md §9): the lookup, the open documents of each mode, and their scan endpoints
// (decision 0016). The audits and the receipts are other modules' endpoints, called by their URLs until those modules
// name them; the shipments' are named by the shipments module.
import type { QueryKey } from '@tanstack/react-query';
import type { DocumentScanAnswer } from '@/modules/scanner/scanner.contract.ts';
import { shipmentsEndpoints } from '@/modules/shipments/shipments.endpoints.ts';
import { apiRequest, callEndpoint, endpointKey, getListQueryFn } from '@/web/lib/api.ts';
import { scannerEndpoints } from '../scanner.endpoints.ts';

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

/** The open documents of a mode: the first 100 by the newest date, in the status a scan may change. */
const openFilters: Record<DocumentMode, { status: string; limit: number; sort: string }> = {
  audit: { status: 'counting', limit: 100, sort: '-documentDate' },
  shipment: { status: 'draft', limit: 100, sort: '-shipmentDate' },
  receipt: { status: 'draft', limit: 100, sort: '-documentDate' },
};
// Other modules' lists and scans (inventory-audits, supplier-receipts), by URL until they have endpoints.
const otherModuleUrls = { audit: '/api/inventory-audits', receipt: '/api/supplier-receipts' } as const;

export const openDocumentsQueryKey = (mode: DocumentMode): QueryKey =>
  mode === 'shipment'
    ? endpointKey(shipmentsEndpoints.list, { query: openFilters.shipment })
    : [otherModuleUrls[mode], openFilters[mode]];
export const openDocumentsQueryFn = getListQueryFn<OpenDocument>();

export const scannerApi = {
  lookup: (code: string) => callEndpoint(scannerEndpoints.lookup, { query: { code } }),
  scanInto: (mode: DocumentMode, documentId: number, code: string): Promise<DocumentScanAnswer> =>
    mode === 'shipment'
      ? callEndpoint(shipmentsEndpoints.scan, { params: { id: documentId }, body: { code } })
      : apiRequest<DocumentScanAnswer>('POST', `${otherModuleUrls[mode]}/${documentId}/scan`, { code }),
};
