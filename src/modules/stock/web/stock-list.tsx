// The balances page shared by /inventory ('Запаси товарів') and /component-stock ('Запаси компонентів'),
// warehouse.md §0–2: stat cards, search and filters, a server-paged sortable table with the one status rule,
// export links; row actions 'Коригування' (quick ADJ), 'Переміщення', 'Рух', 'Етикетки' (and 'Специфікація' for made
// items); the scanner, the adjustment drafts, the opening-balance import and the stock settings. The two pages
// differ only by their API, route, categories and texts.
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AlertTriangleIcon,
  BanknoteIcon,
  FileStackIcon,
  PackageIcon,
  PackageXIcon,
  ScanBarcodeIcon,
  UploadIcon,
} from 'lucide-react';
import { useSearch } from 'wouter';
import {
  inventoryKindLabels,
  inventoryKinds,
  stockStatuses,
  stockStatusLabels,
  type StockRow,
  type StockStats,
} from '@/modules/stock/stock.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { LabelsDialog } from '@/modules/labels/web/index.ts';
import { ScannerDialog } from '@/modules/scanner/web/index.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { ListCard, ListEmpty, ListHeader, SettingsButton } from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { useRegisteredRoutes } from '@/web/layout/registered-routes.ts';
import { AdjustmentDialog, type AdjustItem } from './adjustment-dialog.tsx';
import { AdjustmentDraftsDialog } from './adjustment-drafts-dialog.tsx';
import { OpeningImportDialog } from './opening-import-dialog.tsx';
import { StockSettingsDialog } from './stock-settings-dialog.tsx';
import { FilterSelect, SearchBox } from './stock-parts.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { stockColumns, stockRowActions, withProduction } from './stock-table.tsx';
import { PurchasingBar, purchasingColumns, withPurchasing } from './component-stock-purchasing.tsx';
import {
  ALL,
  initialStockFilter,
  stockExportUrl,
  stockListQueryFn,
  stockListQueryKey,
  stockSearchFromUrl,
  stockStatsQueryFn,
  stockStatsQueryKey,
  type StockListFilter,
  type StockRoute,
} from './stock.api.ts';
import { stockMessages } from './stock.messages.ts';

const messages = stockMessages.list;

type SortField = 'sku' | 'name' | 'onHand' | 'available' | 'value' | 'status';
type StatusFilter = StockListFilter['status'];

export interface StockListConfig {
  /** 'inventory' or 'component-stock': element ids. */
  id: string;
  /** The page's route: its rights decide which changes are offered, and it names the page's endpoints. */
  route: StockRoute;
  title: string;
  subtitle: string;
  /** The category lookup: '/product-categories' or '/categories'. */
  categoryRoute: string;
  /** 'Рух' shows every kind (products are not in the movement page's default, components and materials). */
  movementOfAllKinds: boolean;
  /** 'Специфікація' (/bom?itemId=) among the row actions: made items have one. */
  bomAction: boolean;
  /**
   * /component-stock's purchasing view (warehouse.md §2): the purchasing columns, the package type filter, row
   * selection and 'Замовити'.
   */
  purchasing?: boolean;
  /** /inventory (warehouse.md §1): the kind filter and 'У виробництві' (what open MOs are still to make). */
  production?: boolean;
}

/** The settings live on /inventory (domain README §10): whoever may change it may change them. */
const SETTINGS_ROUTE = '/inventory';

type OpenDialog =
  | { kind: 'adjust'; item: AdjustItem }
  | { kind: 'labels'; item: StockRow }
  | { kind: 'scanner' }
  | { kind: 'settings' }
  | { kind: 'import' }
  | { kind: 'drafts' }
  | null;

const kindOptions = [
  { value: ALL, label: messages.kindAll },
  ...inventoryKinds.map((kind) => ({ value: kind, label: inventoryKindLabels[kind] })),
];

const statusOptions = [
  { value: ALL, label: messages.statusAll },
  ...stockStatuses.map((status) => ({ value: status, label: stockStatusLabels[status] })),
];

/**
 * The page body. The search of its URL (`?search=SKU`, the low-stock notifications' link) is the initial search;
 * following such a link while on the page starts it again with that search.
 */
export function StockList({ config }: { config: StockListConfig }) {
  const initialSearch = stockSearchFromUrl(useSearch());
  return <StockListBody key={initialSearch} config={config} initialSearch={initialSearch} />;
}

