// The bank mailbox module's server side (sales.md §2, reports-admin.md §17): the notice parsers, one letter through
// the payment pipeline, and the /bank-email-test routes.
export { bankMailboxRoutes } from './bank-mailbox.routes.ts';
export { analyseBankEmail, processBankEmail } from './bank-email.ts';
export { bankParsers, bankParserNames, type BankParserName } from './parsers/index.ts';
export { startBankMailboxJob } from './mailbox.jobs.ts';
export { pollMailbox } from './mailbox.ts';
