// The create/edit dialog of a transfer draft (warehouse.md §7): date, source and destination warehouses, the reason,
// and the lines (transfer-lines.tsx) — each with the source warehouse's available quantity and a warning when more is
// asked for. 'Зберегти' creates the draft (POST) or sends what changed with the version read (PATCH); posting,
// deleting and printing are in the document's drawer.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  transferMessages,
  type Transfer,
  type TransferCreateBody,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { lookupBase } from '@/resources/_engine/web/resource-api.ts';
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
import { useLookupLabel } from '@/web/components/document-view.tsx';
import { RECORD_FOOTER_CLASS, type RecordFailure } from '@/web/components/record-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { DialogFooter } from '@/web/components/ui/dialog.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import {
  bodyOf,
  toForm,
  TRANSFER_FIELDS,
  transferResolver,
  type TransferFormValues,
  type TransferPrefill,
} from './transfer-form.ts';
import {
  availabilityQueryKey,
  isTransferListQuery,
  transferQueryKey,
  transfersApi,
  type AvailabilityRow,
} from './warehouse-transfers.api.ts';
import { transfersWebMessages } from './warehouse-transfers.messages.ts';
import { TransferLines } from './transfer-lines.tsx';

const m = transfersWebMessages.dialog;
const toasts = transfersWebMessages.toast;

export function TransferDialog({
  transferId,
  prefill,
  onSaved,
  onClose,
}: {
  /** Absent when creating. */
  transferId?: number;
  prefill?: TransferPrefill;
  onSaved: (transfer: Transfer) => void;
  onClose: () => void;
}) {
  const dialog = useDocumentDialog({
    id: transferId,
    queryKey: transferQueryKey(transferId ?? 0),
    get: transfersApi.get,
    reloadFailed: toasts.reloadFailed,
  });
  const transfer = dialog.doc;

  return (
    <DocumentDialog
      state={dialog}
      texts={{
        loading: m.loading,
        loadError: m.loadError,
        retry: transfersWebMessages.retry,
      }}
      title={transfer ? m.title(transfer.number) : m.createTitle}
      description={transfer ? m.draftDescription : m.createDescription}
      className="sm:max-w-3xl"
      onClose={onClose}
    >
      {(requestClose) => (
        <TransferEditor
          key={dialog.editorKey}
          transfer={transfer}
          prefill={prefill}
          onSaved={onSaved}
          onGuardChange={dialog.setGuard}
          onReload={dialog.reload}
          onClose={requestClose}
        />
      )}
    </DocumentDialog>
  );
}

function TransferEditor({
  transfer,
  prefill,
  onSaved,
  onGuardChange,
  onReload,
  onClose,
}: {
  transfer: Transfer | undefined;
  prefill?: TransferPrefill;
  onSaved: (transfer: Transfer) => void;
  onGuardChange: (guard: DialogGuard) => void;
  onReload: (() => void) | undefined;
  onClose: () => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const form = useForm<TransferFormValues, unknown, TransferCreateBody>({
    resolver: transferResolver,
    defaultValues: toForm(transfer, prefill),
  });
  const { errors, isDirty } = form.formState;
  const [failure, setFailure] = useState<RecordFailure | null>(null);

  const [fromWarehouseId, fromLabel, toLabel, lines] = useWatch({
    control: form.control,
    name: ['fromWarehouseId', 'fromWarehouseLabel', 'toWarehouseLabel', 'lines'],
  });
  const fromName = useLookupLabel(lookupBase('/warehouses'), fromWarehouseId, fromLabel);
  const itemIds = [...new Set((lines ?? []).map((line) => line.itemId).filter((id): id is number => id !== null))];
  const availabilityQuery = useQuery<AvailabilityRow[]>({
    queryKey: availabilityQueryKey(fromWarehouseId ?? 0, itemIds),
    enabled: fromWarehouseId !== null && itemIds.length > 0,
    placeholderData: (previous) => previous,
  });
  const stockOf = new Map((availabilityQuery.data ?? []).map((row) => [row.itemId, row]));

  async function persist(values: TransferCreateBody): Promise<Transfer> {
    if (!transfer) return transfersApi.create(values);
    return transfersApi.update(transfer.id, {
      version: transfer.version,
      ...changedFields(values, bodyOf(transfer)),
    });
  }

  const save = useMutation({
    mutationFn: persist,
    onMutate: () => setFailure(null),
    onSuccess: (saved) => {
      toast({ title: transfer ? toasts.saved : toasts.created, description: saved.number });
      void queryClient.invalidateQueries({ predicate: isTransferListQuery });
      form.reset(toForm(saved));
      onSaved(saved);
    },
    onError: (error) => {
      const placed = applyFieldErrors(error, form, TRANSFER_FIELDS);
      setFailure(failureOf(error, { placed, versionMessage: transferMessages.version, fallback: toasts.saveFailed }));
    },
  });

  const busy = save.isPending;
  useReportGuard(onGuardChange, isDirty, busy);

  const { aria, box: fieldBox } = formFields(formId, errors);

  const warehousePicker = (
    name: 'fromWarehouseId' | 'toWarehouseId',
    labelName: 'fromWarehouseLabel' | 'toWarehouseLabel',
    label: string,
    valueLabel: string | null,
  ) =>
    fieldBox(
      name,
      label,
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <ReferencePicker
            ref={field.ref}
            route="/warehouses"
            value={field.value}
            valueLabel={valueLabel}
            placeholder={m.warehousePlaceholder}
            onChange={(value, picked) => {
              form.setValue(labelName, picked, { shouldDirty: true });
              field.onChange(value);
              if (form.formState.isSubmitted) void form.trigger(['fromWarehouseId', 'toWarehouseId']);
            }}
            onBlur={field.onBlur}
            {...aria(name, true)}
          />
        )}
      />,
      { required: true },
    );

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
            {warehousePicker('fromWarehouseId', 'fromWarehouseLabel', m.from, fromName)}
            {warehousePicker('toWarehouseId', 'toWarehouseLabel', m.to, toLabel)}
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
              'reason',
              m.reason,
              <Input
                type="text"
                autoComplete="off"
                maxLength={500}
                placeholder={m.reasonPlaceholder}
                {...aria('reason')}
                {...form.register('reason')}
              />,
            )}
            {fieldBox(
              'notes',
              m.notes,
              <Textarea rows={2} maxLength={2000} {...aria('notes')} {...form.register('notes')} />,
              { className: 'sm:col-span-2' },
            )}
          </div>
          <TransferLines form={form} formId={formId} sourceWarehouseId={fromWarehouseId} stockOf={stockOf} />
        </fieldset>
        <DocumentFailure failure={failure} reloadLabel={m.reload} onReload={onReload} />
      </form>
      <DialogFooter className={cn(RECORD_FOOTER_CLASS, 'grid grid-cols-2 sm:flex')}>
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          {m.close}
        </Button>
        <SaveDraftButton
          formId={formId}
          saving={busy}
          disabled={busy || (transfer !== undefined && !isDirty)}
          texts={m}
        />
      </DialogFooter>
    </>
  );
}
