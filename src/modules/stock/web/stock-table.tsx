// The balances table of /inventory and /component-stock on the toolkit's DataTable (issue 20): the eleven columns
// declared once, and the row's actions — 'Рух' and 'Коригування' beside the row, 'Переміщення', 'Етикетки' and
// 'Специфікація' in its menu — in the sticky last column on a wide screen and in the card on a phone.
import { ArrowLeftRightIcon, ListTreeIcon, ShuffleIcon, SlidersHorizontalIcon, TagIcon } from 'lucide-react';
import type { InventoryRow, StockRow } from '@/modules/stock/stock.contract.ts';
import type { DataColumn, RowActionItem } from '@/web/components/data-table.tsx';
import { formatMoney, formatQty, formatUnitCost } from './stock-format.ts';
import { StockStatusBadge } from './stock-parts.tsx';
import { bomLink, movementLink, transferLink } from './stock.api.ts';
import { stockMessages } from './stock.messages.ts';

const messages = stockMessages.list;
const none = stockMessages.none;

/** The table's columns; the name is the card's title on a phone. */
export function stockColumns(): DataColumn<StockRow>[] {
  const c = messages.columns;
  return [
    { id: 'sku', header: c.sku, sortField: 'sku', className: 'font-mono text-xs', cell: (row) => row.sku },
    {
      id: 'name',
      header: c.name,
      sortField: 'name',
      primary: true,
      className: 'max-w-64 min-w-40 whitespace-normal',
      cell: (row) => (
        <>
          <span className="font-medium">{row.name}</span>
          {/* Below 2xl (and in the card) the category rides under the name, where its own column is hidden. */}
          {row.categoryName ? (
            <span className="block text-xs text-muted-foreground 2xl:hidden">{row.categoryName}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'category',
      header: c.category,
      hideInCard: true,
      className: 'hidden max-w-40 min-w-24 whitespace-normal 2xl:table-cell',
      cell: (row) => row.categoryName ?? none,
    },
    {
      id: 'unit',
      header: c.unit,
      className: 'text-muted-foreground',
      cell: (row) => row.unitShortName ?? none,
    },
    {
      id: 'onHand',
      header: c.onHand,
      sortField: 'onHand',
      numeric: true,
      cell: (row) => formatQty(row.onHand),
    },
    {
      id: 'reserved',
      header: c.reserved,
      numeric: true,
      className: 'text-muted-foreground',
      cell: (row) => formatQty(row.reserved),
    },
    {
      id: 'available',
      header: c.available,
      sortField: 'available',
      numeric: true,
      className: 'font-medium',
      cell: (row) => formatQty(row.available),
    },
    {
      id: 'avgCost',
      header: c.avgCost,
      numeric: true,
      cell: (row) => (row.avgCost === null ? none : formatUnitCost(row.avgCost)),
    },
    { id: 'value', header: c.value, sortField: 'value', numeric: true, cell: (row) => formatMoney(row.value) },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (row) => <StockStatusBadge status={row.status} stockControl={row.stockControl} />,
    },
  ];
}

/** /inventory's 'У виробництві' after 'Доступно': the list answers it; a row without it reads as nothing. */
export function withProduction(balances: DataColumn<StockRow>[]): DataColumn<StockRow>[] {
  const at = balances.findIndex((column) => column.id === 'available') + 1;
  const inProduction: DataColumn<StockRow> = {
    id: 'inProduction',
    header: messages.columns.inProduction,
    numeric: true,
    className: 'text-muted-foreground',
    cell: (row) => formatQty((row as Partial<InventoryRow>).inProduction ?? '0'),
  };
  return [...balances.slice(0, at), inProduction, ...balances.slice(at)];
}

export interface StockRowActionsContext {
  /** 'Коригування' is offered only to those who may change the page's stock. */
  canChange: boolean;
  warehouseId: number | null;
  movementOfAllKinds: boolean;
  /** 'Специфікація': the page's items are made and the /bom page is there. */
  bom: boolean;
  onAdjust: (row: StockRow) => void;
  onLabels: (row: StockRow) => void;
}

/** A row's actions, in the order the page offers them. */
export function stockRowActions(row: StockRow, context: StockRowActionsContext): RowActionItem[] {
  const { sku, name } = row;
  const actions: RowActionItem[] = [
    {
      label: messages.movementFor(sku, name),
      icon: <ArrowLeftRightIcon aria-hidden="true" />,
      inline: true,
      href: movementLink(row.itemId, context.movementOfAllKinds),
    },
  ];
  if (context.canChange) {
    actions.push({
      label: messages.adjustFor(sku, name),
      icon: <SlidersHorizontalIcon aria-hidden="true" />,
      inline: true,
      onSelect: () => context.onAdjust(row),
    });
  }
  actions.push(
    {
      label: messages.transferFor(sku, name),
      icon: <ShuffleIcon aria-hidden="true" />,
      href: transferLink(row.itemId, context.warehouseId),
    },
    {
      label: messages.labelsFor(sku, name),
      icon: <TagIcon aria-hidden="true" />,
      onSelect: () => context.onLabels(row),
    },
  );
  if (context.bom) {
    actions.push({
      label: messages.bomFor(sku, name),
      icon: <ListTreeIcon aria-hidden="true" />,
      href: bomLink(row.itemId),
    });
  }
  return actions;
}
