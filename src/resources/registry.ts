// Composition root of the declared resources (server side): each declaration bound to its table. Adding a
// plain resource is one declaration, one table and one line here; the routes, the page and the registry test
// suite follow from it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { stockBalances } from '../modules/stock/server/stock.table.ts';
import { stockStatusWhere } from '../modules/stock/server/stock-status.where.ts';
import { stockStatuses, type StockStatus } from '../modules/stock/stock.contract.ts';
// The file itself, not the module's index: the index's routes reach the resource engine, which is built from here.
import { clientDebtWhere, withClientBalances } from '../modules/clients/server/client-balance.ts';
import { openOrdersBySupplier } from '../modules/supplier-orders/server/supplier-orders.by-supplier.ts';
import { lastReceiptBySupplier } from '../modules/supplier-receipts/server/supplier-receipts.by-supplier.ts';
import type { RegisteredResource } from './_engine/server/resource-registry.ts';
import { carriersResource } from './carriers/carriers.resource.ts';
import { carriers } from './carriers/carriers.table.ts';
import { categoriesResource, productCategoriesResource } from './categories/categories.resource.ts';
import { categories } from './categories/categories.table.ts';
import { companiesResource } from './companies/companies.resource.ts';
import { companies } from './companies/companies.table.ts';
import { clientContactsResource } from './counterparties/contacts.resource.ts';
import { clientsResource, counterpartiesLookup, suppliersResource } from './counterparties/counterparties.resource.ts';
import { counterparties, counterpartyContacts } from './counterparties/counterparties.table.ts';
import { currenciesResource } from './currencies/currencies.resource.ts';
import { currencies } from './currencies/currencies.table.ts';
import { checkBaseCurrency } from './currencies/currencies.checks.ts';
import { departmentsResource } from './departments/departments.resource.ts';
import { departments } from './departments/departments.table.ts';
import { componentKinds, componentsResource, productKinds, productsResource } from './items/items.resource.ts';
import { withPhotoVersions } from './items/item-photos.read.ts';
import { checkItemUpdate } from './items/items.checks.ts';
import { items, itemSuppliers } from './items/items.table.ts';
import { packageTypesResource } from './package-types/package-types.resource.ts';
import { packageTypes } from './package-types/package-types.table.ts';
import { positionsResource } from './positions/positions.resource.ts';
import { positions } from './positions/positions.table.ts';
import { solderingTypesResource } from './soldering-types/soldering-types.resource.ts';
import { solderingTypes } from './soldering-types/soldering-types.table.ts';
import { supplierDocumentTypesResource } from './supplier-document-types/supplier-document-types.resource.ts';
import { supplierDocumentTypes } from './supplier-document-types/supplier-document-types.table.ts';
import { usersLookup } from './users/users.lookup.ts';
import { users } from '../modules/users/server/users.table.ts';
import { unitsResource } from './units/units.resource.ts';
import { units } from './units/units.table.ts';
import { checkUnitUpdate } from './units/units.checks.ts';
import { warehousesResource } from './warehouses/warehouses.resource.ts';
import { warehouses } from './warehouses/warehouses.table.ts';
import { checkWarehouseUpdate, withWarehouseStock } from './warehouses/warehouses.checks.ts';
import { workersResource } from './workers/workers.resource.ts';
import { workers } from './workers/workers.table.ts';

