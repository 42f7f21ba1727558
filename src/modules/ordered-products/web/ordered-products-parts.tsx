// The parts of 'Замовлені товари' (production.md §10): a row of the table with its drill-down per order line, the
// filters and the stat cards, with the formats they share.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import {
  BanknoteIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  ClipboardListIcon,
  FactoryIcon,
  LockIcon,
  PackageIcon,
  ShoppingCartIcon,
  XIcon,
} from 'lucide-react';
import {
  itemKindLabels,
  itemKinds,
  type ItemKind,
  type OrderedProductDetail,
  type OrderedProductRow,
  type OrderedProductsStats,
} from '@/modules/ordered-products/ordered-products.contract.ts';
import { paymentStatusLabels } from '@/modules/orders/orders.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import type { DataColumn, RowActionItem } from '@/web/components/data-table.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { formatDateUk } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { ALL, detailQueryKey, orderLink, type OrderedProductsFilter } from './ordered-products.api.ts';
import { orderedProductsWebMessages as messages } from './ordered-products.messages.ts';

export const m = messages;

export type SortField =
  | 'sku'
  | 'itemName'
  | 'demand'
  | 'uncovered'
  | 'free'
  | 'inProduction'
  | 'toProduce'
  | 'orders'
  | 'earliestDue'
  | 'value';

export const formatQty = (value: string) => formatDecimalUk(value, 0);
export const formatMoney = (value: string) => formatDecimalUk(value, 2);
export const isPositive = (value: string) => /[1-9]/.test(value) && !value.startsWith('-');
/** Kinds that can be ordered by a client (services carry no stock and are not demand). */
export const demandKinds = itemKinds.filter((k) => k !== 'service');
export const componentKinds: readonly ItemKind[] = ['component', 'material'];

/** The table's columns; the article, with the drill-down's toggle, is the card's title on a phone. */
export function orderedProductColumns({
  expanded,
  onExpand,
}: {
  expanded: ReadonlySet<number>;
  onExpand: (itemId: number) => void;
}): DataColumn<OrderedProductRow>[] {
  const c = m.columns;
  const qty = (id: SortField | 'reserved', value: (row: OrderedProductRow) => string, className?: string) =>
    ({
      id,
      header: c[id],
      sortField: id === 'reserved' ? undefined : id,
      numeric: true,
      className,
      cell: (row: OrderedProductRow) => formatQty(value(row)),
    }) satisfies DataColumn<OrderedProductRow>;
  return [
    {
      id: 'sku',
      header: c.sku,
      sortField: 'sku',
      primary: true,
      cell: (row) => (
        <span className="inline-flex items-center gap-1">
          <ExpandToggle sku={row.sku} expanded={expanded.has(row.itemId)} onToggle={() => onExpand(row.itemId)} />
          <span className="font-mono text-xs">{row.sku}</span>
        </span>
      ),
    },
    {
      id: 'itemName',
      header: c.itemName,
      sortField: 'itemName',
      className: 'max-w-64 min-w-40 whitespace-normal',
      cell: (row) => (
        <>
          <span className="font-medium">{row.itemName}</span>
          <span className="block text-xs text-muted-foreground">
            {itemKindLabels[row.kind]} · {row.made ? m.made : m.bought}
            {row.categoryName ? ` · ${row.categoryName}` : ''}
          </span>
        </>
      ),
    },
    {
      id: 'demand',
      header: c.demand,
      sortField: 'demand',
      numeric: true,
      cell: (row) => (
        <>
          {formatQty(row.demand)}
          <span className="text-xs text-muted-foreground">{row.unitShortName ? ` ${row.unitShortName}` : ''}</span>
        </>
      ),
    },
    qty('reserved', (row) => row.reserved, 'text-muted-foreground'),
    qty('uncovered', (row) => row.uncovered, 'font-medium'),
    qty('free', (row) => row.free),
    qty('inProduction', (row) => row.inProduction),
    {
      id: 'toProduce',
      header: c.toProduce,
      sortField: 'toProduce',
      numeric: true,
      cell: (row) => {
        const shortfall = row.made ? row.toProduce : row.toBuy;
        return (
          <>
            <span
              className={cn(
                'font-semibold',
                isPositive(shortfall) ? 'text-amber-700 dark:text-amber-300' : 'text-muted-foreground',
              )}
            >
              {formatQty(shortfall)}
            </span>
            <span className="block text-xs text-muted-foreground">{row.made ? m.made : m.bought}</span>
          </>
        );
      },
    },
    { id: 'orders', header: c.orders, sortField: 'orders', numeric: true, cell: (row) => row.orders },
    {
      id: 'earliestDue',
      header: c.earliestDue,
      sortField: 'earliestDue',
      className: 'tabular-nums',
      cell: (row) => (row.earliestDue ? formatDateUk(row.earliestDue) : m.none),
    },
    { id: 'value', header: c.value, sortField: 'value', numeric: true, cell: (row) => formatMoney(row.value) },
  ];
}

