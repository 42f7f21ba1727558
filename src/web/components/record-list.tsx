// The parts of a list of named records (recipes, tech cards — records with a name, not a document number): the dialog
// a row opens, with `?open=<id>` for a link from another page; a positive id from the page's URL (`?itemId=`); and the
// columns of the record's name (the button that opens it, with a mark before it) and of the item it is made for; the
// page's header with its 'Новий …' button, its status filter, and the table whose rows open their records.
import { useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PlusIcon, StarIcon } from 'lucide-react';
import { RowOpenButton, type DataColumn } from '@/web/components/data-table.tsx';
import {
  ChoiceFilter,
  ListHeader,
  SettingsButton,
  statusOptions,
  usePagedList,
  type ListFilterBase,
} from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { cn } from '@/web/lib/utils.ts';

/** What the page's dialog shows: a new record, one record, or nothing. */
export type RecordDialogTarget = { kind: 'create' } | { kind: 'open'; id: number } | null;

/** A positive whole number from a URL's query (`?itemId=40`), or null. */
export function positiveParam(search: string, name: string): number | null {
  const value = Number(new URLSearchParams(search).get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The record a link asks a list page to open (`?open=<id>`: the global search, a notification, a related document),
 * as the page's drawer state. It follows the address: a new `?open=` while the page is already shown (a palette hit on
 * the same page) opens that record too. Closing takes the parameter out of the address, so a reload does not open it
 * again. The one place pages read `?open=`.
 */
export function useOpenParam(): [number | null, (id: number | null) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  // The page's own path: an address of another page (the page is leaving) is not followed.
  const [home] = useState(location);
  const [seen, setSeen] = useState<number | null>(() => positiveParam(search, 'open'));
  const asked = location === home ? positiveParam(search, 'open') : seen;
  const [openId, setOpenId] = useState<number | null>(asked);
  // The address changed under the page: open what it now names (state adjusted while rendering, not in an effect).
  if (asked !== seen) {
    setSeen(asked);
    if (asked !== null) setOpenId(asked);
  }
  return [
    openId,
    (id) => {
      setOpenId(id);
      if (id === null && new URLSearchParams(search).has('open')) navigate(location, { replace: true });
    },
  ];
}

/**
 * The record a list page shows in its dialog: a new one, or the one `?open=<id>` names (following the address, as
 * `useOpenParam`); closing the dialog takes the parameter out of the address.
 */
export function useRecordDialogTarget() {
  const search = useSearch();
  const [openParam, setOpenParam] = useOpenParam();
  const [creating, setCreating] = useState(false);
  const target: RecordDialogTarget = creating
    ? { kind: 'create' }
    : openParam !== null
      ? { kind: 'open', id: openParam }
      : null;
  const openId = target?.kind === 'open' ? target.id : undefined;
  return {
    target,
    /** The record the dialog shows (absent while it creates one). */
    openId,
    /** The dialog's key: another record, or a new one, starts the dialog afresh. */
    dialogKey: openId ?? 'new',
    /** The page's URL parameter as a positive id ('itemId'), or null. */
    param: (name: string) => positiveParam(search, name),
    create: () => {
      setOpenParam(null);
      setCreating(true);
    },
    open: (id: number) => {
      setCreating(false);
      setOpenParam(id);
    },
    close() {
      setCreating(false);
      setOpenParam(null);
    },
  };
}

/** The star of the item's default record ('Типовий рецепт виробу'), named for a screen reader. */
export function DefaultStar({ label, className }: { label: string; className?: string }) {
  return (
    <StarIcon
      className={cn('size-4 shrink-0 fill-amber-400 text-amber-500', className)}
      role="img"
      aria-label={label}
    />
  );
}

/**
 * The record's name, sorted by 'name', as the button that opens it (the row's click does the same); `mark` stands
 * before the name (the default star).
 */
export function nameColumn<T>({
  header,
  name,
  openLabel,
  onOpen,
  mark,
  className,
}: {
  header: string;
  name: (row: T) => string;
  openLabel: (name: string) => string;
  onOpen: (row: T) => void;
  mark?: (row: T) => ReactNode;
  className?: string;
}): DataColumn<T> {
  return {
    id: 'name',
    header,
    sortField: 'name',
    primary: true,
    className: cn('font-medium whitespace-normal', className),
    cell: (row) => (
      // A name is text, not a document number: the open button keeps the row's font and wraps from the left.
      <span className="flex items-center gap-1.5 [&>button]:text-left [&>button]:font-sans">
        {mark?.(row)}
        <RowOpenButton label={openLabel(name(row))} onOpen={() => onOpen(row)}>
          {name(row)}
        </RowOpenButton>
      </span>
    ),
  };
}

/** The item the record is made for: its SKU over its name, sorted by the item's name. */
export function itemColumn<T>({
  header,
  sku,
  name,
  sortField = 'itemName',
}: {
  header: string;
  sku: (row: T) => string;
  name: (row: T) => string;
  sortField?: string;
}): DataColumn<T> {
  return {
    id: 'item',
    header,
    sortField,
    className: 'max-w-64 whitespace-normal',
    cell: (row) => (
      <>
        <span className="block font-mono text-xs text-muted-foreground">{sku(row)}</span>
        <span className="line-clamp-2">{name(row)}</span>
      </>
    ),
  };
}

/**
 * A list page's header (of records or documents): its title, and for who may create one the gear of the module's
 * settings (`settings`, when it has them) and 'Новий …'.
 */
export function RecordListHeader({
  title,
  subtitle,
  createLabel,
  canCreate,
  onCreate,
  settings,
}: {
  title: string;
  subtitle?: string;
  createLabel: string;
  canCreate: boolean;
  onCreate: () => void;
  settings?: { label: string; onOpen: () => void };
}) {
  return (
    <ListHeader
      title={title}
      subtitle={subtitle}
      actions={
        canCreate ? (
          <>
            {settings ? <SettingsButton label={settings.label} onClick={settings.onOpen} /> : null}
            <Button onClick={onCreate}>
              <PlusIcon aria-hidden="true" />
              {createLabel}
            </Button>
          </>
        ) : null
      }
    />
  );
}

/** The table of named records (PagedListCard's `table`): a row, and the open button its `columns` get, open it. */
export function recordTable<T extends { id: number; name: string }>({
  id,
  columns,
  onOpen,
  minWidthRem,
}: {
  id: string;
  columns: (onOpen: (row: T) => void) => DataColumn<T>[];
  onOpen: (id: number) => void;
  minWidthRem: number;
}) {
  const open = (row: T) => onOpen(row.id);
  return {
    id,
    columns: columns(open),
    rowKey: (row: T) => row.id,
    rowLabel: (row: T) => row.name,
    onRowClick: open,
    minWidthRem,
  };
}

/**
 * A list page of records made for an item: the record its dialog shows, the server-paged list (filtered by the item
 * of `?itemId=` from the start), whether the user may change records, and the item a new record starts with.
 */
export function useRecordListPage<F extends ListFilterBase & { itemId: number | null }, T>(
  route: string,
  initial: F,
  source: Parameters<typeof usePagedList<F, T>>[1],
) {
  const dialog = useRecordDialogTarget();
  const { list, query } = usePagedList(initial, source, { itemId: dialog.param('itemId') } as Partial<F>);
  const { canAccess } = usePermission(route);
  const { itemId } = list.filter;
  return { dialog, list, query, canAccess, initialItem: itemId ? { id: itemId, label: null } : null };
}

/** The records' status, or 'Усі статуси' ('all'). */
export function StatusFilter<S extends string>({
  statuses,
  labels,
  texts,
  value,
  onChange,
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  texts: { statusLabel: string; statusAll: string };
  value: S | 'all';
  onChange: (status: S | 'all') => void;
}) {
  return (
    <ChoiceFilter
      label={texts.statusLabel}
      allLabel={texts.statusAll}
      allValue="all"
      options={statusOptions(statuses, labels)}
      value={value}
      onChange={(status) => onChange(status as S | 'all')}
      className="w-44"
    />
  );
}
