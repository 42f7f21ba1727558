// What other modules' pages use of the clients' web part: the bank accounts dialog (a company has accounts too).
// A module reaches another's pages only through such an index (or its contract).
export { BankAccountsDialog } from './bank-accounts-dialog.tsx';
