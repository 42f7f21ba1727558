// The calls of the scanner (warehouse.md §9): the lookup, the open documents of each mode, and their scan endpoints
// (decision 0016). The audits and the receipts are other modules' endpoints, called by their URLs until those modules
// name them; the shipments' are named by the shipments module.
import type { QueryKey } from '@tanstack/react-query';
import type { DocumentScanAnswer } from '@/modules/scanner/scanner.contract.ts';
import { shipmentsEndpoints } from '@/modules/shipments/shipments.endpoints.ts';
import { inventoryAuditsEndpoints } from '@/modules/inventory-audits/inventory-audits.endpoints.ts';
import { supplierReceiptsEndpoints } from '@/modules/supplier-receipts/supplier-receipts.endpoints.ts';
import { callEndpoint, endpointKey, getListQueryFn } from '@/web/lib/api.ts';
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
// Each mode's documents: their own module's list and scan endpoints.
const modeEndpoints = {
  audit: { list: inventoryAuditsEndpoints.list, scan: inventoryAuditsEndpoints.scan },
  receipt: { list: supplierReceiptsEndpoints.list, scan: supplierReceiptsEndpoints.scan },
  shipment: { list: shipmentsEndpoints.list, scan: shipmentsEndpoints.scan },
} as const;

export const openDocumentsQueryKey = (mode: DocumentMode): QueryKey =>
  endpointKey(modeEndpoints[mode].list as typeof shipmentsEndpoints.list, { query: openFilters[mode] });
export const openDocumentsQueryFn = getListQueryFn<OpenDocument>();

export const scannerApi = {
  lookup: (code: string) => callEndpoint(scannerEndpoints.lookup, { query: { code } }),
  scanInto: (mode: DocumentMode, documentId: number, code: string): Promise<DocumentScanAnswer> =>
    callEndpoint(modeEndpoints[mode].scan as typeof shipmentsEndpoints.scan, {
      params: { id: documentId },
      body: { code },
    }) as Promise<DocumentScanAnswer>,
};
