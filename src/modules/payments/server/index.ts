// Payments (sales.md §2). Other modules and the demo reach the services through here.
export { paymentsRoutes } from './payments.routes.ts';
export {
  cancelPayment,
  createPayment,
  getPayment,
  listPayments,
  paymentStats,
  postPayment,
  replaceAllocations,
} from './payments.service.ts';
export { importStatement, paymentFromBankTransaction } from './payments-import.service.ts';
export { paymentsDemoSeeder } from './payments.demo.ts';
export { bankTransactions, paymentAllocations, payments } from './payments.table.ts';
