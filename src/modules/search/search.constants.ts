// The groups of the global search (issue 21), in the order they are answered and shown, with the page each one
// belongs to: a group is searched only for a user who may view that page (the server decides, README §9).
export const searchGroups = [
  { key: 'orders', route: '/orders' },
  { key: 'shipments', route: '/shipments' },
  { key: 'payments', route: '/payments' },
  { key: 'supplierOrders', route: '/supplier-orders' },
  { key: 'supplierReceipts', route: '/supplier-receipts' },
  { key: 'manufacturing', route: '/manufacturing' },
  { key: 'repairs', route: '/repairs' },
  { key: 'transfers', route: '/warehouse-transfers' },
  { key: 'audits', route: '/inventory-audits' },
  { key: 'clients', route: '/clients' },
  { key: 'suppliers', route: '/suppliers' },
  { key: 'products', route: '/products' },
  { key: 'components', route: '/components' },
  { key: 'serials', route: '/serial-numbers' },
  { key: 'workers', route: '/workers' },
] as const;

export type SearchGroupKey = (typeof searchGroups)[number]['key'];
export const searchGroupKeys = searchGroups.map((g) => g.key) as [SearchGroupKey, ...SearchGroupKey[]];

/** Hits per group (the palette is a jump list, not a report). */
export const SEARCH_GROUP_LIMIT = 5;
/** The longest query taken. */
export const SEARCH_QUERY_MAX = 100;
