// The global search (issue 21): each group the caller may view (the page's canView, decided here on the server by the
// permission model), searched by its statement (search.sql.ts), SEARCH_GROUP_LIMIT hits each, with the address that
// opens the record: a list page with its drawer opened through `?open=`, a detail page, or — for the declared
// reference pages, which keep no record in the address — the list page with the name as its search.
import { allows, type Rights } from '@/modules/roles/server/index.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { SEARCH_GROUP_LIMIT, searchGroups, type SearchGroupKey } from '../search.constants.ts';
import type { SearchGroup, SearchHit, SearchResult } from '../search.contract.ts';
import { searchStatements, searchTerm } from './search.sql.ts';

interface Row {
  id: number;
  title: string;
  date: string | null;
  extra: string | null;
}

const open = (page: string) => (row: Row) => `${page}?open=${row.id}`;
const listSearch = (page: string) => (row: Row) => `${page}?search=${encodeURIComponent(row.title)}`;

/** Where each group's hit leads. */
const urlOf: Record<SearchGroupKey, (row: Row) => string> = {
  orders: open('/orders'),
  shipments: open('/shipments'),
  payments: open('/payments'),
  supplierOrders: open('/supplier-orders'),
  supplierReceipts: open('/supplier-receipts'),
  manufacturing: open('/manufacturing'),
  repairs: open('/repairs'),
  transfers: open('/warehouse-transfers'),
  audits: (row) => `/inventory-audits/${row.id}`,
  clients: listSearch('/clients'),
  suppliers: listSearch('/suppliers'),
  products: listSearch('/products'),
  components: listSearch('/components'),
  serials: open('/serial-numbers'),
  workers: listSearch('/workers'),
};

/** 'YYYY-MM-DD' as дд.мм.рррр (string work, no time zone). */
function dateUk(value: string | null): string | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

function hitOf(key: SearchGroupKey, row: Row): SearchHit {
  const detail = [dateUk(row.date), row.extra?.trim() || null].filter(Boolean).join(' · ');
  return { id: Number(row.id), title: row.title, detail: detail || null, url: urlOf[key](row) };
}

/** The groups the rights let the caller see, in the palette's order. */
export function visibleGroups(rights: Rights): SearchGroupKey[] {
  return searchGroups.filter((g) => allows(rights, [g.route], 'view')).map((g) => g.key);
}

/** Searches every group the caller may view; groups without hits are left out. */
export async function search(
  db: DbOrTx,
  rights: Rights,
  query: string,
  limit = SEARCH_GROUP_LIMIT,
): Promise<SearchResult> {
  const term = searchTerm(query);
  const groups = await Promise.all(
    visibleGroups(rights).map(async (key): Promise<SearchGroup> => {
      const result = (await db.execute(searchStatements[key](term, limit))) as unknown as { rows: Row[] };
      return { key, hits: result.rows.map((row) => hitOf(key, row)) };
    }),
  );
  return { groups: groups.filter((g) => g.hits.length > 0) };
}
