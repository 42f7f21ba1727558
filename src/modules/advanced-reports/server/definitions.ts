// Every report of the catalogue with its reader, in the catalogue's order (reports-admin.md §3).
import { reportCatalogue } from '../advanced-reports.catalogue.ts';
import {
  carrierShipments,
  moRegister,
  openSupplierOrders,
  paymentsRegister,
  purchasesRegister,
  serialsReport,
} from './documents.reports.ts';
import type { ReportDefinition } from './report-kit.ts';
import { receivables, salesRegister, stockAtDate, stockTurnover } from './stock-sales.reports.ts';

const all = [
  stockAtDate,
  stockTurnover,
  salesRegister,
  receivables,
  paymentsRegister,
  purchasesRegister,
  moRegister,
  serialsReport,
  openSupplierOrders,
  carrierShipments,
];

export const reportDefinitions: readonly ReportDefinition[] = reportCatalogue.map((meta) =>
  all.find((d) => d.meta.key === meta.key)!,
);
