// The create/edit dialog of an assembly draft (production.md §8): the kit, how many, the warehouse, the date and the
// notes, and the component lines (assembly-lines.tsx) — 'Заповнити зі специфікації' fills them from the kit's BOM ×
// qty (one level, no scrap) and they stay editable. 'Зберегти' creates the draft (POST) or sends what changed with the
// version read (PATCH); posting, deleting and cancelling are in the document's drawer.
import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
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
import { useReportGuard } from '@/web/components/document-dialog.tsx';
import {
  documentDateBox,
  DraftDialog,
  DraftEditorFrame,
  notesBox,
  useDraftSave,
  type DraftEditorProps,
} from '@/web/components/document-editor.tsx';
import { formFields } from '@/web/components/document-fields.tsx';
import { changedFields } from '@/web/components/document-form.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { useUnsavedChanges } from '@/web/components/unsaved-changes.tsx';
import { toast } from '@/web/lib/use-toast.ts';
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
  return (
    <DraftDialog
      id={assemblyId}
      queryKey={assemblyQueryKey(assemblyId ?? 0)}
      get={assemblyApi.get}
      texts={{
        loading: m.loading,
        loadError: m.loadError,
        retry: assemblyWebMessages.retry,
        reloadFailed: toasts.reloadFailed,
      }}
      title={(doc) => (doc ? m.title(doc.number) : m.createTitle[type])}
      description={(doc) => (doc ? m.draftDescription : m.createDescription)}
      onClose={onClose}
    >
      {(editor) => <AssemblyEditor {...editor} type={type} onSaved={onSaved} />}
    </DraftDialog>
  );
}

function AssemblyEditor({
  doc,
  type,
  onSaved,
  onGuardChange,
  onReload,
  onClose,
}: DraftEditorProps<Assembly> & {
  type: AssemblyType;
  onSaved: (doc: Assembly) => void;
}) {
  const formId = useId();
  const form = useForm<AssemblyFormValues, unknown, AssemblyCreateBody>({
    resolver: assemblyResolver,
    defaultValues: toForm(doc, type),
  });
  const { errors, isDirty } = form.formState;
  const [kitId, kitLabel, kitQty, warehouseId, warehouseLabel, docType] = useWatch({
    control: form.control,
    name: ['itemId', 'itemLabel', 'qty', 'warehouseId', 'warehouseLabel', 'type'],
  });

  const draft = useDraftSave({
    form,
    creating: !doc,
    persist: async (values: AssemblyCreateBody): Promise<Assembly> => {
      if (!doc) return assemblyApi.create(values);
      const { type: _type, ...changed } = changedFields(values, bodyOf(doc));
      return assemblyApi.update(doc.id, { version: doc.version, ...changed });
    },
    fields: ASSEMBLY_FIELDS,
    versionMessage: assemblyMessages.version,
    toasts,
    isListQuery: isAssemblyListQuery,
    toForm: (saved) => toForm(saved),
    onSaved,
  });

  const qtyText = (kitQty ?? '').trim().replace(',', '.').replace(/\s/g, '');
  const canPrefill = kitId !== null && /^\d+(\.\d{1,4})?$/.test(qtyText) && /[1-9]/.test(qtyText);
  const prefill = useMutation({
    mutationFn: () => assemblyApi.prefill(kitId!, qtyText),
    onMutate: () => draft.setFailure(null),
    onSuccess: (result) => {
      form.setValue('lines', prefilledLines(result), { shouldDirty: true });
      if (form.formState.isSubmitted) void form.trigger('lines');
      toast({ title: m.prefilled(result.bomName, result.lines.length) });
    },
    onError: (error) => draft.setFailure({ message: serverMessageOf(error) ?? m.prefillFailed, stale: false }),
  });

  const busy = draft.save.isPending || prefill.isPending;
  useReportGuard(onGuardChange, isDirty, busy);
  // Closing the dialog asks through its guard; leaving the page or closing the tab asks the browser's own question.
  useUnsavedChanges(isDirty);
  const fields = formFields(formId, errors);
  const { aria, box: fieldBox } = fields;

  return (
    <DraftEditorFrame
      formId={formId}
      draft={draft}
      legend={m.header}
      busy={busy}
      onReload={onReload}
      texts={m}
      onClose={onClose}
    >
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
        {documentDateBox(form, fields, m.documentDate)}
        {notesBox(form, fields, m.notes)}
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
    </DraftEditorFrame>
  );
}
