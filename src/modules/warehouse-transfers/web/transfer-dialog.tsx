// The create/edit dialog of a transfer draft (warehouse.md §7): date, source and destination warehouses, the reason,
// and the lines (transfer-lines.tsx) — each with the source warehouse's available quantity and a warning when more is
// asked for. 'Зберегти' creates the draft (POST) or sends what changed with the version read (PATCH); posting,
// deleting and printing are in the document's drawer.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  transferMessages,
  type Transfer,
  type TransferCreateBody,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { lookupBase } from '@/resources/_engine/web/resource-api.ts';
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
import { useLookupLabel } from '@/web/components/document-view.tsx';
import { Input } from '@/web/components/ui/input.tsx';
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
  return (
    <DraftDialog
      id={transferId}
      queryKey={transferQueryKey(transferId ?? 0)}
      get={transfersApi.get}
      texts={{
        loading: m.loading,
        loadError: m.loadError,
        retry: transfersWebMessages.retry,
        reloadFailed: toasts.reloadFailed,
      }}
      title={(transfer) => (transfer ? m.title(transfer.number) : m.createTitle)}
      description={(transfer) => (transfer ? m.draftDescription : m.createDescription)}
      onClose={onClose}
    >
      {({ doc, ...editor }) => <TransferEditor {...editor} transfer={doc} prefill={prefill} onSaved={onSaved} />}
    </DraftDialog>
  );
}

function TransferEditor({
  transfer,
  prefill,
  onSaved,
  onGuardChange,
  onReload,
  onClose,
}: Omit<DraftEditorProps<Transfer>, 'doc'> & {
  transfer: Transfer | undefined;
  prefill?: TransferPrefill;
  onSaved: (transfer: Transfer) => void;
}) {
  const formId = useId();
  const form = useForm<TransferFormValues, unknown, TransferCreateBody>({
    resolver: transferResolver,
    defaultValues: toForm(transfer, prefill),
  });
  const { errors, isDirty } = form.formState;
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

  const draft = useDraftSave({
    form,
    creating: !transfer,
    persist: async (values: TransferCreateBody): Promise<Transfer> => {
      if (!transfer) return transfersApi.create(values);
      return transfersApi.update(transfer.id, {
        version: transfer.version,
        ...changedFields(values, bodyOf(transfer)),
      });
    },
    fields: TRANSFER_FIELDS,
    versionMessage: transferMessages.version,
    toasts,
    isListQuery: isTransferListQuery,
    toForm: (saved) => toForm(saved),
    onSaved,
  });

  const busy = draft.save.isPending;
  useReportGuard(onGuardChange, isDirty, busy);

  const fields = formFields(formId, errors);
  const { aria, box: fieldBox } = fields;

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
        {warehousePicker('fromWarehouseId', 'fromWarehouseLabel', m.from, fromName)}
        {warehousePicker('toWarehouseId', 'toWarehouseLabel', m.to, toLabel)}
        {documentDateBox(form, fields, m.documentDate)}
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
        {notesBox(form, fields, m.notes)}
      </div>
      <TransferLines form={form} formId={formId} sourceWarehouseId={fromWarehouseId} stockOf={stockOf} />
    </DraftEditorFrame>
  );
}
