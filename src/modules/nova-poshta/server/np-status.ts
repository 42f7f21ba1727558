// The one table from Nova Poshta's tracking StatusCode (TrackingDocument.getStatusDocuments) to our deliveryStatus
// (sales.md §3), built from the service's list of tracking statuses. The raw code and text are always kept beside
// it; a code missing here changes nothing but the raw pair.

/** Our delivery statuses (shipments.deliveryStatus). */
export type NpDeliveryStatus = 'none' | 'created' | 'in_transit' | 'arrived' | 'delivered' | 'refused' | 'returned';

/** What a code means to us: a delivery status, or one of two special cases. */
export type NpStatusMeaning = NpDeliveryStatus | 'deleted' | 'not_found';

export const npStatusTable: ReadonlyArray<{ codes: readonly string[]; meaning: NpStatusMeaning; note: string }> = [
  { codes: ['1'], meaning: 'created', note: 'накладну створено, відправник ще не передав посилку' },
  { codes: ['2'], meaning: 'deleted', note: 'накладну видалено' },
  { codes: ['3'], meaning: 'not_found', note: 'номер не знайдено (щойно створена накладна ще не проіндексована)' },
  {
    codes: ['4', '41', '5', '6', '12', '101', '104', '111', '112'],
    meaning: 'in_transit',
    note: 'у місті відправника, прямує, у місті отримувача, комплектується, на шляху до одержувача, змінено адресу, невдала спроба доставки, доставку перенесено',
  },
  {
    codes: ['7', '8', '14', '107'],
    meaning: 'arrived',
    note: 'прибув на відділення або в поштомат, передано до огляду, нараховується плата за зберігання',
  },
  {
    codes: ['9', '10', '11', '106'],
    meaning: 'delivered',
    note: 'отримано (у т. ч. з грошовим переказом або зі зворотною доставкою)',
  },
  { codes: ['102', '103', '108'], meaning: 'refused', note: 'відмова від отримання' },
  { codes: ['105'], meaning: 'returned', note: 'припинено зберігання — відправлення повертається' },
];

const byCode = new Map<string, NpStatusMeaning>(npStatusTable.flatMap((row) => row.codes.map((c) => [c, row.meaning])));

/** The meaning of a StatusCode, or null for a code the table does not know. */
export function npStatusOf(code: string | number | null | undefined): NpStatusMeaning | null {
  if (code === null || code === undefined) return null;
  return byCode.get(String(code).trim()) ?? null;
}

/** Delivery statuses after which tracking stops. */
export const finalDeliveryStatuses: readonly NpDeliveryStatus[] = ['delivered', 'returned'];
