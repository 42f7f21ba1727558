export {
  ALLOW_NEGATIVE_STOCK,
  ledgerMessages,
  postToLedger,
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
