export {
  ALLOW_NEGATIVE_STOCK,
  ledgerMessages,
  onLedgerChanged,
  postManyToLedger,
  postToLedger,
  type LedgerPosting,
  releaseStock,
  reserveStock,
  reverseInLedger,
  type LedgerDocument,
  type LedgerDocumentType,
  type LedgerIntent,
  type PostedMovement,
} from './ledger.ts';
export { checkLedger, type LedgerCheck } from './invariants.ts';
export { documentPrefixes, nextNumber, type NumberedDocument } from './numbering.ts';
export { stockRoutes } from './stock.routes.ts';
export { adjustmentsRoutes } from './adjustments.routes.ts';
export { adjustmentsDemoSeeder } from './adjustments.demo.ts';
export { mountOfKind } from './adjustments.read.ts';
export { createAdjustment } from './adjustments.write.ts';
export { getStockSettings, LOW_STOCK_THRESHOLD } from './stock-settings.ts';
export { lowStockCount, stockStats } from './stock-read.service.ts';
export { checkLowStock, lowStockKey } from './low-stock.ts';
