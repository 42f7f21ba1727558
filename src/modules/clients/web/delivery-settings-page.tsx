// 'Налаштування доставки' of a client (/clients/:id/delivery-settings, reference-data.md §13a): the delivery
// presets a shipment starts from — a table on a wide screen, cards on a phone.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PencilIcon, PlusIcon, StarIcon, Trash2Icon } from 'lucide-react';
import { deliveryLabels, type DeliveryPreset } from '@/modules/clients/clients.contract.ts';
import { ListLoadError, RowAction, StateMessage } from '@/web/components/data-list.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { clientQueryKey, clientsApi, presetsQueryKey, type ClientRecord } from './clients.api.ts';
import { ClientNotFound, ClientPageHeader, failureToast, isNotFound, useClientId } from './client-page-parts.tsx';
import { clientsWebMessages } from './clients.messages.ts';
import { ConfirmDialog } from '@/web/components/document-parts.tsx';
import { DeliveryPresetDialog } from './delivery-preset-dialog.tsx';

const messages = clientsWebMessages.delivery;
const EMPTY = '—';

type DialogState = { kind: 'create' } | { kind: 'edit' | 'delete'; preset: DeliveryPreset } | null;

/** City, then the branch (number and address) or the street, building and flat. */
export function placeText(preset: DeliveryPreset): string {
  const parts: (string | null)[] = [preset.cityName];
  if (preset.deliveryType === 'address') {
    parts.push(
      preset.street,
      preset.building ? messages.building(preset.building) : null,
      preset.flat ? messages.flat(preset.flat) : null,
    );
  } else {
    const number = preset.warehouseNumber;
    parts.push(
      number ? (preset.deliveryType === 'postomat' ? messages.postomat(number) : messages.branch(number)) : null,
      preset.warehouseAddress,
    );
  }
  return parts.filter(Boolean).join(', ') || EMPTY;
}

export function DeliverySettingsPage() {
  const clientId = useClientId();
  if (clientId === null) return <ClientNotFound />;
  return <DeliverySettings clientId={clientId} />;
}

