// The parts both link dialogs of a component share (reference-data.md §17): the decimal and lead-time conversions
// between the inputs and the API, the dialog that loads a list, its footer, and the small pieces of the forms.
import type { ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Loader2Icon, PlusIcon, Trash2Icon } from 'lucide-react';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { cn } from '@/web/lib/utils.ts';
import { componentLinksMessages as m, MAX_ROWS } from './component-links.messages.ts';

const SPACES = /[\s\u00a0\u202f]/g;

/** An exact decimal as typed (a decimal comma, spaces) → the API's point string; empty → null. */
export function decimalOf(text: string): string | null {
  const value = text.replace(SPACES, '').replace(',', '.');
  return value === '' ? null : value;
}

/** The API's exact decimal ('0.420000') as an input shows it: a decimal comma, no padding zeros ('0,42'). */
export function decimalInput(value: string | null): string {
  if (value === null) return '';
  const [int = '', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${int},${digits}` : int;
}

/** Whole days 0–365; null when empty, undefined when it is not such a number. */
export function leadTimeOf(text: string): number | null | undefined {
  const value = text.replace(SPACES, '');
  if (value === '') return null;
  if (!/^\d{1,3}$/.test(value)) return undefined;
  const days = Number(value);
  return days <= 365 ? days : undefined;
}

/** A server message whose field keys name no input of the form (`suppliers`, or a row that is gone). */
export function unplacedMessage(
  error: unknown,
  list: string,
  fields: readonly string[],
  rowCount: number,
  fallback: string,
): string | null {
  const keys = error instanceof ApiError ? Object.keys(error.fields ?? {}) : [];
  const placed = keys.some((key) => {
    const match = /^(\w+)\.(\d+)\.(\w+)$/.exec(key);
    return match !== null && match[1] === list && Number(match[2]) < rowCount && fields.includes(match[3]!);
  });
  return placed ? null : (serverMessageOf(error) ?? fallback);
}

export function FormFailure({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
    >
      {children}
    </p>
  );
}

export function EmptyList({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="rounded-lg border border-dashed px-4 py-8 text-center">
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

/** 'Видалити' beside the bin, or the bin alone from the `sm` breakpoint on (the label still names the row). */
export function RemoveRowButton({
  label,
  iconOnly,
  onClick,
}: {
  label: string;
  iconOnly?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="text-destructive hover:text-destructive dark:text-red-400"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Trash2Icon aria-hidden="true" />
      <span className={cn(iconOnly && 'sm:sr-only')}>{m.removeShort}</span>
    </Button>
  );
}

/**
 * The dialog around a list: asked afresh each time it opens (another user may have changed the list meanwhile),
 * with the loading and load-error states; the form gets the loaded rows.
 */
export function LinksDialog<T>({
  queryKey,
  title,
  name,
  description,
  texts,
  className,
  onClose,
  children,
}: {
  /** The list's GET endpoint key (its URL for the default query function). */
  queryKey: QueryKey;
  title: string;
  name: string;
  description: string;
  texts: { loading: string; loadError: string };
  className: string;
  onClose: () => void;
  children: (rows: T[]) => ReactNode;
}) {
  const query = useQuery<T[]>({ queryKey, gcTime: 0 });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={cn('p-4 sm:p-6', className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            <span className="font-medium text-foreground">{name}</span>
            <span className="mt-1 block">{description}</span>
          </DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <StateMessage>
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
            <span role="status">{texts.loading}</span>
          </StateMessage>
        ) : query.isError ? (
          <>
            <StateMessage>
              <ListLoadError
                error={query.error}
                message={texts.loadError}
                retryText={m.retry}
                onRetry={query.refetch}
              />
            </StateMessage>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {m.close}
              </Button>
            </DialogFooter>
          </>
        ) : (
          children(query.data)
        )}
      </DialogContent>
    </Dialog>
  );
}

export function FormFooter({
  formId,
  pending,
  dirty,
  onClose,
}: {
  formId: string;
  pending: boolean;
  dirty: boolean;
  onClose: () => void;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
        {dirty ? m.cancel : m.close}
      </Button>
      <Button type="submit" form={formId} disabled={pending || !dirty}>
        {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
        {pending ? m.saving : m.save}
      </Button>
    </DialogFooter>
  );
}

export function AddRowButton({
  label,
  limit,
  count,
  onClick,
}: {
  label: string;
  limit: string;
  count: number;
  onClick: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" size="sm" disabled={count >= MAX_ROWS} onClick={onClick}>
        <PlusIcon aria-hidden="true" />
        {label}
      </Button>
      {count >= MAX_ROWS ? <span className="text-xs text-muted-foreground">{limit}</span> : null}
    </div>
  );
}
