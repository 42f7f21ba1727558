// The stock module's public surface (warehouse.md): the ledger and its checks, document numbering, the routes, the
// settings and figures, and its implementation of the serial-numbers module's SerialWriteOffs port (connected in the
// composition root).
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
export {
  currentPrefixes,
  documentPrefixes,
  documentTypesOfPrefix,
  nextNumber,
  numberingOverview,
  updatePrefixes,
  type NumberedDocument,
} from './numbering.ts';
export { stockRoutes } from './stock.routes.ts';
export { connectComponentPurchasing, type ComponentPurchasing } from './component-purchasing.port.ts';
export { connectInventoryProduction, type InProductionByItem } from './inventory-production.port.ts';
export { adjustmentsRoutes } from './adjustments.routes.ts';
export { adjustmentsForSerials } from './adjustments.for-serials.ts';
export { getStockSettings, LOW_STOCK_THRESHOLD } from './stock-settings.ts';
export { lowStockCount, stockStats } from './stock-read.service.ts';
export { deadStockItemsSql, deadStockSql, freeStockOf } from './free-stock.read.ts';
export { checkLowStock, lowStockKey, lowStockNow } from './low-stock.ts';
export { itemHasLedgerRows } from './item-ledger.read.ts';