export const resourceRegistry: readonly RegisteredResource[] = [
  { def: unitsResource, table: units, checkUpdate: checkUnitUpdate },
  { def: categoriesResource, table: categories, fixed: { scope: 'component' } },
  { def: productCategoriesResource, table: categories, fixed: { scope: 'product' } },
  { def: solderingTypesResource, table: solderingTypes },
  { def: packageTypesResource, table: packageTypes },
  { def: departmentsResource, table: departments },
  { def: positionsResource, table: positions },
  { def: workersResource, table: workers },
  { def: warehousesResource, table: warehouses, decorate: withWarehouseStock, checkUpdate: checkWarehouseUpdate },
  { def: carriersResource, table: carriers },
  {
    def: currenciesResource,
    table: currencies,
    checkCreate: (tx, values) => checkBaseCurrency(tx, {}, values),
    checkUpdate: checkBaseCurrency,
  },
  { def: supplierDocumentTypesResource, table: supplierDocumentTypes },
  {
    def: productsResource,
    table: items,
    within: { kind: productKinds },
    decorate: async (db, rows) => {
      await itemNames(db, rows);
      await withPhotoVersions(db, rows);
    },
    checkUpdate: checkItemUpdate,
    derivedFilters: { stockStatus: productStockStatusWhere },
    readAlso: ['/dashboard'],
  },
  {
    def: componentsResource,
    table: items,
    within: { kind: componentKinds },
    decorate: itemNames,
    searchAlso: (like) =>
      sql`exists (select 1 from ${itemSuppliers} where ${itemSuppliers.itemId} = ${items.id} and ${itemSuppliers.supplierSku} ilike ${like})`,
  },
  {
    def: clientsResource,
    table: counterparties,
    fixed: { isClient: true },
    decorate: async (db, rows) => {
      await primaryContacts(db, rows);
      await withClientBalances(db, rows);
    },
    derivedFilters: { debt: clientDebtWhere },
    searchAlso: contactNamed,
  },
  {
    def: suppliersResource,
    table: counterparties,
    fixed: { isSupplier: true },
    decorate: async (db, rows) => {
      await primaryContacts(db, rows);
      await supplierActivity(db, rows);
    },
    searchAlso: contactNamed,
  },
  { def: clientContactsResource, table: counterpartyContacts },
  { def: companiesResource, table: companies },
  { def: counterpartiesLookup, table: counterparties, lookupOnly: true },
  { def: usersLookup, table: users, lookupOnly: true },
];

/** `GET /api/products?stockStatus=`: the items whose warehouse.md §0 status is the one asked for. */
function productStockStatusWhere(value: string) {
  return (stockStatuses as readonly string[]).includes(value)
    ? stockStatusWhere(items.id, value as StockStatus)
    : undefined;
}

/** A counterparty's primary contact beside it on /clients and /suppliers (reference-data.md §13). */
async function primaryContacts(db: DbOrTx, rows: Array<Record<string, unknown>>) {
  const ids = rows.map((r) => r.id as number);
  const found = await db
    .select({ counterpartyId: counterpartyContacts.counterpartyId, fullName: counterpartyContacts.fullName })
    .from(counterpartyContacts)
    .where(and(inArray(counterpartyContacts.counterpartyId, ids), eq(counterpartyContacts.isPrimary, true)));
  const byId = new Map(found.map((c) => [c.counterpartyId, c.fullName]));
  for (const row of rows) row.primaryContact = byId.get(row.id as number) ?? null;
}

/** A supplier's open orders and the date of its last posted receipt (reference-data.md §13), one query each. */
async function supplierActivity(db: DbOrTx, rows: Array<Record<string, unknown>>) {
  const ids = rows.map((r) => r.id as number);
  const [open, last] = [await openOrdersBySupplier(db, ids), await lastReceiptBySupplier(db, ids)];
  for (const row of rows) {
    row.openOrders = open.get(row.id as number) ?? 0;
    row.lastReceiptDate = last.get(row.id as number) ?? null;
  }
}

/** The clients' search also finds a firm by the name of one of its contacts. */
function contactNamed(like: string) {
  return sql`exists (select 1 from ${counterpartyContacts} where ${counterpartyContacts.counterpartyId} = ${counterparties.id} and ${counterpartyContacts.fullName} ilike ${like})`;
}

/**
 * What `GET /api/products` answers beside the ids (reference-data.md §16): the names, and `available` — on hand less
 * reserved over every warehouse, from the ledger's balances (one grouped query per page).
 */
async function itemNames(db: DbOrTx, rows: Array<Record<string, unknown>>) {
  const ids = rows.map((r) => r.id as number);
  const stock = await db
    .select({
      itemId: stockBalances.itemId,
      available: sql<string>`sum(${stockBalances.onHand} - ${stockBalances.reserved})::numeric(18, 4)::text`,
    })
    .from(stockBalances)
    .where(inArray(stockBalances.itemId, ids))
    .groupBy(stockBalances.itemId);
  const byId = new Map(stock.map((s) => [s.itemId, s.available]));
  for (const row of rows) {
    row.categoryName = row.categoryIdLabel ?? null;
    row.unitShortName = row.unitIdLabel ?? null;
    row.available = byId.get(row.id as number) ?? '0.0000';
  }
}