function StockListBody({ config, initialSearch }: { config: StockListConfig; initialSearch: string }) {
  const { route } = config;
  const [filter, setFilter] = useState<StockListFilter>(() => initialStockFilter(initialSearch));
  /** Labels of the chosen warehouse and category, for the pickers' triggers. */
  const [labels, setLabels] = useState<{
    warehouse: string | null;
    category: string | null;
    packageType: string | null;
  }>({
    warehouse: null,
    category: null,
    packageType: null,
  });
  /** The rows chosen for 'Замовити' (item ids), kept across pages and filters. */
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(config.route);
  const settingsRight = usePermission(SETTINGS_ROUTE);
  const closeDialog = () => setDialog(null);
  const bomBuilt = useRegisteredRoutes().has('/bom');

  const listQuery = useQuery({
    queryKey: stockListQueryKey(route, filter),
    queryFn: stockListQueryFn(route, filter),
    placeholderData: keepPreviousData,
  });
  const statsQuery = useQuery({
    queryKey: stockStatsQueryKey(route, filter),
    queryFn: stockStatsQueryFn(route, filter),
    placeholderData: keepPreviousData,
  });

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  // A page emptied by a filter or by stock that moved meanwhile: step back to the last page that has rows.
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }

  /** Any change of the search or a filter starts again from page 1. */
  function changeFilter(change: Partial<Omit<StockListFilter, 'page' | 'limit'>>) {
    setFilter((current) => ({ ...current, ...change, page: 1 }));
  }
  const search = useSearchBox(initialSearch, (text) => changeFilter({ search: text }));

  function toggleSort(field: SortField) {
    changeFilter({ sort: filter.sort === field ? `-${field}` : field });
  }

  /** The clickable stat cards: a second click on the active one lifts the filter. */
  function toggleStatus(status: StatusFilter) {
    changeFilter({ status: filter.status === status ? ALL : status });
  }

  const rows = listQuery.data?.items ?? [];

  function toggleRows(ids: readonly number[], on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={config.title}
        subtitle={config.subtitle}
        actions={
          <>
            <Button variant="outline" onClick={() => setDialog({ kind: 'scanner' })}>
              <ScanBarcodeIcon aria-hidden="true" />
              {messages.scan}
            </Button>
            <Button variant="outline" onClick={() => setDialog({ kind: 'drafts' })}>
              <FileStackIcon aria-hidden="true" />
              {messages.drafts}
            </Button>
            {canAccess ? (
              <Button variant="outline" onClick={() => setDialog({ kind: 'import' })}>
                <UploadIcon aria-hidden="true" />
                {messages.openingImport}
              </Button>
            ) : null}
            <ExportMenu urlOf={(format) => stockExportUrl(route, filter, format)} />
            {settingsRight.canAccess ? (
              <SettingsButton label={messages.settings} onClick={() => setDialog({ kind: 'settings' })} />
            ) : null}
          </>
        }
      />

      <StatCards stats={statsQuery.data} status={filter.status} onStatus={toggleStatus} />
      {statsQuery.isError && !statsQuery.data ? (
        <InlineQueryStatus
          query={statsQuery}
          loadingText=""
          errorText={messages.stats.loadError}
          retryText={stockMessages.retry}
        />
      ) : null}

      <div
        role="search"
        aria-label={messages.filtersLabel}
        className={
          config.purchasing || config.production
            ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-[minmax(0,1fr)_17rem_15rem_15rem_13rem]'
            : 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-[minmax(0,1fr)_19rem_16rem_13rem]'
        }
      >
        <SearchBox
          id={`${config.id}-search`}
          className="sm:col-span-2 lg:col-span-3 2xl:col-span-1"
          label={messages.searchLabel(config.title)}
          placeholder={messages.searchPlaceholder}
          value={search.text}
          onChange={search.change}
        />
        <ReferencePicker
          route="/warehouses"
          aria-label={messages.warehouse}
          prefix={messages.warehouse}
          clearLabel={messages.warehouseAll}
          value={filter.warehouseId}
          valueLabel={labels.warehouse}
          onChange={(warehouseId, label) => {
            setLabels((current) => ({ ...current, warehouse: label }));
            changeFilter({ warehouseId });
          }}
        />
        <ReferencePicker
          route={config.categoryRoute}
          aria-label={messages.category}
          prefix={messages.category}
          clearLabel={messages.categoryAll}
          value={filter.categoryId}
          valueLabel={labels.category}
          onChange={(categoryId, label) => {
            setLabels((current) => ({ ...current, category: label }));
            changeFilter({ categoryId });
          }}
        />
        {config.purchasing ? (
          <ReferencePicker
            route="/package-types"
            aria-label={stockMessages.purchasing.packageType}
            prefix={stockMessages.purchasing.packageType}
            clearLabel={stockMessages.purchasing.packageTypeAll}
            value={filter.packageTypeId ?? null}
            valueLabel={labels.packageType}
            onChange={(packageTypeId, label) => {
              setLabels((current) => ({ ...current, packageType: label }));
              changeFilter({ packageTypeId });
            }}
          />
        ) : null}
        {config.production ? (
          <FilterSelect
            label={messages.kind}
            value={filter.kind ?? ALL}
            options={kindOptions}
            onChange={(kind) => changeFilter({ kind: kind as StockListFilter['kind'] })}
          />
        ) : null}
        <FilterSelect
          label={messages.status}
          value={filter.status}
          options={statusOptions}
          onChange={(status) => changeFilter({ status: status as StatusFilter })}
        />
      </div>

      {config.purchasing ? (
        <PurchasingBar selected={selected} canOrder={canAccess} onClear={() => setSelected(new Set())} />
      ) : null}

      <ListCard
        query={listQuery}
        page={filter.page}
        limit={filter.limit}
        total={total}
        onPage={(page) => setFilter({ ...filter, page })}
        texts={{
          loading: messages.loading,
          loadError: messages.loadError,
          retry: stockMessages.retry,
          emptySummary: messages.total(0),
        }}
        table={{
          id: config.id,
          label: config.title,
          columns: config.purchasing
            ? withPurchasing(stockColumns(), purchasingColumns())
            : config.production
              ? withProduction(stockColumns())
              : stockColumns(),
          selection: config.purchasing
            ? {
                selected,
                onToggle: (itemId, on) => toggleRows([itemId], on),
                onToggleAll: (on) =>
                  toggleRows(
                    rows.map((r) => r.itemId),
                    on,
                  ),
                label: (itemId) => {
                  const row = rows.find((r) => r.itemId === itemId);
                  return stockMessages.purchasing.selectRow(row?.sku ?? '', row?.name ?? '');
                },
              }
            : undefined,
          rows,
          rowKey: (row) => row.itemId,
          rowLabel: (row) => `${row.sku} ${row.name}`,
          sort: filter.sort,
          onSort: (field) => toggleSort(field as SortField),
          actions: (row) =>
            stockRowActions(row, {
              canChange: canAccess,
              warehouseId: filter.warehouseId,
              movementOfAllKinds: config.movementOfAllKinds,
              // The bill of materials page comes with production (issue 8): no link to a page that is not there yet.
              bom: config.bomAction && bomBuilt,
              onAdjust: (item) =>
                setDialog({
                  kind: 'adjust',
                  item: {
                    itemId: item.itemId,
                    sku: item.sku,
                    name: item.name,
                    unitShortName: item.unitShortName,
                    avgCost: item.avgCost,
                  },
                }),
              onLabels: (item) => setDialog({ kind: 'labels', item }),
            }),
          empty: <ListEmpty title={messages.empty} hint={messages.emptyHint} />,
          minWidthRem: config.purchasing ? 90 : 60,
        }}
      />

      {dialog?.kind === 'adjust' ? (
        <AdjustmentDialog
          route={route}
          item={dialog.item}
          warehouse={filter.warehouseId === null ? null : { id: filter.warehouseId, label: labels.warehouse }}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'settings' ? <StockSettingsDialog onClose={closeDialog} /> : null}
      {dialog?.kind === 'import' ? (
        <OpeningImportDialog route={route} onClose={closeDialog} onOpenDrafts={() => setDialog({ kind: 'drafts' })} />
      ) : null}
      {dialog?.kind === 'drafts' ? (
        <AdjustmentDraftsDialog route={route} canChange={canAccess} onClose={closeDialog} />
      ) : null}
      <LabelsDialog
        open={dialog?.kind === 'labels'}
        onOpenChange={(open) => !open && closeDialog()}
        items={
          dialog?.kind === 'labels'
            ? [{ itemId: dialog.item.itemId, name: dialog.item.name, sku: dialog.item.sku }]
            : []
        }
      />
      <ScannerDialog open={dialog?.kind === 'scanner'} onOpenChange={(open) => !open && closeDialog()} />
    </div>
  );
}

