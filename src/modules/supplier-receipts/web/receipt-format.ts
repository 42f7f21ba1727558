// How the page writes the API's dates, decimals and statuses for a Ukrainian reader (shared by document pages).
export {
  decimalInput,
  formatDateUk,
  formatMoney,
  formatQty,
  formatTimestampUk,
  todayIso,
} from '@/web/lib/document-format.ts';
