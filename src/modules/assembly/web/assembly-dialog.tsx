// The create/edit dialog of an assembly draft (production.md §8): the kit, how many, the warehouse, the date and the
// notes, and the component lines (assembly-lines.tsx) — 'Заповнити зі специфікації' fills them from the kit's BOM ×
// qty (one level, no scrap) and they stay editable. 'Зберегти' creates the draft (POST) or sends what changed with the
// version read (PATCH); posting, deleting and cancelling are in the document's drawer.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ListChecksIcon, Loader2Icon } from 'lucide-react';
import {
  assemblyMessages,
  type Assembly,
  type AssemblyCreateBody,
  type AssemblyType,
} from '@/modules/assembly/assembly.contract.ts';
import { ItemPicker } from '@/modules/items/web/index.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import {
  DocumentDialog,
  DocumentFailure,
  SaveDraftButton,
  useDocumentDialog,
  useReportGuard,
  type DialogGuard,
} from '@/web/components/document-dialog.tsx';
import { formFields } from '@/web/components/document-fields.tsx';
import { applyFieldErrors, changedFields, failureOf } from '@/web/components/document-form.ts';
import { RECORD_FOOTER_CLASS, type RecordFailure } from '@/web/components/record-dialog.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { DialogFooter } from '@/web/components/ui/dialog.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { useUnsavedChanges } from '@/web/components/unsaved-changes.tsx';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { assemblyApi, assemblyQueryKey, isAssemblyListQuery } from './assembly.api.ts';
import {
  ASSEMBLY_FIELDS,
  assemblyResolver,
  bodyOf,
  prefilledLines,
  toForm,
  type AssemblyFormValues,
} from './assembly-form.ts';
import { AssemblyLines } from './assembly-lines.tsx';
import { assemblyWebMessages } from './assembly.messages.ts';

const m = assemblyWebMessages.dialog;
const toasts = assemblyWebMessages.toast;

export function AssemblyDialog({
  assemblyId,
  type,
  onSaved,
  onClose,
}: {
  /** Absent when creating. */
  assemblyId?: number;
  /** The type of a new document. */
  type: AssemblyType;
  onSaved: (doc: Assembly) => void;
  onClose: () => void;
}) {
  const dialog = useDocumentDialog({
    id: assemblyId,
    queryKey: assemblyQueryKey(assemblyId ?? 0),
    get: assemblyApi.get,
    reloadFailed: toasts.reloadFailed,
  });
  const doc = dialog.doc;
  return (
    <DocumentDialog
      state={dialog}
      texts={{ loading: m.loading, loadError: m.loadError, retry: assemblyWebMessages.retry }}
      title={doc ? m.title(doc.number) : m.createTitle[type]}
      description={doc ? m.draftDescription : m.createDescription}
      className="sm:max-w-3xl"
      onClose={onClose}
    >
      {(requestClose) => (
        <AssemblyEditor
          key={dialog.editorKey}
          doc={doc}
          type={type}
          onSaved={onSaved}
          onGuardChange={dialog.setGuard}
          onReload={dialog.reload}
          onClose={requestClose}
        />
      )}
    </DocumentDialog>
  );
}

