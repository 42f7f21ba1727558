// The create/edit dialog of a transfer draft (warehouse.md §7): date, source and destination warehouses, the reason,
// and the lines (transfer-lines.tsx) — each with the source warehouse's available quantity and a warning when more is
// asked for. 'Зберегти' creates the draft (POST) or sends what changed with the version read (PATCH); posting,
// deleting and printing are in the document's drawer.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Loader2Icon, RefreshCwIcon, SaveIcon } from 'lucide-react';
import {
  transferMessages,
  type Transfer,
  type TransferCreateBody,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
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
import { DateField } from '@/web/components/date-field.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import {
  applyTransferFieldErrors,
  bodyOf,
  changedFields,
  toForm,
  transferResolver,
  type TransferFormValues,
  type TransferPrefill,
} from './transfer-form.ts';
import { ConfirmDialog, FormFailure, useLookupLabel } from './transfer-parts.tsx';
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
const FOOTER_CLASS =
  'sticky -bottom-4 z-10 -mx-4 -mb-4 gap-2 border-t bg-background px-4 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6';

interface Guard {
  dirty: boolean;
  busy: boolean;
}

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
  const [latest, setLatest] = useState<Transfer | undefined>();
  const [editorKey, setEditorKey] = useState(0);
  const [guard, setGuard] = useState<Guard>({ dirty: false, busy: false });
  const [confirmClose, setConfirmClose] = useState(false);
  // Asked afresh each time the dialog opens: another user may have changed the document meanwhile.
  const query = useQuery<Transfer>({
    queryKey: transferQueryKey(transferId ?? 0),
    enabled: transferId !== undefined,
    gcTime: 0,
  });
  const transfer = latest ?? (transferId !== undefined ? query.data : undefined);

  function requestClose() {
    if (guard.busy) return;
    if (guard.dirty) setConfirmClose(true);
    else onClose();
  }

  /** After a conflict: the server's current copy replaces the form (its changes are dropped). */
  async function reload(id: number) {
    try {
      setLatest(await transfersApi.get(id));
      setEditorKey((key) => key + 1);
    } catch (error) {
      toast({ variant: 'destructive', title: toasts.reloadFailed, description: serverMessageOf(error) });
    }
  }

  const loading = transferId !== undefined && !transfer;
  let body: ReactNode;
  if (loading && query.isError) {
    body = (
      <StateMessage>
        <ListLoadError
          error={query.error}
          message={m.loadError}
          retryText={transfersWebMessages.retry}
          onRetry={query.refetch}
        />
      </StateMessage>
    );
  } else if (loading) {
    body = (
      <StateMessage>
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        <span role="status">{m.loading}</span>
      </StateMessage>
    );
  } else {
    body = (
      <TransferEditor
        key={editorKey}
        transfer={transfer}
        prefill={prefill}
        onSaved={onSaved}
        onGuardChange={setGuard}
        onReload={transfer ? () => void reload(transfer.id) : undefined}
        onClose={requestClose}
      />
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && requestClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{transfer ? m.title(transfer.number) : m.createTitle}</DialogTitle>
          <DialogDescription>
            {loading ? m.loading : transfer ? m.draftDescription : m.createDescription}
          </DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
      {confirmClose ? (
        <ConfirmDialog
          title={transfersWebMessages.confirmClose.title}
          description={transfersWebMessages.confirmClose.description}
          confirmLabel={transfersWebMessages.confirmClose.confirm}
          cancelLabel={transfersWebMessages.confirmClose.cancel}
          destructive
          onConfirm={onClose}
          onClose={() => setConfirmClose(false)}
        />
      ) : null}
    </Dialog>
  );
}

interface Failure {
  message: string;
  /** The version was stale: the way out is to reload the document. */
  stale: boolean;
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
  onGuardChange: (guard: Guard) => void;
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
  const [failure, setFailure] = useState<Failure | null>(null);

  const [fromWarehouseId, fromLabel, toLabel, lines] = useWatch({
    control: form.control,
    name: ['fromWarehouseId', 'fromWarehouseLabel', 'toWarehouseLabel', 'lines'],
  });
  const fromName = useLookupLabel('/warehouses', fromWarehouseId, fromLabel);
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
      const placed = applyTransferFieldErrors(error, form);
      const stale =
        error instanceof ApiError && error.status === 409 && error.serverMessage === transferMessages.version;
      setFailure(placed && !stale ? null : { message: serverMessageOf(error) ?? toasts.saveFailed, stale });
    },
  });

  const busy = save.isPending;
  useEffect(() => {
    onGuardChange({ dirty: isDirty, busy });
    return () => onGuardChange({ dirty: false, busy: false });
  }, [isDirty, busy, onGuardChange]);

  const idOf = (name: string) => `${formId}-${name}`;
  const errorOf = (name: FieldPath<TransferFormValues>) =>
    (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const aria = (name: FieldPath<TransferFormValues>, required = false) =>
    ({
      id: idOf(name),
      'aria-invalid': errorOf(name) ? true : undefined,
      'aria-describedby': `${idOf(name)}-message`,
      'aria-required': required ? true : undefined,
    }) as const;

  const fieldBox = (
    name: FieldPath<TransferFormValues>,
    label: string,
    input: ReactNode,
    { required = false, hint, className }: { required?: boolean; hint?: string; className?: string } = {},
  ) => (
    <div className={cn('grid min-w-0 content-start gap-2', className)}>
      <Label htmlFor={idOf(name)}>
        {label}
        {required ? (
          <span className="text-destructive dark:text-red-400" title={m.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {input}
      <FieldMessage id={`${idOf(name)}-message`} error={errorOf(name)} hint={hint} />
    </div>
  );

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
          <TransferLines form={form} formId={formId} hasSource={fromWarehouseId !== null} stockOf={stockOf} />
        </fieldset>
        {failure ? (
          <FormFailure>
            <span>{failure.message}</span>
            {failure.stale && onReload ? (
              <Button type="button" variant="outline" size="sm" onClick={onReload}>
                <RefreshCwIcon aria-hidden="true" />
                {m.reload}
              </Button>
            ) : null}
          </FormFailure>
        ) : null}
      </form>
      <DialogFooter className={cn(FOOTER_CLASS, 'grid grid-cols-2 sm:flex')}>
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          {m.close}
        </Button>
        <Button type="submit" form={formId} disabled={busy || (transfer !== undefined && !isDirty)}>
          {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
          {busy ? m.saving : m.save}
        </Button>
      </DialogFooter>
    </>
  );
}

// ---- lines -----------------------------------------------------------------------------------------------------
