// The dialog of a record edited in one form (recipes, tech cards): it loads the record (or starts a new one), keeps
// the lists fresh after every change, loads the server's copy again after a stale version, and asks before unsaved
// changes are dropped; and the end of the record's form — its failure (with the reload), the record's actions with
// 'Видалити' last (asking first), 'Закрити' and 'Зберегти'; and the pieces of the form between them — the labelled
// fields, the status select, the unsaved-changes report and the save that tells a stale version.
import { useEffect, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { Loader2Icon, RefreshCwIcon, SaveIcon, StarIcon, Trash2Icon } from 'lucide-react';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
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

/** The dialog's words from the module's messages: its `dialog` part, and the retry and the close question. */
export function recordDialogTexts(messages: {
  dialog: { loading: string; loadError: string };
  retry: string;
  confirmClose: ConfirmTexts;
}) {
  const { loading, loadError } = messages.dialog;
  return { loading, loadError, retry: messages.retry, confirmClose: messages.confirmClose };
}

/** The dialog's title: the record's name, 'Без назви' while an existing record loads, or the new record's title. */
export function recordDialogTitle(
  record: { name: string } | undefined,
  id: number | undefined,
  texts: { title: (name: string) => string; untitled: string; createTitle: string },
) {
  if (record) return texts.title(record.name);
  return id !== undefined ? texts.untitled : texts.createTitle;
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

/** The form of a record (inside the dialog): 'Зберегти' submits it, unless the reader may only look. */
export function RecordForm({
  readOnly,
  onSubmit,
  children,
}: {
  readOnly: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="grid grid-cols-1 min-w-0 gap-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** Tells the dialog whether the form holds unsaved changes (and that it holds none once the form is gone). */
export function useDirtyReport(dirty: boolean, onDirtyChange: (dirty: boolean) => void) {
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
}

/** A schema's issues as the form's field errors: the first message of each field, by its dotted path. */
export function issuesToFields(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

/** The server refused the save because another user saved the record since it was read. */
export function isStaleVersion(error: unknown, versionMessage: string) {
  return error instanceof ApiError && error.status === 409 && error.serverMessage === versionMessage;
}

/**
 * The record's fields: ids under the form's own prefix, the ARIA links of an input to its message, and the labelled
 * frame of a field (the required star, the input, the error or hint); `errors` by field name.
 */
export function useRecordFields(errors: Record<string, string>, requiredTitle: string) {
  const formId = useId();
  const id = (name: string) => `${formId}-${name}`;
  return {
    formId,
    id,
    aria: (name: string, required = false) => ({
      id: id(name),
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': `${id(name)}-message`,
      'aria-required': required ? true : undefined,
    }),
    field: (
      name: string,
      label: string,
      input: ReactNode,
      opts: { required?: boolean; hint?: string; className?: string } = {},
    ) => (
      <div className={cn('grid grid-cols-1 min-w-0 content-start gap-2', opts.className)}>
        <Label htmlFor={id(name)}>
          {label}
          {opts.required ? (
            <span className="text-destructive dark:text-red-400" title={requiredTitle} aria-hidden="true">
              *
            </span>
          ) : null}
        </Label>
        {input}
        <FieldMessage id={`${id(name)}-message`} error={errors[name]} hint={opts.hint} />
      </div>
    ),
  };
}

/** The record's status, picked from its statuses by their labels. */
export function StatusSelect<S extends string>({
  statuses,
  labels,
  value,
  disabled,
  onChange,
  trigger,
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  value: S;
  disabled: boolean;
  onChange: (status: S) => void;
  /** The trigger's id and ARIA links (useRecordFields' `aria`). */
  trigger: ComponentProps<typeof SelectTrigger>;
}) {
  return (
    <Select value={value} disabled={disabled} onValueChange={(status) => onChange(status as S)}>
      <SelectTrigger {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {statuses.map((status) => (
          <SelectItem key={status} value={status}>
            {labels[status]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** 'Зробити типовим' is offered for an active record that is not its item's default yet, to who may change it. */
export function canMakeDefault(record: { status: string; isDefault: boolean } | undefined, canChange: boolean) {
  return record !== undefined && canChange && record.status === 'active' && !record.isDefault;
}

/**
 * The save of a record's form (create, or update with the version read): the toast and the new copy on success; on a
 * failure the field errors go to `onFields` (true: they are shown by the fields, so the failure line is not needed)
 * and the failure line, with 'Оновити' after a stale version.
 */
export function useRecordSave<T extends { name: string }, B>({
  save,
  editing,
  versionMessage,
  texts,
  setFailure,
  onFields,
  onSaved,
}: {
  save: (body: B) => Promise<T>;
  /** An existing record ('Збережено') rather than a new one ('Створено'). */
  editing: boolean;
  versionMessage: string;
  texts: { saved: string; created: string; saveFailed: string };
  setFailure: (failure: RecordFailure | null) => void;
  onFields: (fields: Record<string, string>) => boolean;
  onSaved: (record: T) => void;
}) {
  return useMutation({
    mutationFn: save,
    onMutate: () => setFailure(null),
    onSuccess: (saved) => {
      toast({ title: editing ? texts.saved : texts.created, description: saved.name });
      onSaved(saved);
    },
    onError: (error) => {
      const stale = isStaleVersion(error, versionMessage);
      const placed = error instanceof ApiError && error.fields ? onFields(error.fields) : false;
      if (!placed || stale) setFailure({ message: serverMessageOf(error) ?? texts.saveFailed, stale });
    },
  });
}

/** 'Видалити' for RecordFormFooter: the saved record, to who may change it, by the form's action mutation. */
export function recordRemoval(
  record: { name: string } | undefined,
  canChange: boolean,
  action: { isPending: boolean; mutateAsync: (kind: 'delete') => Promise<unknown> },
) {
  return record && canChange
    ? { name: record.name, pending: action.isPending, run: () => action.mutateAsync('delete') }
    : null;
}
