// The route table of the signed-in app (spec §2). Only pages that are built are registered: the navigation
// and the home page offer exactly these routes (`registeredRoutes`), so nobody lands on an empty page.
// Every page loads lazily ('Завантаження...'); every page other than the always-allowed ones sits behind
// the route guard of its catalogue route, which demands canAccess where the catalogue says requiresAccess.
//
// Adding a module is one line in `pages`:
//   definePage('/orders', () => import('@/modules/orders/web/orders-page.tsx').then((m) => m.OrdersPage)),
// and a detail route the same way with its pattern ('/inventory-audits/:id'); it belongs to its parent.
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { catalogEntry, owningRoute, routeCatalog, type CatalogRoute } from '@/shared/route-catalog.ts';
import type { ResourceDef } from '@/resources/_engine/define-resource.ts';
import type { ResourcePageExtensions } from '@/resources/_engine/web/resource-extensions.ts';
import { PageLoading } from '@/web/layout/page-status.tsx';
import { RouteGuard } from '@/web/layout/route-guard.tsx';
import { NotFoundPage } from './not-found-page.tsx';

export interface PageDefinition {
  /** A wouter pattern: '/users', '/inventory-audits/:id'. */
  path: string;
  /** The catalogue entry that owns the path (detail routes belong to their parent, README §9). */
  entry: CatalogRoute;
  /** Starts loading the page's code (also used to fetch it while permissions are checked). */
  load: () => Promise<ComponentType>;
  Page: LazyExoticComponent<ComponentType>;
}

export function definePage(path: string, load: () => Promise<ComponentType>): PageDefinition {
  const route = owningRoute(path);
  const entry = route !== undefined ? catalogEntry(route) : undefined;
  if (!entry) throw new Error(`${path} is not in the route catalogue (src/shared/route-catalog.ts)`);
  return { path, entry, load, Page: lazy(() => load().then((component) => ({ default: component }))) };
}

const loadPlaceholder = () => import('./placeholder-page.tsx').then((m) => m.PlaceholderPage);

/**
 * A declared resource's page: the engine's list page built from its declaration (DESIGN §1.3), with what a module
 * adds to it (row actions, form helpers).
 */
const resourcePage = (
  route: string,
  loadDef: () => Promise<ResourceDef>,
  loadExtensions: () => Promise<ResourcePageExtensions> = async () => ({}),
) =>
  definePage(route, () =>
    Promise.all([import('@/resources/_engine/web/resource-page.tsx'), loadDef(), loadExtensions()]).then(
      ([engine, def, extensions]) => engine.createResourcePage(def, extensions),
    ),
  );

