// The form of a document's draft inside its DocumentDialog (assemblies, transfers, any draft edited in one form):
// 'Зберегти' that creates the draft or sends what changed with the version read, the server's refusal under its
// inputs or above the footer; the frame — the fieldset locked while saving, the failure with 'Оновити документ'
// after a stale version, and the footer with 'Закрити' and 'Зберегти'; and the header's date and notes fields.
import { Fragment, useState, type FormEventHandler, type ReactNode } from 'react';
import { useMutation, useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { DateField } from '@/web/components/date-field.tsx';
import {
  DocumentDialog,
  DocumentFailure,
  SaveDraftButton,
  useDocumentDialog,
  type DialogGuard,
  type DocumentLoadTexts,
} from '@/web/components/document-dialog.tsx';
import type { formFields } from '@/web/components/document-fields.tsx';
import {
  applyFieldErrors,
  failureOf,
  type DocumentFieldNames,
  type DocumentFormValues,
} from '@/web/components/document-form.ts';
import { RECORD_FOOTER_CLASS, type RecordFailure } from '@/web/components/record-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { DialogFooter } from '@/web/components/ui/dialog.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';

/**
 * 'Зберегти' of a draft's form: `persist` creates it (no `doc` yet) or updates it; then a toast, the lists asked
 * again, the form reset to the saved copy and `onSaved`. A refusal lands under the inputs it names (`fields`), the
 * rest — and a stale version — above the footer (`failure`).
 */
export function useDraftSave<V extends DocumentFormValues, B extends FieldValues, T extends { number: string }>({
  form,
  creating,
  persist,
  fields,
  versionMessage,
  toasts,
  isListQuery,
  toForm,
  onSaved,
}: {
  form: UseFormReturn<V, unknown, B>;
  creating: boolean;
  persist: (values: B) => Promise<T>;
  fields: DocumentFieldNames;
  /** The contract's words for a stale version. */
  versionMessage: string;
  toasts: { created: string; saved: string; saveFailed: string };
  isListQuery: (query: Query) => boolean;
  toForm: (saved: T) => V;
  onSaved: (saved: T) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<RecordFailure | null>(null);
  const save = useMutation({
    mutationFn: persist,
    onMutate: () => setFailure(null),
    onSuccess: (saved) => {
      toast({ title: creating ? toasts.created : toasts.saved, description: saved.number });
      void queryClient.invalidateQueries({ predicate: isListQuery });
      form.reset(toForm(saved));
      onSaved(saved);
    },
    onError: (error) => {
      const placed = applyFieldErrors(error, form, fields);
      setFailure(failureOf(error, { placed, versionMessage, fallback: toasts.saveFailed }));
    },
  });
  return {
    save,
    failure,
    setFailure,
    /** The form's submit: checked, then saved. */
    submit: form.handleSubmit((values) => save.mutate(values)),
    /** 'Зберегти' has nothing to send: an existing draft with nothing changed. */
    unchanged: !creating && !form.formState.isDirty,
  };
}

/** What the frame needs of useDraftSave. */
export interface DraftSave {
  save: { isPending: boolean };
  failure: RecordFailure | null;
  submit: FormEventHandler<HTMLFormElement>;
  unchanged: boolean;
}

/**
 * The frame of a draft's form `formId`: the fields (`children`) in a fieldset locked while `busy`, the failure, and
 * the footer — 'Закрити' and 'Зберегти' (disabled for an existing draft with nothing changed).
 */
export function DraftEditorFrame({
  formId,
  draft,
  legend,
  busy,
  onReload,
  texts,
  onClose,
  children,
}: {
  formId: string;
  draft: DraftSave;
  legend: string;
  /** A request under way (the save, or the form's own): the fields and the footer wait. */
  busy: boolean;
  onReload: (() => void) | undefined;
  texts: { close: string; save: string; saving: string; reload: string };
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <form id={formId} noValidate className="grid min-w-0 gap-6" onSubmit={draft.submit}>
        <fieldset disabled={busy} className="grid min-w-0 gap-6">
          <legend className="sr-only">{legend}</legend>
          {children}
        </fieldset>
        <DocumentFailure failure={draft.failure} reloadLabel={texts.reload} onReload={onReload} />
      </form>
      <DialogFooter className={cn(RECORD_FOOTER_CLASS, 'grid grid-cols-2 sm:flex')}>
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          {texts.close}
        </Button>
        <SaveDraftButton
          formId={formId}
          saving={draft.save.isPending}
          disabled={busy || draft.unchanged}
          texts={texts}
        />
      </DialogFooter>
    </>
  );
}

type Fields<V extends FieldValues> = ReturnType<typeof formFields<V>>;

/** The document's date (required, дд.мм.рррр) as a labelled field of the form. */
export function documentDateBox<V extends FieldValues, B>(
  form: UseFormReturn<V, unknown, B>,
  fields: Fields<V>,
  label: string,
) {
  const name = 'documentDate' as FieldPath<V>;
  return fields.box(
    name,
    label,
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <DateField {...fields.aria(name, true)} value={(f.value as string | undefined) ?? ''} onChange={f.onChange} />
      )}
    />,
    { required: true },
  );
}

/** The document's notes as a labelled field across the header's columns. */
export function notesBox<V extends FieldValues, B>(
  form: UseFormReturn<V, unknown, B>,
  fields: Fields<V>,
  label: string,
) {
  const name = 'notes' as FieldPath<V>;
  return fields.box(
    name,
    label,
    <Textarea rows={2} maxLength={2000} {...fields.aria(name)} {...form.register(name)} />,
    {
      className: 'sm:col-span-2',
    },
  );
}

/** What a draft's dialog gives its form: the document (absent when creating) and the dialog's hooks. */
export interface DraftEditorProps<T> {
  doc: T | undefined;
  onGuardChange: (guard: DialogGuard) => void;
  onReload: (() => void) | undefined;
  onClose: () => void;
}

/**
 * The dialog of a draft: the document `id` read afresh (none when creating), the title and description by it, and
 * the form (`children`) given the document — started again from the server's copy after a reload.
 */
export function DraftDialog<T extends { id: number; number: string }>({
  id,
  queryKey,
  get,
  texts,
  title,
  description,
  className = 'sm:max-w-3xl',
  onClose,
  children,
}: {
  /** Absent when creating. */
  id: number | undefined;
  queryKey: QueryKey;
  get: (id: number) => Promise<T>;
  texts: DocumentLoadTexts & { reloadFailed: string };
  title: (doc: T | undefined) => string;
  description: (doc: T | undefined) => string;
  className?: string;
  onClose: () => void;
  children: (editor: DraftEditorProps<T>) => ReactNode;
}) {
  const dialog = useDocumentDialog({ id, queryKey, get, reloadFailed: texts.reloadFailed });
  const doc = dialog.doc;
  return (
    <DocumentDialog
      state={dialog}
      texts={texts}
      title={title(doc)}
      description={description(doc)}
      className={className}
      onClose={onClose}
    >
      {(requestClose) => (
        <Fragment key={dialog.editorKey}>
          {children({ doc, onGuardChange: dialog.setGuard, onReload: dialog.reload, onClose: requestClose })}
        </Fragment>
      )}
    </DocumentDialog>
  );
}
