// Payments (sales.md §2). Other modules reach the services through here.
export { paymentsRoutes } from './payments.routes.ts';
export { getPayment, listPayments, paymentStats } from './payments.read.ts';
export { cancelPayment, createPayment, postPayment, replaceAllocations } from './payments.write.ts';
export { importStatement, ourAccounts, paymentFromBankTransaction } from './payments-import.service.ts';
export { autoPostTarget, normaliseCode, rankProposals, type Proposal } from './payment-matching.ts';
export { clientByTaxId, loadCandidates } from './payments.read.ts';
export { getPaymentSettings } from './payments-settings.ts';
export { parseAmount, type StatementOperation } from './bank-statement-operation.ts';
export { bankTransactions, paymentAllocations, payments } from './payments.table.ts';
export { paymentRelatedDocuments, paymentsOfOrder } from './payments.related.ts';
export {
  RECEIVABLES_CURRENCY,
  clientReceivables,
  clientsInDebt,
  receivablesBalance,
  receivablesTotal,
  type ClientReceivable,
  type ReceivablesTotal,
  type DebtFilter,
} from './receivables.read.ts';
