// The one table of every list page (issue 20 §3): columns declared once, sortable headers, a row's actions always in
// reach (a sticky last column on a wide screen, in the card on a phone), a column chooser remembered per user, and
// under 768 px a card per row with the row's key fields instead of a table the phone cannot show.
import { Fragment, useSyncExternalStore, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Columns3Icon, MoreHorizontalIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu.tsx';
import { useIsMobile } from '@/web/components/ui/sidebar.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { RowAction, SortableHead } from '@/web/components/data-list.tsx';
import { formatMoney } from '@/web/lib/document-format.ts';
import { uiMessages } from '@/web/lib/ui.messages.ts';
import { cn } from '@/web/lib/utils.ts';

const messages = uiMessages.table;

export interface DataColumn<T> {
  /** Stable name: the column chooser remembers columns by it. */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The list's sort field: the header sorts by it. */
  sortField?: string;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
  /** The row's name or number: always shown, the card's title on a phone. */
  primary?: boolean;
  /** Shown only when the user asks for it in the column chooser. */
  hiddenByDefault?: boolean;
  /** Left out of the card on a phone (the card shows the primary column and every other visible one). */
  hideInCard?: boolean;
  /** Class of the cells (the header gets it too). */
  className?: string;
}

export interface RowActionItem {
  label: string;
  icon?: ReactNode;
  /** What the action does; a link to another page gives `href` instead (it opens in a new tab on a middle click). */
  onSelect?: () => void;
  href?: string;
  disabled?: boolean;
  destructive?: boolean;
  /** An icon button beside the row instead of an item of the row's menu (at most two per row). */
  inline?: boolean;
}

export interface DataTableSelection<K extends string | number> {
  selected: ReadonlySet<K>;
  onToggle: (key: K, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  /** 'Вибрати «…»' of a row's checkbox. */
  label: (key: K) => string;
}

export interface DataTableProps<T, K extends string | number> {
  /** The table's name among the user's remembered column sets ('orders', 'shipments'). */
  id: string;
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => K;
  /** What the row is called in its actions' names ('ORD-2026-00012'). */
  rowLabel?: (row: T) => string;
  sort?: string;
  onSort?: (field: string) => void;
  onRowClick?: (row: T) => void;
  /**
   * A clicked row is also a Tab stop opened with Enter (the default). False where a button of the row already does
   * the same for the keyboard (an edit button), so a page of 50 rows is not 50 extra Tab presses.
   */
  rowTabStop?: boolean;
  actions?: (row: T) => readonly RowActionItem[];
  /** What an opened row shows under it across the columns (or at the end of its card); null while closed. */
  rowDetail?: (row: T) => ReactNode;
  selection?: DataTableSelection<K>;
  /** The body while there are no rows. */
  empty: ReactNode;
  /** A refetch is under way (the rows shown are the previous page's). */
  busy?: boolean;
  /** Extra class of a row (a cancelled document, an overdue order). */
  rowClassName?: (row: T) => string | undefined;
  /** Minimum width of the table in rem on a wide screen (it scrolls inside its box beyond it). */
  minWidthRem?: number;
}

// ---- remembered columns ----------------------------------------------------------------------------------------------

const LAST_USER_KEY = 'erp.lastUserId';
const storageKey = (tableId: string) => `erp.columns.${localStorage.getItem(LAST_USER_KEY) ?? 'anon'}.${tableId}`;
const listeners = new Set<() => void>();

function readHidden(tableId: string): string[] | null {
  try {
    const text = localStorage.getItem(storageKey(tableId));
    const value: unknown = text ? JSON.parse(text) : null;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
  } catch {
    return null;
  }
}

/** The columns this user hid in this table (or the declared defaults), kept in the browser per user. */
export function useHiddenColumns(tableId: string, columns: readonly DataColumn<unknown>[]) {
  const stored = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => localStorage.getItem(storageKey(tableId)),
    () => null,
  );
  const hidden = new Set(
    stored !== null ? (readHidden(tableId) ?? []) : columns.filter((c) => c.hiddenByDefault).map((c) => c.id),
  );
  const setHidden = (next: ReadonlySet<string>) => {
    localStorage.setItem(storageKey(tableId), JSON.stringify([...next]));
    for (const listener of listeners) listener();
  };
  return [hidden, setHidden] as const;
}

/** The toolbar button listing the table's columns with a check each (the primary one cannot be hidden). */
export function ColumnChooser<T>({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly DataColumn<T>[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: ReadonlySet<string>) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={messages.columns}>
          <Columns3Icon aria-hidden="true" />
          <span className="hidden sm:inline">{messages.columns}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>{messages.columnsTitle}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={!hidden.has(column.id)}
            disabled={column.primary}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(on) => {
              const next = new Set(hidden);
              if (on === true) next.delete(column.id);
              else next.add(column.id);
              onChange(next);
            }}
          >
            {column.header}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

// ---- row actions -----------------------------------------------------------------------------------------------------

function RowActions({ items, rowName }: { items: readonly RowActionItem[]; rowName: string }) {
  const inline = items.filter((i) => i.inline).slice(0, 2);
  const menu = items.filter((i) => !inline.includes(i));
  return (
    <div className="flex justify-end gap-0.5">
      {inline.map((item) =>
        item.href ? (
          <Tooltip key={item.label}>
            <TooltipTrigger asChild>
              <Button variant="ghost" size="icon" className="size-8" asChild>
                <Link href={item.href} aria-label={item.label} onClick={(event) => event.stopPropagation()}>
                  {item.icon}
                </Link>
              </Button>
            </TooltipTrigger>
            <TooltipContent>{item.label}</TooltipContent>
          </Tooltip>
        ) : (
          <RowAction
            key={item.label}
            label={item.label}
            onClick={() => item.onSelect?.()}
            disabled={item.disabled}
            destructive={item.destructive}
          >
            {item.icon}
          </RowAction>
        ),
      )}
      {menu.length ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={messages.rowMenu(rowName)}
              onClick={(event: MouseEvent) => event.stopPropagation()}
            >
              <MoreHorizontalIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" onClick={(event: MouseEvent) => event.stopPropagation()}>
            {menu.map((item, index) => (
              <div key={item.label}>
                {item.destructive && index > 0 && !menu[index - 1]!.destructive ? <DropdownMenuSeparator /> : null}
                {item.href ? (
                  <DropdownMenuItem disabled={item.disabled} asChild>
                    <Link href={item.href}>
                      {item.icon}
                      {item.label}
                    </Link>
                  </DropdownMenuItem>
                ) : (
                  <DropdownMenuItem
                    disabled={item.disabled}
                    variant={item.destructive ? 'destructive' : 'default'}
                    onSelect={item.onSelect}
                  >
                    {item.icon}
                    {item.label}
                  </DropdownMenuItem>
                )}
              </div>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}

/**
 * A document's number in its row as a button: the keyboard's way into the row (the row's click does the same) and
 * the name the row is opened by ('Відкрити замовлення PO-2026-00005'). Without `label` the button is named by what it
 * shows (a report row: the SKU and name, with a screen-reader-only hint among the children).
 */
export function RowOpenButton({
  label,
  onOpen,
  children,
}: {
  label?: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      // A document number is set in mono; a row named by its SKU and name reads as text, left-aligned.
      className={cn(
        '-mx-1 rounded-sm px-1 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50',
        label ? 'font-mono' : 'text-left',
      )}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
    >
      {children}
    </button>
  );
}

/**
 * The first column of a document list: the number, sorted by 'number', as the button that opens the document;
 * `below` adds a line under it (the supplier's reference, the count of lines).
 */
export function documentNumberColumn<T>({
  header,
  number,
  openLabel,
  onOpen,
  below,
  sortField = 'number',
}: {
  header: string;
  /** The list's sort field of the number, where the API names it otherwise ('orderNumber'). */
  sortField?: string;
  number: (row: T) => string;
  openLabel: (number: string) => string;
  onOpen: (row: T) => void;
  below?: (row: T) => ReactNode;
}): DataColumn<T> {
  return {
    id: 'number',
    header,
    sortField,
    primary: true,
    className: 'font-medium',
    cell: (row) => (
      <>
        <RowOpenButton label={openLabel(number(row))} onOpen={() => onOpen(row)}>
          {number(row)}
        </RowOpenButton>
        {below?.(row)}
      </>
    ),
  };
}

const BASE_CURRENCY = 'UAH';

/** A document's amount in hryvnias, sorted by `sortField`, with its amount in its own currency under it if foreign. */
export function amountColumn<T>({
  header,
  sortField,
  uah,
  gross,
  currency,
}: {
  header: string;
  sortField: string;
  uah: (row: T) => string;
  gross: (row: T) => string;
  currency: (row: T) => string;
}): DataColumn<T> {
  return {
    id: 'amount',
    header,
    sortField,
    numeric: true,
    cell: (row) => (
      <>
        <span className="block">{formatMoney(uah(row))}</span>
        {currency(row) !== BASE_CURRENCY ? (
          <span className="block text-xs text-muted-foreground">
            {formatMoney(gross(row))} {currency(row)}
          </span>
        ) : null}
      </>
    ),
  };
}

// ---- the table -------------------------------------------------------------------------------------------------------

function activate<T>(onRowClick: ((row: T) => void) | undefined, row: T, tabStop = true) {
  if (!onRowClick) return undefined;
  if (!tabStop) return { onClick: () => onRowClick(row) };
  return {
    onClick: () => onRowClick(row),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onRowClick(row);
      }
    },
    tabIndex: 0,
  };
}

export function DataTable<T, K extends string | number>(props: DataTableProps<T, K>) {
  const { id, columns } = props;
  const [hidden, setHidden] = useHiddenColumns(id, columns as readonly DataColumn<unknown>[]);
  const shown = columns.filter((c) => c.primary || !hidden.has(c.id));
  const mobile = useIsMobile();
  const hideable = columns.some((c) => !c.primary);
  return (
    <div className="min-w-0">
      {hideable ? (
        <div className="flex justify-end border-b px-2 py-1">
          <ColumnChooser columns={columns} hidden={hidden} onChange={setHidden} />
        </div>
      ) : null}
      {mobile ? <DataCards {...props} columns={shown} /> : <WideTable {...props} columns={shown} />}
    </div>
  );
}

function WideTable<T, K extends string | number>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  sort,
  onSort,
  onRowClick,
  rowTabStop,
  actions,
  rowDetail,
  selection,
  empty,
  busy,
  rowClassName,
  minWidthRem,
}: DataTableProps<T, K>) {
  const withActions = actions !== undefined;
  const span = columns.length + (withActions ? 1 : 0) + (selection ? 1 : 0);
  const allSelected =
    selection !== undefined && rows.length > 0 && rows.every((r) => selection.selected.has(rowKey(r)));
  return (
    <Table
      aria-label={label}
      aria-busy={busy ? true : undefined}
      style={minWidthRem ? { minWidth: `${minWidthRem}rem` } : undefined}
      // A wide table of plain figures (no row click, actions or checkboxes) is scrolled from the keyboard by its box.
      scrollLabel={minWidthRem && !onRowClick && !withActions && !selection ? messages.scroll(label) : undefined}
    >
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {selection ? (
            <TableHead className="w-10">
              <Checkbox
                aria-label={messages.selectAll}
                checked={allSelected}
                onCheckedChange={(on) => selection.onToggleAll(on === true)}
              />
            </TableHead>
          ) : null}
          {columns.map((column) =>
            column.sortField && onSort && sort !== undefined ? (
              <SortableHead
                key={column.id}
                field={column.sortField}
                sort={sort}
                onSort={onSort}
                numeric={column.numeric}
              >
                {column.header}
              </SortableHead>
            ) : (
              <TableHead key={column.id} className={cn(column.numeric && 'text-right', column.className)}>
                {column.header}
              </TableHead>
            ),
          )}
          {withActions ? (
            <TableHead className="sticky right-0 z-10 bg-card text-right shadow-[-8px_0_8px_-8px_rgb(0_0_0_/_0.15)]">
              {messages.actions}
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody className={cn(busy && 'opacity-60')}>
        {rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={span} className="py-12 text-center">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => {
            const key = rowKey(row);
            const name = rowLabel?.(row) ?? String(key);
            const detail = rowDetail?.(row);
            return (
              <Fragment key={key}>
                <TableRow
                  className={cn('group', onRowClick && 'cursor-pointer', rowClassName?.(row))}
                  data-state={selection?.selected.has(key) ? 'selected' : undefined}
                  {...activate(onRowClick, row, rowTabStop)}
                >
                  {selection ? (
                    <TableCell onClick={(event) => event.stopPropagation()}>
                      <Checkbox
                        aria-label={selection.label(key)}
                        checked={selection.selected.has(key)}
                        onCheckedChange={(on) => selection.onToggle(key, on === true)}
                      />
                    </TableCell>
                  ) : null}
                  {columns.map((column) => (
                    <TableCell
                      key={column.id}
                      className={cn(column.numeric && 'text-right tabular-nums', 'whitespace-nowrap', column.className)}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                  {withActions ? (
                    <TableCell className="sticky right-0 bg-card py-1 shadow-[-8px_0_8px_-8px_rgb(0_0_0_/_0.15)] group-hover:bg-muted group-data-[state=selected]:bg-muted">
                      <RowActions items={actions(row)} rowName={name} />
                    </TableCell>
                  ) : null}
                </TableRow>
                {detail ? (
                  <TableRow className="hover:bg-transparent">
                    <TableCell colSpan={span} className="bg-muted/30 p-0 whitespace-normal">
                      {detail}
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}

/** Under 768 px: one card per row — the primary column as the title, the other shown columns as label: value. */
function DataCards<T, K extends string | number>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  onRowClick,
  rowTabStop,
  actions,
  rowDetail,
  selection,
  empty,
  busy,
  rowClassName,
}: DataTableProps<T, K>) {
  const primary = columns.find((c) => c.primary) ?? columns[0];
  const fields = columns.filter((c) => c !== primary && !c.hideInCard);
  if (rows.length === 0) return <div className="px-4 py-12 text-center">{empty}</div>;
  return (
    <ul aria-label={label} aria-busy={busy ? true : undefined} className={cn('divide-y', busy && 'opacity-60')}>
      {rows.map((row) => {
        const key = rowKey(row);
        const name = rowLabel?.(row) ?? String(key);
        return (
          <li
            key={key}
            data-slot="card-row"
            className={cn('grid gap-2 px-4 py-3', onRowClick && 'cursor-pointer', rowClassName?.(row))}
            {...activate(onRowClick, row, rowTabStop)}
          >
            <div className="flex items-start justify-between gap-2">
              <div className="flex min-w-0 items-center gap-2">
                {selection ? (
                  <span onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      aria-label={selection.label(key)}
                      checked={selection.selected.has(key)}
                      onCheckedChange={(on) => selection.onToggle(key, on === true)}
                    />
                  </span>
                ) : null}
                <div className="min-w-0 font-medium break-words">{primary ? primary.cell(row) : name}</div>
              </div>
              {actions ? <RowActions items={actions(row)} rowName={name} /> : null}
            </div>
            {fields.length ? (
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                {fields.map((column) => (
                  <div key={column.id} className="contents">
                    <dt className="text-muted-foreground">{column.header}</dt>
                    {/* A card has no room to scroll: what a table cell keeps on one line wraps here. */}
                    <dd className={cn('min-w-0 break-words [&_*]:whitespace-normal', column.numeric && 'tabular-nums')}>
                      {column.cell(row)}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {rowDetail?.(row) ?? null}
          </li>
        );
      })}
    </ul>
  );
}
