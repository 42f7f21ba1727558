// The dialog of a record edited in one form (recipes, tech cards): it loads the record (or starts a new one), keeps
// the lists fresh after every change, loads the server's copy again after a stale version, and asks before unsaved
// changes are dropped; and the end of the record's form — its failure (with the reload), the record's actions with
// 'Видалити' last (asking first), 'Закрити' and 'Зберегти'.
import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { Loader2Icon, RefreshCwIcon, SaveIcon, StarIcon, Trash2Icon } from 'lucide-react';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';

/** The words of a confirmation, as the module's messages name them. */
export interface ConfirmTexts {
  title: string;
  description: string;
  confirm: string;
  cancel: string;
}

/**
 * The record a dialog edits: read afresh each time the dialog opens (another user may have changed it), then the copy
 * the last save or action returned. `editorKey` changes with each new copy, so the form starts again from it.
 */
export function useRecordDialog<T extends { id: number; version: number }>({
  id,
  queryKey,
  get,
  isListQuery,
  reloadFailed,
}: {
  /** Absent when creating. */
  id: number | undefined;
  queryKey: QueryKey;
  get: (id: number) => Promise<T>;
  /** The lists to refetch after a change. */
  isListQuery: (query: Query) => boolean;
  /** The toast's title when the server's copy could not be loaded. */
  reloadFailed: string;
}) {
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<T | undefined>();
  const [reloads, setReloads] = useState(0);
  const [dirty, setDirty] = useState(false);
  const query = useQuery<T>({ queryKey, enabled: id !== undefined, gcTime: 0, staleTime: 0 });
  const record = latest ?? (id !== undefined ? query.data : undefined);
  const refreshLists = () => void queryClient.invalidateQueries({ predicate: isListQuery });

  async function reload(recordId: number) {
    try {
      setLatest(await get(recordId));
      setReloads((n) => n + 1);
    } catch (error) {
      toast({ variant: 'destructive', title: reloadFailed, description: serverMessageOf(error) });
    }
  }

  return {
    query,
    record,
    /** An existing record whose first copy has not arrived yet. */
    loading: id !== undefined && !record,
    editorKey: `${record?.id ?? 'new'}-${record?.version ?? 0}-${reloads}`,
    dirty,
    setDirty,
    refreshLists,
    /** A save or an action returned the record's new copy. */
    saved(next: T) {
      setLatest(next);
      refreshLists();
    },
    /** After a stale version: the server's copy replaces the form (its changes are dropped). */
    reload: record ? () => void reload(record.id) : undefined,
  };
}

/** What the dialog's frame needs of useRecordDialog. */
export interface RecordDialogState {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  loading: boolean;
  dirty: boolean;
}

/** A destructive step's question in the module's words ('Закрити без збереження?', 'Видалити рецепт?'). */
function AskFirst({
  texts,
  pending,
  onConfirm,
  onClose,
}: {
  texts: ConfirmTexts;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.confirm}
      cancelLabel={texts.cancel}
      destructive
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** 'Типовий рецепт виробу' beside a record's title. */
function DefaultMark({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-normal text-amber-700 dark:text-amber-300">
      <StarIcon className="size-3.5 fill-current" aria-hidden="true" />
      {label}
    </span>
  );
}

/**
 * The dialog: the title with the record's status and marks, the spinner or the load error while the record loads,
 * then the form (`children` gets the close that asks first while the form has unsaved changes).
 */
export function RecordDialog({
  state,
  texts,
  title,
  status,
  defaultLabel,
  description,
  className = 'sm:max-w-6xl',
  onClose,
  children,
}: {
  state: RecordDialogState;
  texts: { loading: string; loadError: string; retry: string; confirmClose: ConfirmTexts };
  title: string;
  /** The record's status badge, after the title. */
  status?: ReactNode;
  /** Set while the record is its item's default: the star mark after the status ('Типовий рецепт виробу'). */
  defaultLabel?: string | null;
  description: string;
  className?: string;
  onClose: () => void;
  children: (requestClose: () => void) => ReactNode;
}) {
  const [confirmClose, setConfirmClose] = useState(false);
  const requestClose = () => (state.dirty ? setConfirmClose(true) : onClose());
  const { query, loading } = state;

  let body: ReactNode;
  if (loading && query.isError) {
    body = (
      <StateMessage>
        <ListLoadError error={query.error} message={texts.loadError} retryText={texts.retry} onRetry={query.refetch} />
      </StateMessage>
    );
  } else if (loading) {
    body = (
      <StateMessage>
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        <span role="status">{texts.loading}</span>
      </StateMessage>
    );
  } else {
    body = children(requestClose);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && requestClose()}>
      <DialogContent className={cn('gap-5 p-4 sm:p-6', className)}>
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {title}
            {status}
            {defaultLabel ? <DefaultMark label={defaultLabel} /> : null}
          </DialogTitle>
          <DialogDescription>{loading ? texts.loading : description}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
      {confirmClose ? (
        <AskFirst texts={texts.confirmClose} onConfirm={onClose} onClose={() => setConfirmClose(false)} />
      ) : null}
    </Dialog>
  );
}

