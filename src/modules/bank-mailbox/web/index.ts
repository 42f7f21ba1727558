// What other modules may use of the bank mailbox's web part (decision 0017): its card on /integrations.
export { BankMailboxCard } from './mailbox-card.tsx';