/** The toggle of a row's drill-down (the order lines are shown under the row: OrderLinesDetail). */
function ExpandToggle({ sku, expanded, onToggle }: { sku: string; expanded: boolean; onToggle: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-expanded={expanded}
      aria-controls={expanded ? linesPanelId(sku) : undefined}
      aria-label={expanded ? m.collapse(sku) : m.expand(sku)}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      {expanded ? <ChevronDownIcon aria-hidden="true" /> : <ChevronRightIcon aria-hidden="true" />}
    </Button>
  );
}

const linesPanelId = (sku: string) => `ordered-products-lines-${sku.replace(/[^\w-]/g, '_')}`;

/** A row's actions for those who may change: reserve the free stock, and make (an MO) or buy what is missing. */
export function orderedProductActions(
  row: OrderedProductRow,
  on: { reserve: () => void; createMo: () => void; buy: () => void },
): RowActionItem[] {
  return [
    {
      label: m.actions.reserveFor(row.sku),
      icon: <LockIcon aria-hidden="true" />,
      inline: true,
      onSelect: on.reserve,
    },
    row.made
      ? {
          label: m.actions.createMoFor(row.sku),
          icon: <FactoryIcon aria-hidden="true" />,
          inline: true,
          onSelect: on.createMo,
        }
      : {
          label: m.actions.buyFor(row.sku),
          icon: <ShoppingCartIcon aria-hidden="true" />,
          inline: true,
          onSelect: on.buy,
        },
  ];
}

/** An opened row's drill-down, under the row (or at the end of its card on a phone). */
export function OrderLinesDetail({ row, filter }: { row: OrderedProductRow; filter: OrderedProductsFilter }) {
  return (
    <section id={linesPanelId(row.sku)} aria-label={m.detail.label(row.sku)}>
      <LinesDetail itemId={row.itemId} sku={row.sku} filter={filter} />
    </section>
  );
}