function AssemblyEditor({
  doc,
  type,
  onSaved,
  onGuardChange,
  onReload,
  onClose,
}: {
  doc: Assembly | undefined;
  type: AssemblyType;
  onSaved: (doc: Assembly) => void;
  onGuardChange: (guard: DialogGuard) => void;
  onReload: (() => void) | undefined;
  onClose: () => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const form = useForm<AssemblyFormValues, unknown, AssemblyCreateBody>({
    resolver: assemblyResolver,
    defaultValues: toForm(doc, type),
  });
  const { errors, isDirty } = form.formState;
  const [failure, setFailure] = useState<RecordFailure | null>(null);
  const [kitId, kitLabel, kitQty, warehouseId, warehouseLabel, docType] = useWatch({
    control: form.control,
    name: ['itemId', 'itemLabel', 'qty', 'warehouseId', 'warehouseLabel', 'type'],
  });

  async function persist(values: AssemblyCreateBody): Promise<Assembly> {
    if (!doc) return assemblyApi.create(values);
    const { type: _type, ...changed } = changedFields(values, bodyOf(doc));
    return assemblyApi.update(doc.id, { version: doc.version, ...changed });
  }

  const save = useMutation({
    mutationFn: persist,
    onMutate: () => setFailure(null),
    onSuccess: (saved) => {
      toast({ title: doc ? toasts.saved : toasts.created, description: saved.number });
      void queryClient.invalidateQueries({ predicate: isAssemblyListQuery });
      form.reset(toForm(saved));
      onSaved(saved);
    },
    onError: (error) => {
      const placed = applyFieldErrors(error, form, ASSEMBLY_FIELDS);
      setFailure(failureOf(error, { placed, versionMessage: assemblyMessages.version, fallback: toasts.saveFailed }));
    },
  });

  const qtyText = (kitQty ?? '').trim().replace(',', '.').replace(/\s/g, '');
  const canPrefill = kitId !== null && /^\d+(\.\d{1,4})?$/.test(qtyText) && /[1-9]/.test(qtyText);
  const prefill = useMutation({
    mutationFn: () => assemblyApi.prefill(kitId!, qtyText),
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      form.setValue('lines', prefilledLines(result), { shouldDirty: true });
      if (form.formState.isSubmitted) void form.trigger('lines');
      toast({ title: m.prefilled(result.bomName, result.lines.length) });
    },
    onError: (error) => setFailure({ message: serverMessageOf(error) ?? m.prefillFailed, stale: false }),
  });

  const busy = save.isPending || prefill.isPending;
  useReportGuard(onGuardChange, isDirty, busy);
  // Closing the dialog asks through its guard; leaving the page or closing the tab asks the browser's own question.
  useUnsavedChanges(isDirty);
  const { aria, box: fieldBox } = formFields(formId, errors);

  return (
    <>
      <form
        id={formId}
        noValidate
        className="grid min-w-0 gap-6"
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
      >
        <fieldset disabled={busy} className="grid min-w-0 gap-6">
          <legend className="sr-only">{m.header}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {fieldBox(
              'itemId',
              m.kit,
              <Controller
                control={form.control}
                name="itemId"
                render={({ field }) => (
                  <ItemPicker
                    ref={field.ref}
                    value={field.value}
                    valueLabel={kitLabel}
                    warehouseId={warehouseId}
                    placeholder={m.kitPlaceholder}
                    onPick={(item) => {
                      form.setValue('itemLabel', item.name, { shouldDirty: true });
                      form.setValue('itemSku', item.sku);
                      field.onChange(item.id);
                    }}
                    onBlur={field.onBlur}
                    {...aria('itemId', true)}
                  />
                )}
              />,
              { required: true },
            )}
            {fieldBox(
              'qty',
              m.kitQty,
              <Input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                className="tabular-nums"
                {...aria('qty', true)}
                {...form.register('qty')}
              />,
              { required: true },
            )}
            {fieldBox(
              'warehouseId',
              m.warehouse,
              <Controller
                control={form.control}
                name="warehouseId"
                render={({ field }) => (
                  <ReferencePicker
                    ref={field.ref}
                    route="/warehouses"
                    value={field.value}
                    valueLabel={warehouseLabel}
                    placeholder={m.warehousePlaceholder}
                    onChange={(value, picked) => {
                      form.setValue('warehouseLabel', picked, { shouldDirty: true });
                      field.onChange(value);
                    }}
                    onBlur={field.onBlur}
                    {...aria('warehouseId', true)}
                  />
                )}
              />,
              { required: true },
            )}
            {fieldBox(
              'documentDate',
              m.documentDate,
              <Controller
                control={form.control}
                name="documentDate"
                render={({ field: f }) => (
                  <DateField {...aria('documentDate', true)} value={f.value ?? ''} onChange={f.onChange} />
                )}
              />,
              { required: true },
            )}
            {fieldBox(
              'notes',
              m.notes,
              <Textarea rows={2} maxLength={2000} {...aria('notes')} {...form.register('notes')} />,
              { className: 'sm:col-span-2' },
            )}
          </div>
          <AssemblyLines
            form={form}
            formId={formId}
            title={m.components[docType]}
            warehouseId={warehouseId}
            action={
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={!canPrefill || busy}
                title={canPrefill ? undefined : m.prefillNeeds}
                onClick={() => prefill.mutate()}
              >
                {prefill.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <ListChecksIcon aria-hidden="true" />
                )}
                {prefill.isPending ? m.prefilling : m.prefill}
              </Button>
            }
          />
        </fieldset>
        <DocumentFailure failure={failure} reloadLabel={m.reload} onReload={onReload} />
      </form>
      <DialogFooter className={cn(RECORD_FOOTER_CLASS, 'grid grid-cols-2 sm:flex')}>
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          {m.close}
        </Button>
        <SaveDraftButton
          formId={formId}
          saving={save.isPending}
          disabled={busy || (doc !== undefined && !isDirty)}
          texts={m}
        />
      </DialogFooter>
    </>
  );
}
