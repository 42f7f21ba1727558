// The balances page shared by /inventory ('Запаси товарів') and /component-stock ('Запаси компонентів'),
// warehouse.md §0–2: stat cards, search and filters, a server-paged sortable table with the one status rule,
// export links; row actions 'Коригування' (quick ADJ), 'Переміщення', 'Рух', 'Етикетки' (and 'Специфікація' for made
// items); the scanner, the adjustment drafts, the opening-balance import and the stock settings. The two pages
// differ only by their API, route, categories and texts.
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AlertTriangleIcon,
  ArrowLeftRightIcon,
  BanknoteIcon,
  FileStackIcon,
  ListTreeIcon,
  PackageIcon,
  PackageXIcon,
  ScanBarcodeIcon,
  SettingsIcon,
  ShuffleIcon,
  SlidersHorizontalIcon,
  TagIcon,
  UploadIcon,
} from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { stockStatuses, stockStatusLabels, type StockRow, type StockStats } from '@/modules/stock/stock.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { LabelsDialog } from '@/modules/labels/web/index.ts';
import { ScannerDialog } from '@/modules/scanner/web/index.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { InlineQueryStatus, ListPagination, ListStates, RowAction, SortableHead } from '@/web/components/data-list.tsx';
import { Button, buttonVariants } from '@/web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip.tsx';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { useRegisteredRoutes } from '@/web/layout/registered-routes.ts';
import { cn } from '@/web/lib/utils.ts';
import { AdjustmentDialog, type AdjustItem } from './adjustment-dialog.tsx';
import { AdjustmentDraftsDialog } from './adjustment-drafts-dialog.tsx';
import { OpeningImportDialog } from './opening-import-dialog.tsx';
import { StockSettingsDialog } from './stock-settings-dialog.tsx';
import { formatMoney, formatQty } from './stock-format.ts';
import { ExportMenu, FilterSelect, SearchBox, StockStatusBadge } from './stock-parts.tsx';
import {
  ALL,
  initialStockFilter,
  bomLink,
  movementLink,
  stockExportUrl,
  stockListQueryFn,
  stockListQueryKey,
  stockSearchFromUrl,
  stockStatsQueryFn,
  stockStatsQueryKey,
  transferLink,
  type StockListFilter,
  type StockRoute,
} from './stock.api.ts';
import { stockMessages } from './stock.messages.ts';