function DeliverySettings({ clientId }: { clientId: number }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogState>(null);
  const clientQuery = useQuery<ClientRecord>({ queryKey: clientQueryKey(clientId) });
  const presetsQuery = useQuery<DeliveryPreset[]>({ queryKey: presetsQueryKey(clientId) });
  const close = () => setDialog(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: presetsQueryKey(clientId) });

  const makePrimary = useMutation({
    mutationFn: (preset: DeliveryPreset) => clientsApi.makePrimary(clientId, preset.id),
    onSuccess: async (saved) => {
      await refresh();
      toast({ title: messages.madePrimary, description: saved.label });
    },
    onError: (error) => failureToast(error, messages.makePrimaryFailed),
  });

  const remove = useMutation({
    mutationFn: (preset: DeliveryPreset) => clientsApi.removePreset(clientId, preset.id),
    onSuccess: async (_answer, preset) => {
      await refresh();
      toast({ title: messages.deleted, description: preset.label });
    },
    onError: (error) => failureToast(error, messages.deleteFailed),
    onSettled: close,
  });

  if (isNotFound(clientQuery.error) || isNotFound(presetsQuery.error)) return <ClientNotFound />;

  const presets = presetsQuery.data ?? [];
  const actionsOf = (preset: DeliveryPreset) => (
    <PresetActions
      preset={preset}
      busy={makePrimary.isPending && makePrimary.variables?.id === preset.id}
      onEdit={() => setDialog({ kind: 'edit', preset })}
      onMakePrimary={() => makePrimary.mutate(preset)}
      onDelete={() => setDialog({ kind: 'delete', preset })}
    />
  );

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ClientPageHeader
        title={messages.title}
        clientName={clientQuery.data?.name}
        subtitle={messages.subtitle}
        actions={
          <Button onClick={() => setDialog({ kind: 'create' })} disabled={!presetsQuery.data}>
            <PlusIcon aria-hidden="true" />
            {messages.newPreset}
          </Button>
        }
      />

      <section
        aria-label={messages.listLabel}
        aria-busy={presetsQuery.isFetching ? true : undefined}
        className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm"
      >
        {presetsQuery.isPending ? (
          <StateMessage>
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
            <span role="status">{messages.loading}</span>
          </StateMessage>
        ) : presetsQuery.isError ? (
          <StateMessage>
            <ListLoadError
              error={presetsQuery.error}
              message={messages.loadError}
              retryText={clientsWebMessages.retry}
              onRetry={presetsQuery.refetch}
            />
          </StateMessage>
        ) : presets.length === 0 ? (
          <StateMessage>
            <p className="font-medium text-foreground">{messages.empty}</p>
            <p>{messages.emptyHint}</p>
          </StateMessage>
        ) : (
          <>
            <Table containerClassName="hidden md:block" className="min-w-[52rem]" aria-label={messages.listLabel}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{messages.columns.label}</TableHead>
                  <TableHead>{messages.columns.carrier}</TableHead>
                  <TableHead>{messages.columns.recipient}</TableHead>
                  <TableHead>{messages.columns.place}</TableHead>
                  <TableHead>{messages.columns.deliveryType}</TableHead>
                  <TableHead>{messages.columns.payer}</TableHead>
                  <TableHead className="text-right">{messages.columns.actions}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {presets.map((preset) => (
                  <TableRow key={preset.id} className={cn(!preset.isActive && 'text-muted-foreground')}>
                    <TableCell className="align-top">
                      <div className="grid gap-1">
                        <span className="font-medium">{preset.label}</span>
                        <PresetBadges preset={preset} />
                      </div>
                    </TableCell>
                    <TableCell className="align-top whitespace-nowrap">{preset.carrierName ?? EMPTY}</TableCell>
                    <TableCell className="align-top">
                      <div className="grid gap-0.5">
                        <span>{preset.recipientName}</span>
                        <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                          {preset.recipientPhone}
                        </span>
                      </div>
                    </TableCell>
                    <TableCell className="max-w-72 align-top break-words">{placeText(preset)}</TableCell>
                    <TableCell className="align-top">
                      <div className="grid gap-0.5">
                        <span className="whitespace-nowrap">{deliveryLabels.deliveryType[preset.deliveryType]}</span>
                        <span className="text-xs whitespace-nowrap text-muted-foreground">
                          {deliveryLabels.serviceType[preset.serviceType]}
                        </span>
                      </div>
                    </TableCell>
                    <TableCell className="align-top">
                      <PaymentText preset={preset} />
                    </TableCell>
                    <TableCell className="align-top">{actionsOf(preset)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>

            <ul className="divide-y md:hidden" aria-label={messages.listLabel}>
              {presets.map((preset) => (
                <li key={preset.id} className={cn('grid gap-2 p-4', !preset.isActive && 'text-muted-foreground')}>
                  <div className="flex items-start justify-between gap-2">
                    <div className="grid min-w-0 gap-1">
                      <span className="font-medium break-words">{preset.label}</span>
                      <PresetBadges preset={preset} />
                    </div>
                    {actionsOf(preset)}
                  </div>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">{messages.columns.carrier}</dt>
                    <dd>{preset.carrierName ?? EMPTY}</dd>
                    <dt className="text-muted-foreground">{messages.columns.recipient}</dt>
                    <dd className="break-words">
                      {preset.recipientName}, <span className="tabular-nums">{preset.recipientPhone}</span>
                    </dd>
                    <dt className="text-muted-foreground">{messages.columns.place}</dt>
                    <dd className="break-words">{placeText(preset)}</dd>
                    <dt className="text-muted-foreground">{messages.columns.deliveryType}</dt>
                    <dd>
                      {deliveryLabels.deliveryType[preset.deliveryType]} ·{' '}
                      {deliveryLabels.serviceType[preset.serviceType]}
                    </dd>
                    <dt className="text-muted-foreground">{messages.columns.payer}</dt>
                    <dd>
                      <PaymentText preset={preset} />
                    </dd>
                  </dl>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      {dialog?.kind === 'create' ? (
        <DeliveryPresetDialog clientId={clientId} isFirst={presets.length === 0} onClose={close} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <DeliveryPresetDialog clientId={clientId} preset={dialog.preset} isFirst={false} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          cancelLabel={clientsWebMessages.cancel}
          destructive
          title={messages.deleteTitle(dialog.preset.label)}
          description={messages.deleteText}
          confirmLabel={messages.deleteConfirm}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.preset)}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

function PresetBadges({ preset }: { preset: DeliveryPreset }) {
  if (!preset.isPrimary && preset.isActive) return null;
  return (
    <div className="flex flex-wrap gap-1">
      {preset.isPrimary ? (
        <Badge>
          <StarIcon aria-hidden="true" />
          {messages.primary}
        </Badge>
      ) : null}
      {preset.isActive ? null : <Badge variant="secondary">{messages.inactive}</Badge>}
    </div>
  );
}

function PaymentText({ preset }: { preset: DeliveryPreset }) {
  return (
    <div className="grid gap-0.5">
      <span className="whitespace-nowrap">
        {deliveryLabels.payerType[preset.payerType]} · {deliveryLabels.paymentMethod[preset.paymentMethod]}
      </span>
      {preset.codEnabled ? (
        <Badge variant="outline" className="text-xs">
          {messages.cod}
        </Badge>
      ) : null}
    </div>
  );
}

function PresetActions({
  preset,
  busy,
  onEdit,
  onMakePrimary,
  onDelete,
}: {
  preset: DeliveryPreset;
  busy: boolean;
  onEdit: () => void;
  onMakePrimary: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex shrink-0 justify-end gap-0.5">
      {preset.isPrimary ? null : (
        <RowAction label={messages.makePrimary(preset.label)} onClick={onMakePrimary} disabled={busy}>
          {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <StarIcon aria-hidden="true" />}
        </RowAction>
      )}
      <RowAction label={messages.edit(preset.label)} onClick={onEdit}>
        <PencilIcon aria-hidden="true" />
      </RowAction>
      <RowAction label={messages.remove(preset.label)} onClick={onDelete} destructive>
        <Trash2Icon aria-hidden="true" />
      </RowAction>
    </div>
  );
}