/** A failure of the form's save or action; `stale`: the version was stale and the way out is to reload. */
export interface RecordFailure {
  message: string;
  stale: boolean;
}

/** The footer sticks to the dialog's bottom edge while the form scrolls. */
export const RECORD_FOOTER_CLASS =
  'sticky -bottom-4 z-10 -mx-4 -mb-4 gap-2 border-t bg-background px-4 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6';

/** 'Зробити типовим': the record becomes the default one of its item. */
export function MakeDefaultButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button type="button" variant="outline" disabled={disabled} onClick={onClick}>
      <StarIcon aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * The end of a record's form (inside the form: 'Зберегти' submits it): the failure, with 'Оновити' after a stale
 * version; the record's own buttons, then 'Видалити', which asks first; 'Закрити' and 'Зберегти'.
 */
export function RecordFormFooter({
  failure,
  onReload,
  actions,
  remove,
  readOnly,
  busy,
  saving,
  texts,
  onClose,
}: {
  failure: RecordFailure | null;
  onReload: (() => void) | undefined;
  /** The record's own buttons before 'Видалити' (print, make default, copy). */
  actions?: ReactNode;
  /** 'Видалити' the record `name` (null for a new record or a reader); `run` settles when the server has answered. */
  remove: { name: string; pending: boolean; run: () => Promise<unknown> } | null;
  /** A reader's form has no 'Зберегти'. */
  readOnly: boolean;
  /** A save or an action is under way: 'Зберегти' and 'Видалити' wait. */
  busy: boolean;
  saving: boolean;
  texts: {
    reload: string;
    delete: string;
    close: string;
    save: string;
    saving: string;
    confirmDelete: Omit<ConfirmTexts, 'description'> & { description: (name: string) => string };
  };
  onClose: () => void;
}) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const stopConfirming = () => setConfirmDelete(false);
  return (
    <>
      {failure ? (
        <FormFailure>
          <span>{failure.message}</span>
          {failure.stale && onReload ? (
            <Button type="button" size="sm" variant="outline" onClick={onReload}>
              <RefreshCwIcon aria-hidden="true" />
              {texts.reload}
            </Button>
          ) : null}
        </FormFailure>
      ) : null}

      <DialogFooter className={cn(RECORD_FOOTER_CLASS, 'flex-wrap sm:justify-between')}>
        <div className="flex flex-wrap gap-2">
          {actions}
          {remove ? (
            <Button
              type="button"
              variant="ghost"
              className="text-destructive hover:text-destructive dark:text-red-400"
              disabled={busy}
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2Icon aria-hidden="true" />
              {texts.delete}
            </Button>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {texts.close}
          </Button>
          {readOnly ? null : (
            <Button type="submit" disabled={busy}>
              {saving ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
              {saving ? texts.saving : texts.save}
            </Button>
          )}
        </div>
      </DialogFooter>

      {confirmDelete && remove ? (
        <AskFirst
          texts={{ ...texts.confirmDelete, description: texts.confirmDelete.description(remove.name) }}
          pending={remove.pending}
          // A failure is the form's to show (above the footer); the question closes either way.
          onConfirm={() => void remove.run().then(stopConfirming, stopConfirming)}
          onClose={stopConfirming}
        />
      ) : null}
    </>
  );
}