export const pages: readonly PageDefinition[] = [
  definePage('/', () => import('./home-page.tsx').then((m) => m.HomePage)),
  definePage('/dashboard', () => import('./dashboard/dashboard-page.tsx').then((m) => m.DashboardPage)),
  definePage('/profile', () => import('@/modules/profile/web/profile-page.tsx').then((m) => m.ProfilePage)),
  definePage('/users', () => import('@/modules/users/web/users-page.tsx').then((m) => m.UsersPage)),
  definePage('/roles', () => import('@/modules/roles/web/roles-page.tsx').then((m) => m.RolesPage)),
  definePage('/notifications', () =>
    import('@/modules/notifications/web/notifications-page.tsx').then((m) => m.NotificationsPage),
  ),
  // Reference data (reference-data.md): one line per declared resource.
  resourcePage('/units', () => import('@/resources/units/units.resource.ts').then((m) => m.unitsResource)),
  resourcePage('/categories', () =>
    import('@/resources/categories/categories.resource.ts').then((m) => m.categoriesResource),
  ),
  resourcePage(
    '/product-categories',
    () => import('@/resources/categories/categories.resource.ts').then((m) => m.productCategoriesResource),
    () => import('@/modules/categories/web/category-extensions.tsx').then((m) => m.productCategoryExtensions),
  ),
  resourcePage('/package-types', () =>
    import('@/resources/package-types/package-types.resource.ts').then((m) => m.packageTypesResource),
  ),
  resourcePage('/soldering-types', () =>
    import('@/resources/soldering-types/soldering-types.resource.ts').then((m) => m.solderingTypesResource),
  ),
  resourcePage('/departments', () =>
    import('@/resources/departments/departments.resource.ts').then((m) => m.departmentsResource),
  ),
  resourcePage('/positions', () =>
    import('@/resources/positions/positions.resource.ts').then((m) => m.positionsResource),
  ),
  resourcePage(
    '/workers',
    () => import('@/resources/workers/workers.resource.ts').then((m) => m.workersResource),
    () => import('@/modules/workers/web/worker-extensions.tsx').then((m) => m.workerExtensions),
  ),
  resourcePage('/warehouses', () =>
    import('@/resources/warehouses/warehouses.resource.ts').then((m) => m.warehousesResource),
  ),
  resourcePage('/carriers', () => import('@/resources/carriers/carriers.resource.ts').then((m) => m.carriersResource)),
  resourcePage('/currencies', () =>
    import('@/resources/currencies/currencies.resource.ts').then((m) => m.currenciesResource),
  ),
  resourcePage('/supplier-document-types', () =>
    import('@/resources/supplier-document-types/supplier-document-types.resource.ts').then(
      (m) => m.supplierDocumentTypesResource,
    ),
  ),
  resourcePage(
    '/products',
    () => import('@/resources/items/items.resource.ts').then((m) => m.productsResource),
    () => import('@/modules/items/web/item-extensions.tsx').then((m) => m.productExtensions),
  ),
  resourcePage(
    '/components',
    () => import('@/resources/items/items.resource.ts').then((m) => m.componentsResource),
    () => import('@/modules/items/web/item-extensions.tsx').then((m) => m.componentExtensions),
  ),
  resourcePage(
    '/clients',
    () => import('@/resources/counterparties/counterparties.resource.ts').then((m) => m.clientsResource),
    () => import('@/modules/clients/web/client-extensions.tsx').then((m) => m.clientExtensions),
  ),
  definePage('/clients/:id/delivery-settings', () =>
    import('@/modules/clients/web/delivery-settings-page.tsx').then((m) => m.DeliverySettingsPage),
  ),
  definePage('/clients/:id/nova-poshta-settings', () =>
    import('@/modules/clients/web/nova-poshta-settings-page.tsx').then((m) => m.NovaPoshtaSettingsPage),
  ),
  resourcePage(
    '/suppliers',
    () => import('@/resources/counterparties/counterparties.resource.ts').then((m) => m.suppliersResource),
    () => import('@/modules/clients/web/client-extensions.tsx').then((m) => m.supplierExtensions),
  ),
  resourcePage(
    '/companies',
    () => import('@/resources/companies/companies.resource.ts').then((m) => m.companiesResource),
    () => import('@/modules/companies/web/company-extensions.tsx').then((m) => m.companyExtensions),
  ),
  resourcePage('/client-contacts', () =>
    import('@/resources/counterparties/contacts.resource.ts').then((m) => m.clientContactsResource),
  ),
  // Sales (sales.md).
  definePage('/orders', () => import('@/modules/orders/web/orders-page.tsx').then((m) => m.OrdersPage)),
  definePage('/payments', () => import('@/modules/payments/web/payments-page.tsx').then((m) => m.PaymentsPage)),
  definePage('/shipments', () => import('@/modules/shipments/web/shipments-page.tsx').then((m) => m.ShipmentsPage)),
  definePage('/serial-numbers', () =>
    import('@/modules/serial-numbers/web/serial-numbers-page.tsx').then((m) => m.SerialNumbersPage),
  ),
  definePage('/client-mail', () =>
    import('@/modules/client-mail/web/client-mail-page.tsx').then((m) => m.ClientMailPage),
  ),
  // Warehouse (warehouse.md).
  definePage('/inventory', () => import('@/modules/stock/web/inventory-page.tsx').then((m) => m.InventoryPage)),
  definePage('/component-stock', () =>
    import('@/modules/stock/web/component-stock-page.tsx').then((m) => m.ComponentStockPage),
  ),
  definePage('/component-movement', () => import('@/modules/stock/web/movement-page.tsx').then((m) => m.MovementPage)),
  definePage('/supplier-receipts', () =>
    import('@/modules/supplier-receipts/web/supplier-receipts-page.tsx').then((m) => m.SupplierReceiptsPage),
  ),
  definePage('/supplier-orders', () =>
    import('@/modules/supplier-orders/web/supplier-orders-page.tsx').then((m) => m.SupplierOrdersPage),
  ),
  definePage('/warehouse-transfers', () =>
    import('@/modules/warehouse-transfers/web/warehouse-transfers-page.tsx').then((m) => m.WarehouseTransfersPage),
  ),
  definePage('/inventory-audits', () =>
    import('@/modules/inventory-audits/web/inventory-audits-page.tsx').then((m) => m.InventoryAuditsPage),
  ),
  definePage('/inventory-audits/:id', () =>
    import('@/modules/inventory-audits/web/inventory-audit-page.tsx').then((m) => m.InventoryAuditPage),
  ),
  definePage('/system-logs', () =>
    import('@/modules/system-logs/web/system-logs-page.tsx').then((m) => m.SystemLogsPage),
  ),
  definePage('/bom', () => import('@/modules/bom/web/bom-page.tsx').then((m) => m.BomPage)),
  definePage('/tech-cards', () => import('@/modules/tech-cards/web/tech-cards-page.tsx').then((m) => m.TechCardsPage)),
  definePage('/recipes', () => import('@/modules/recipes/web/recipes-page.tsx').then((m) => m.RecipesPage)),
  definePage('/assembly', () => import('@/modules/assembly/web/assembly-page.tsx').then((m) => m.AssemblyPage)),
  definePage('/manufacturing', () =>
    import('@/modules/manufacturing/web/manufacturing-page.tsx').then((m) => m.ManufacturingPage),
  ),
  definePage('/repairs', () => import('@/modules/repairs/web/repairs-page.tsx').then((m) => m.RepairsPage)),
  definePage('/email-settings', () =>
    import('@/modules/email-settings/web/email-settings-page.tsx').then((m) => m.EmailSettingsPage),
  ),
  definePage('/sales-analytics', () =>
    import('@/modules/sales-analytics/web/sales-analytics-page.tsx').then((m) => m.SalesAnalyticsPage),
  ),
  definePage('/sales-analytics-products', () =>
    import('@/modules/sales-analytics/web/sales-products-page.tsx').then((m) => m.SalesProductsPage),
  ),
  definePage('/currency-rates', () =>
    import('@/modules/currency-rates/web/currency-rates-page.tsx').then((m) => m.CurrencyRatesPage),
  ),
  definePage('/email-notifications', () =>
    import('@/modules/email-notifications/web/email-notifications-page.tsx').then((m) => m.EmailNotificationsPage),
  ),
  definePage('/bank-email-test', () =>
    import('@/modules/bank-mailbox/web/bank-email-test-page.tsx').then((m) => m.BankEmailTestPage),
  ),
  definePage('/integrations', () =>
    import('@/modules/integrations/web/integrations-page.tsx').then((m) => m.IntegrationsPage),
  ),
  definePage('/production', () =>
    import('@/modules/production-tasks/web/production-page.tsx').then((m) => m.ProductionPage),
  ),
  definePage('/mes', () => import('@/modules/mes/web/mes-page.tsx').then((m) => m.MesPage)),
  definePage('/ordered-products', () =>
    import('@/modules/ordered-products/web/ordered-products-page.tsx').then((m) => m.OrderedProductsPage),
  ),
  definePage('/costing', () => import('@/modules/costing/web/costing-page.tsx').then((m) => m.CostingPage)),
  definePage('/production-analytics', () =>
    import('@/modules/production-analytics/web/production-analytics-page.tsx').then((m) => m.ProductionAnalyticsPage),
  ),
  definePage('/production-planning', () =>
    import('@/modules/production-planning/web/production-planning-page.tsx').then((m) => m.ProductionPlanningPage),
  ),
  definePage('/production-forecasts', () =>
    import('@/modules/production-forecasts/web/production-forecasts-page.tsx').then((m) => m.ProductionForecastsPage),
  ),
  definePage('/production-forecasts/:id', () =>
    import('@/modules/production-forecasts/web/production-forecast-page.tsx').then((m) => m.ProductionForecastPage),
  ),
  definePage('/production-stats', () =>
    import('@/modules/production-stats/web/production-stats-page.tsx').then((m) => m.ProductionStatsPage),
  ),
  definePage('/reports', () => import('@/modules/reports/web/profitability-page.tsx').then((m) => m.ProfitabilityPage)),
  definePage('/product-profitability', () =>
    import('@/modules/product-profitability/web/product-profitability-page.tsx').then(
      (m) => m.ProductProfitabilityPage,
    ),
  ),
  definePage('/components-analysis', () =>
    import('@/modules/components-analysis/web/components-analysis-page.tsx').then((m) => m.ComponentsAnalysisPage),
  ),
  definePage('/analytics', () => import('@/modules/analytics/web/analytics-page.tsx').then((m) => m.AnalyticsPage)),
  definePage('/advanced-reports', () =>
    import('@/modules/advanced-reports/web/advanced-reports-page.tsx').then((m) => m.AdvancedReportsPage),
  ),
  definePage('/shortage', () => import('@/modules/shortage/web/shortage-page.tsx').then((m) => m.ShortagePage)),
  definePage('/scanner', () => import('@/modules/scanner/web/scanner-page.tsx').then((m) => m.ScannerPage)),
  // Spec §2: pages that only say they are in development.
  ...routeCatalog.filter((entry) => entry.placeholder).map((entry) => definePage(entry.route, loadPlaceholder)),
];

/** Catalogue routes that have a page: the only ones the sidebar, user menu, home page and badges use. */
export const registeredRoutes: ReadonlySet<string> = new Set(pages.map((page) => page.entry.route));

function RoutePage({ page }: { page: PageDefinition }) {
  const { entry, Page, load } = page;
  // Fetch the page's code while the guard waits for the permissions, not after.
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);
  if (entry.alwaysAllowed) return <Page />;
  return (
    <RouteGuard route={entry.route} requireAccess={entry.requiresAccess === true}>
      <Page />
    </RouteGuard>
  );
}

export function AuthenticatedRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {pages.map((page) => (
          <Route key={page.path} path={page.path}>
            <RoutePage page={page} />
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