/** The drill-down: the item's open lines, earliest due first, with a link to each order. */
export function LinesDetail({ itemId, sku, filter }: { itemId: number; sku: string; filter: OrderedProductsFilter }) {
  const query = useQuery<OrderedProductDetail>({ queryKey: detailQueryKey(itemId, filter) });
  const d = m.detail;
  if (!query.data) {
    return (
      <div className="px-4 py-3">
        <InlineQueryStatus query={query} loadingText={d.loading} errorText={d.loadError} retryText={m.retry} />
      </div>
    );
  }
  const lines = query.data.lines;
  if (!lines.length) return <p className="px-4 py-3 text-sm text-muted-foreground">{d.empty}</p>;
  return (
    <div className="px-2 py-2 sm:px-6">
      <Table aria-label={d.label(sku)} className="text-sm">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{d.order}</TableHead>
            <TableHead>{d.client}</TableHead>
            <TableHead className="text-right">{d.remaining}</TableHead>
            <TableHead className="text-right">{d.reserved}</TableHead>
            <TableHead className="text-right">{d.uncovered}</TableHead>
            <TableHead className="text-right">{d.coveredByMo}</TableHead>
            <TableHead>{d.dueDate}</TableHead>
            <TableHead>{d.payment}</TableHead>
            <TableHead>{d.approval}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.orderLineId}>
              <TableCell className="whitespace-nowrap">
                <Link
                  href={orderLink(line.orderNumber)}
                  aria-label={d.openOrder(line.orderNumber)}
                  className="font-mono text-xs text-primary underline-offset-4 hover:underline"
                >
                  {line.orderNumber}
                </Link>
              </TableCell>
              <TableCell className="max-w-48 min-w-32">{line.clientName}</TableCell>
              <TableCell className="text-right tabular-nums">{formatQty(line.remaining)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatQty(line.reserved)}</TableCell>
              <TableCell className="text-right font-medium tabular-nums">{formatQty(line.uncovered)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatQty(line.coveredByMo)}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {line.dueDate ? formatDateUk(line.dueDate) : m.none}
              </TableCell>
              <TableCell className="whitespace-nowrap">{paymentStatusLabels[line.paymentStatus]}</TableCell>
              <TableCell className="whitespace-nowrap">
                <span
                  className={cn(
                    'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
                    line.approved
                      ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400'
                      : 'bg-muted text-muted-foreground',
                  )}
                >
                  {line.approved ? d.approved : d.notApproved}
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function Filters({
  filter,
  searchText,
  filtersActive,
  onSearch,
  onChange,
  onClear,
}: {
  filter: OrderedProductsFilter;
  searchText: string;
  filtersActive: boolean;
  onSearch: (text: string) => void;
  onChange: (change: Partial<Omit<OrderedProductsFilter, 'page' | 'limit'>>) => void;
  onClear: () => void;
}) {
  const f = m.filters;
  // Components and materials have their own category tree (reference-data.md §2–3).
  const categoryRoute =
    filter.kind !== ALL && componentKinds.includes(filter.kind) ? '/categories' : '/product-categories';
  return (
    <div role="search" aria-label={f.label} className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[minmax(0,1fr)_13rem_14rem]">
        <div className="min-w-0 sm:col-span-2 lg:col-span-1">
          <Label htmlFor="ordered-products-search" className="sr-only">
            {f.search}
          </Label>
          <Input
            id="ordered-products-search"
            type="search"
            placeholder={f.searchPlaceholder}
            value={searchText}
            onChange={(event) => onSearch(event.target.value)}
          />
        </div>
        <Select value={filter.kind} onValueChange={(kind) => onChange({ kind: kind as ItemKind | typeof ALL })}>
          <SelectTrigger aria-label={f.kind} className="w-full">
            <span className="flex min-w-0 items-center gap-1 truncate">
              <span className="text-muted-foreground">{f.kind}:</span>
              <SelectValue />
            </span>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{f.kindAll}</SelectItem>
            {demandKinds.map((kind) => (
              <SelectItem key={kind} value={kind}>
                {itemKindLabels[kind]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <ReferenceFilter
          route={categoryRoute}
          label={f.category}
          value={filter.categoryId}
          allLabel={f.categoryAll}
          onChange={(categoryId) => onChange({ categoryId })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[14rem_minmax(0,18rem)_auto_auto] lg:items-center">
        <ReferenceFilter
          route="/clients"
          label={f.client}
          value={filter.clientId}
          allLabel={f.clientAll}
          onChange={(clientId) => onChange({ clientId })}
        />
        <div className="flex items-center gap-2">
          <Label htmlFor="ordered-products-due" className="shrink-0 text-sm text-muted-foreground">
            {f.dueBefore}
          </Label>
          <DateField
            id="ordered-products-due"
            className="w-40"
            value={filter.dueBefore}
            onChange={(dueBefore) => onChange({ dueBefore })}
          />
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id="ordered-products-approved"
            checked={filter.approvedOnly}
            onCheckedChange={(approvedOnly) => onChange({ approvedOnly })}
          />
          <Label htmlFor="ordered-products-approved">{f.approvedOnly}</Label>
        </div>
        {filtersActive ? (
          <Button variant="ghost" size="sm" className="justify-self-start" onClick={onClear}>
            <XIcon aria-hidden="true" />
            {f.clear}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function StatCards({ stats }: { stats: OrderedProductsStats | undefined }) {
  const s = m.stats;
  const value = (v: number | undefined) => (v === undefined ? m.none : String(v));
  return (
    <section aria-label={s.label}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-5 lg:gap-4">
        <li className="min-w-0">
          <StatCard
            label={s.items}
            hint={s.itemsHint}
            icon={PackageIcon}
            tone={statTones.primary}
            value={value(stats?.items)}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={s.toProduce}
            hint={s.toProduceHint}
            icon={FactoryIcon}
            tone={statTones.amber}
            value={value(stats?.toProduceItems)}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={s.toBuy}
            hint={s.toBuyHint}
            icon={ShoppingCartIcon}
            tone={statTones.sky}
            value={value(stats?.toBuyItems)}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={s.orders}
            hint={s.ordersHint}
            icon={ClipboardListIcon}
            tone={statTones.primary}
            value={value(stats?.orders)}
          />
        </li>
        <li className="col-span-2 min-w-0 lg:col-span-1">
          <StatCard
            label={s.value}
            hint={s.valueHint}
            icon={BanknoteIcon}
            tone={statTones.green}
            value={stats ? formatMoney(stats.value) : m.none}
            unit={stats ? m.currency : undefined}
          />
        </li>
      </ul>
    </section>
  );
}
