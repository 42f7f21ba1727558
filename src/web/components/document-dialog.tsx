// The dialog of a document's draft (receipts, transfers, and any document edited in one form): the document read
// afresh each time the dialog opens, then the copy the last save or step returned; its server copy again after a
// stale version; a close that waits while a request runs and asks before unsaved changes are dropped; the loading
// and load-error states; and the end of the form — the failure (with 'Оновити документ' after a stale version),
// 'Зберегти', and 'Видалити чернетку?'. The form and the footer's other buttons are the module's.
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Loader2Icon, RefreshCwIcon, SaveIcon } from 'lucide-react';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import type { ConfirmTexts, RecordFailure } from '@/web/components/record-dialog.tsx';
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
import { uiMessages } from '@/web/lib/ui.messages.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';

const formTexts = uiMessages.documentForm;

/** What the open form tells its dialog: unsaved changes (ask before closing), a request under way (do not close). */
export interface DialogGuard {
  dirty: boolean;
  busy: boolean;
}

const idle: DialogGuard = { dirty: false, busy: false };

/**
 * The document a dialog shows: the query's copy until a save, a step or a reload answers with a newer one
 * (`setLatest`). `editorKey` changes with each reload, so the form starts again from the server's copy.
 */
export function useDocumentDialog<T extends { id: number }>({
  id,
  queryKey,
  get,
  reloadFailed,
}: {
  /** Absent when creating. */
  id: number | undefined;
  queryKey: QueryKey;
  get: (id: number) => Promise<T>;
  /** The toast's title when the server's copy could not be loaded. */
  reloadFailed: string;
}) {
  const [latest, setLatest] = useState<T | undefined>();
  const [editorKey, setEditorKey] = useState(0);
  const [guard, setGuard] = useState<DialogGuard>(idle);
  // Asked afresh each time the dialog opens: another user may have changed the document meanwhile.
  const query = useQuery<T>({ queryKey, enabled: id !== undefined, gcTime: 0 });
  const doc = latest ?? (id !== undefined ? query.data : undefined);

  /** After a conflict: the server's current copy replaces the form (its changes are dropped). */
  async function reload(docId: number) {
    try {
      setLatest(await get(docId));
      setEditorKey((key) => key + 1);
    } catch (error) {
      toast({ variant: 'destructive', title: reloadFailed, description: serverMessageOf(error) });
    }
  }

  return {
    query,
    doc,
    /** An existing document whose first copy has not arrived yet. */
    loading: id !== undefined && !doc,
    editorKey,
    guard,
    setGuard,
    setLatest,
    reload: doc ? () => void reload(doc.id) : undefined,
  };
}

/** The open form reports its guard while it is mounted (and clears it when it goes). */
export function useReportGuard(onGuardChange: (guard: DialogGuard) => void, dirty: boolean, busy: boolean) {
  useEffect(() => {
    onGuardChange({ dirty, busy });
    return () => onGuardChange(idle);
  }, [dirty, busy, onGuardChange]);
}

/** What the frame needs of useDocumentDialog. */
export interface DocumentDialogState {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  loading: boolean;
  guard: DialogGuard;
}

/** The texts of a document's loading and its load error. */
export interface DocumentLoadTexts {
  loading: string;
  loadError: string;
  retry: string;
}

/** A document still loading, or its load error with a retry. */
export function DocumentLoadState({ query, texts }: { query: DocumentDialogState['query']; texts: DocumentLoadTexts }) {
  return query.isError ? (
    <StateMessage>
      <ListLoadError error={query.error} message={texts.loadError} retryText={texts.retry} onRetry={query.refetch} />
    </StateMessage>
  ) : (
    <StateMessage>
      <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
      <span role="status">{texts.loading}</span>
    </StateMessage>
  );
}

/**
 * The dialog: the title with the document's status, the description ('Завантаження…' while it loads), the loading
 * or load error (with 'Закрити' under it when `texts.close` is given), then `children` — given the close that waits
 * for a request and asks first while the form has unsaved changes.
 */
export function DocumentDialog({
  state,
  texts,
  title,
  status,
  description,
  className,
  onClose,
  children,
}: {
  state: DocumentDialogState;
  /** `confirmClose` words the question before unsaved changes are dropped, when not the toolkit's. */
  texts: DocumentLoadTexts & { close?: string; confirmClose?: ConfirmTexts };
  title: string;
  status?: ReactNode;
  description: string;
  /** The dialog's width ('sm:max-w-5xl'). */
  className: string;
  onClose: () => void;
  children: (requestClose: () => void) => ReactNode;
}) {
  const [confirmClose, setConfirmClose] = useState(false);
  const { query, loading, guard } = state;
  const ask = texts.confirmClose ?? formTexts.confirmClose;

  function requestClose() {
    if (guard.busy) return;
    if (guard.dirty) setConfirmClose(true);
    else onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && requestClose()}>
      <DialogContent className={cn('gap-5 p-4 sm:p-6', className)}>
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {title}
            {status}
          </DialogTitle>
          <DialogDescription>{loading ? texts.loading : description}</DialogDescription>
        </DialogHeader>
        {loading ? <DocumentLoadState query={query} texts={texts} /> : children(requestClose)}
        {loading && query.isError && texts.close ? (
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {texts.close}
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
      {confirmClose ? (
        <ConfirmDialog
          title={ask.title}
          description={ask.description}
          confirmLabel={ask.confirm}
          cancelLabel={ask.cancel}
          destructive
          onConfirm={onClose}
          onClose={() => setConfirmClose(false)}
        />
      ) : null}
    </Dialog>
  );
}

/** A refused save or step, above the footer; after a stale version, 'Оновити документ' loads the server's copy. */
export function DocumentFailure({
  failure,
  reloadLabel,
  onReload,
}: {
  failure: RecordFailure | null;
  reloadLabel: string;
  onReload: (() => void) | undefined;
}) {
  if (!failure) return null;
  return (
    <FormFailure>
      <span>{failure.message}</span>
      {failure.stale && onReload ? (
        <Button type="button" variant="outline" size="sm" onClick={onReload}>
          <RefreshCwIcon aria-hidden="true" />
          {reloadLabel}
        </Button>
      ) : null}
    </FormFailure>
  );
}

/** 'Зберегти' of the form `formId` (from the footer, outside the form); 'Зберігаю...' with a spinner while it saves. */
export function SaveDraftButton({
  formId,
  saving,
  disabled,
  variant = 'default',
  texts,
}: {
  formId: string;
  saving: boolean;
  disabled: boolean;
  /** 'outline' where another step ('Провести') is the primary one. */
  variant?: 'default' | 'outline';
  texts: { save: string; saving: string };
}) {
  return (
    <Button type="submit" form={formId} variant={variant} disabled={disabled}>
      {saving ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
      {saving ? texts.saving : texts.save}
    </Button>
  );
}

/**
 * 'Видалити чернетку?' of the draft `number`; it stays open until the server answers. `children` show under the
 * question (the server's refusal, where the module keeps the dialog open to show it).
 */
export function DeleteDraftDialog({
  number,
  pending,
  texts = formTexts.confirmDelete,
  children,
  onConfirm,
  onClose,
}: {
  number: string;
  pending: boolean;
  /** The question in the module's words, when not the toolkit's. */
  texts?: Omit<ConfirmTexts, 'description'> & { description: (number: string) => string };
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={texts.title}
      description={texts.description(number)}
      confirmLabel={texts.confirm}
      cancelLabel={texts.cancel}
      pending={pending}
      destructive
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}
