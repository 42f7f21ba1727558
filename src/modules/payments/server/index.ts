// Payments (sales.md §2). Other modules reach the services through here.
export { paymentsRoutes } from './payments.routes.ts';
export { getPayment, listPayments, paymentStats } from './payments.read.ts';
export { cancelPayment, createPayment, postPayment, replaceAllocations } from './payments.write.ts';
export { importStatement, paymentFromBankTransaction } from './payments-import.service.ts';
export { bankTransactions, paymentAllocations, payments } from './payments.table.ts';
export { paymentRelatedDocuments, paymentsOfOrder } from './payments.related.ts';
export {
  RECEIVABLES_CURRENCY,
  clientReceivables,
  clientsInDebt,
  type ClientReceivable,
  type DebtFilter,
} from './receivables.read.ts';
