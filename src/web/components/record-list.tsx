// The parts of a list of named records (recipes, tech cards — records with a name, not a document number): the dialog
// a row opens, with `?open=<id>` for a link from another page; a positive id from the page's URL (`?itemId=`); and the
// columns of the record's name (the button that opens it, with a mark before it) and of the item it is made for.
import { useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { StarIcon } from 'lucide-react';
import { RowOpenButton, type DataColumn } from '@/web/components/data-table.tsx';
import { cn } from '@/web/lib/utils.ts';

/** What the page's dialog shows: a new record, one record, or nothing. */
export type RecordDialogTarget = { kind: 'create' } | { kind: 'open'; id: number } | null;

/** A positive whole number from a URL's query (`?itemId=40`), or null. */
export function positiveParam(search: string, name: string): number | null {
  const value = Number(new URLSearchParams(search).get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The record a list page shows in its dialog: `?open=<id>` opens that record at once, and closing the dialog takes
 * the parameter out of the address (so a reload does not open it again).
 */
export function useRecordDialogTarget() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [target, setTarget] = useState<RecordDialogTarget>(() => {
    const open = positiveParam(search, 'open');
    return open ? { kind: 'open', id: open } : null;
  });
  return {
    target,
    /** The page's URL parameter as a positive id ('itemId'), or null. */
    param: (name: string) => positiveParam(search, name),
    create: () => setTarget({ kind: 'create' }),
    open: (id: number) => setTarget({ kind: 'open', id }),
    close() {
      setTarget(null);
      if (new URLSearchParams(search).has('open')) navigate(location, { replace: true });
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