// ---- stat cards -----------------------------------------------------------------------------------------------

function StatCards({
  stats,
  status,
  onStatus,
}: {
  stats: StockStats | undefined;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
}) {
  const m = messages.stats;
  const none = stockMessages.none;
  return (
    <section aria-label={m.label}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <li className="min-w-0">
          <StatCard
            label={m.items}
            hint={m.itemsHint}
            icon={PackageIcon}
            tone={statTones.primary}
            value={stats ? stats.items : none}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.value}
            hint={m.valueHint}
            icon={BanknoteIcon}
            tone={statTones.green}
            value={stats ? formatDecimalUk(stats.value, 2) : none}
            unit={stats ? stockMessages.currency : undefined}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.lowStock}
            hint={status === 'low-stock' ? m.activeHint : m.lowStockHint}
            icon={AlertTriangleIcon}
            tone={statTones.amber}
            value={stats ? stats.lowStock : none}
            pressed={status === 'low-stock'}
            onClick={() => onStatus('low-stock')}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.outOfStock}
            hint={status === 'out-of-stock' ? m.activeHint : m.outOfStockHint}
            icon={PackageXIcon}
            tone={statTones.red}
            value={stats ? stats.outOfStock : none}
            pressed={status === 'out-of-stock'}
            onClick={() => onStatus('out-of-stock')}
          />
        </li>
      </ul>
    </section>
  );
}