const messages = stockMessages.list;
const SEARCH_DELAY_MS = 300;
const COLUMN_COUNT = 11;

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
  const [searchText, setSearchText] = useState(initialSearch);
  /** Labels of the chosen warehouse and category, for the pickers' triggers. */
  const [labels, setLabels] = useState<{ warehouse: string | null; category: string | null }>({
    warehouse: null,
    category: null,
  });
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(config.route);
  const settingsRight = usePermission(SETTINGS_ROUTE);
  const closeDialog = () => setDialog(null);

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

  function changeSearch(text: string) {
    setSearchText(text);
    debounce(() => changeFilter({ search: text.trim() }));
  }

  function toggleSort(field: SortField) {
    changeFilter({ sort: filter.sort === field ? `-${field}` : field });
  }

  /** The clickable stat cards: a second click on the active one lifts the filter. */
  function toggleStatus(status: StatusFilter) {
    changeFilter({ status: filter.status === status ? ALL : status });
  }

  const rows = listQuery.data?.items ?? [];

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{config.title}</h1>
          <p className="text-sm text-muted-foreground">{config.subtitle}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
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
            <Tooltip>
              <TooltipTrigger asChild>
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={messages.settings}
                  onClick={() => setDialog({ kind: 'settings' })}
                >
                  <SettingsIcon aria-hidden="true" />
                </Button>
              </TooltipTrigger>
              <TooltipContent>{messages.settings}</TooltipContent>
            </Tooltip>
          ) : null}
        </div>
      </div>

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
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-[minmax(0,1fr)_19rem_16rem_13rem]"
      >
        <SearchBox
          id={`${config.id}-search`}
          className="sm:col-span-2 lg:col-span-3 2xl:col-span-1"
          label={messages.searchLabel(config.title)}
          placeholder={messages.searchPlaceholder}
          value={searchText}
          onChange={changeSearch}
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
        <FilterSelect
          label={messages.status}
          value={filter.status}
          options={statusOptions}
          onChange={(status) => changeFilter({ status: status as StatusFilter })}
        />
      </div>

      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates
          query={listQuery}
          loadingText={messages.loading}
          loadErrorText={messages.loadError}
          retryText={stockMessages.retry}
        >
          <Table
            // Eleven columns: a little less padding than other lists, so more of them fit beside the sidebar.
            className="min-w-[60rem] [&_td]:px-2 [&_th]:px-2"
            aria-label={config.title}
            aria-busy={listQuery.isFetching ? true : undefined}
          >
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <SortableHead field="sku" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.sku}
                </SortableHead>
                <SortableHead field="name" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.name}
                </SortableHead>
                <TableHead className="hidden 2xl:table-cell">{messages.columns.category}</TableHead>
                <TableHead>{messages.columns.unit}</TableHead>
                <SortableHead field="onHand" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.onHand}
                </SortableHead>
                <TableHead className="text-right">{messages.columns.reserved}</TableHead>
                <SortableHead field="available" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.available}
                </SortableHead>
                <TableHead className="text-right whitespace-normal">{messages.columns.avgCost}</TableHead>
                <SortableHead field="value" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.value}
                </SortableHead>
                <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.status}
                </SortableHead>
                <TableHead className="text-right">{messages.columns.actions}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={COLUMN_COUNT} className="py-12 text-center">
                    <p className="font-medium">{messages.empty}</p>
                    <p className="text-sm text-muted-foreground">{messages.emptyHint}</p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <StockTableRow
                    key={row.itemId}
                    row={row}
                    config={config}
                    canChange={canAccess}
                    warehouseId={filter.warehouseId}
                    onAdjust={() =>
                      setDialog({
                        kind: 'adjust',
                        item: {
                          itemId: row.itemId,
                          sku: row.sku,
                          name: row.name,
                          unitShortName: row.unitShortName,
                          avgCost: row.avgCost,
                        },
                      })
                    }
                    onLabels={() => setDialog({ kind: 'labels', item: row })}
                  />
                ))
              )}
            </TableBody>
          </Table>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={messages.total(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

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

function StockTableRow({
  row,
  config,
  canChange,
  warehouseId,
  onAdjust,
  onLabels,
}: {
  row: StockRow;
  config: StockListConfig;
  canChange: boolean;
  warehouseId: number | null;
  onAdjust: () => void;
  onLabels: () => void;
}) {
  const none = stockMessages.none;
  const unit = row.unitShortName;
  // The bill of materials page comes with production (issue 8): no link to a page that is not there yet.
  const bomBuilt = useRegisteredRoutes().has('/bom');
  return (
    <TableRow>
      <TableCell className="font-mono text-xs whitespace-nowrap">{row.sku}</TableCell>
      <TableCell className="max-w-64 min-w-40">
        <span className="font-medium">{row.name}</span>
        {/* Below 2xl the category rides under the name, so the status and actions fit beside the sidebar. */}
        {row.categoryName ? (
          <span className="block text-xs text-muted-foreground 2xl:hidden">{row.categoryName}</span>
        ) : null}
      </TableCell>
      <TableCell className="hidden max-w-40 min-w-24 2xl:table-cell">{row.categoryName ?? none}</TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">{unit ?? none}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatQty(row.onHand)}</TableCell>
      <TableCell className="text-right whitespace-nowrap text-muted-foreground tabular-nums">
        {formatQty(row.reserved)}
      </TableCell>
      <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
        {formatQty(row.available)}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {row.avgCost === null ? none : formatMoney(row.avgCost)}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(row.value)}</TableCell>
      <TableCell>
        <StockStatusBadge status={row.status} stockControl={row.stockControl} />
      </TableCell>
      <TableCell>
        <div className="flex justify-end">
          {canChange ? (
            <RowAction label={messages.adjustFor(row.sku, row.name)} onClick={onAdjust}>
              <SlidersHorizontalIcon aria-hidden="true" />
            </RowAction>
          ) : null}
          <RowLink href={transferLink(row.itemId, warehouseId)} label={messages.transferFor(row.sku, row.name)}>
            <ShuffleIcon aria-hidden="true" />
          </RowLink>
          <RowLink
            href={movementLink(row.itemId, config.movementOfAllKinds)}
            label={messages.movementFor(row.sku, row.name)}
          >
            <ArrowLeftRightIcon aria-hidden="true" />
          </RowLink>
          <RowAction label={messages.labelsFor(row.sku, row.name)} onClick={onLabels}>
            <TagIcon aria-hidden="true" />
          </RowAction>
          {config.bomAction && bomBuilt ? (
            <RowLink href={bomLink(row.itemId)} label={messages.bomFor(row.sku, row.name)}>
              <ListTreeIcon aria-hidden="true" />
            </RowLink>
          ) : null}
        </div>
      </TableCell>
    </TableRow>
  );
}

/** An icon link of a row, named for the screen reader and shown in a tooltip. */
function RowLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Link
          href={href}
          aria-label={label}
          className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'size-8' })}
        >
          {children}
        </Link>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
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
            value={stats ? String(stats.items) : none}
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
            value={stats ? String(stats.lowStock) : none}
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
            value={stats ? String(stats.outOfStock) : none}
            pressed={status === 'out-of-stock'}
            onClick={() => onStatus('out-of-stock')}
          />
        </li>
      </ul>
    </section>
  );
}
