// The drawer of one serial number (sales.md §4): its facts (item, state, warehouse, client, sale, warranty end, the
// shipment and order), the timeline of events with their documents and clients, 'Друк етикетки' and 'Списати'
// (confirmation with a reason; an ADJ of −1 is posted).
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PrinterIcon, Trash2Icon } from 'lucide-react';
import {
  serialDocumentLabels,
  serialEventLabels,
  type SerialDetail,
  type SerialEvent,
  serialMessages,
} from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { ReasonDialog } from '@/web/components/document-actions.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { isSerialsQuery, serialQueryKey, serialsApi } from './serial-numbers.api.ts';
import { serialsWebMessages } from './serial-numbers.messages.ts';
import { formatDateUk, formatDayUk, formatTimestampUk, SerialStatusBadge } from './serial-parts.tsx';

const d = serialsWebMessages.drawer;

export function SerialDrawer({
  serialId,
  canChange,
  onClose,
}: {
  serialId: number;
  canChange: boolean;
  onClose: () => void;
}) {
  const query = useQuery<SerialDetail>({ queryKey: serialQueryKey(serialId), gcTime: 0 });
  const serial = query.data;
  const [writingOff, setWritingOff] = useState(false);
  const print = useMutation({
    mutationFn: () => serialsApi.printLabels([serialId]),
    onError: (error) =>
      toast({
        title: serialsWebMessages.labels.failed,
        description: serverMessageOf(error),
        variant: 'destructive',
      }),
  });
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-2xl">
        <SheetHeader className="pr-10">
          <SheetTitle className="flex flex-wrap items-center gap-2">
            <span className="font-mono break-all">{serial ? serial.serial : serialsWebMessages.title}</span>
            {serial ? <SerialStatusBadge status={serial.status} /> : null}
          </SheetTitle>
          <SheetDescription>{serial ? `${serial.itemName} · ${serial.sku}` : d.loading}</SheetDescription>
        </SheetHeader>
        <div className="grid min-w-0 gap-6 px-4 pb-6">
          {query.isError && !serial ? (
            <StateMessage>
              <ListLoadError
                error={query.error}
                message={d.loadError}
                retryText={serialsWebMessages.retry}
                onRetry={query.refetch}
              />
            </StateMessage>
          ) : !serial ? (
            <StateMessage>
              <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
              <span role="status">{d.loading}</span>
            </StateMessage>
          ) : (
            <>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" disabled={print.isPending} onClick={() => print.mutate()}>
                  <PrinterIcon aria-hidden="true" />
                  {serialsWebMessages.actions.printLabels}
                </Button>
                {canChange && serial.status === 'available' ? (
                  <Button variant="destructive" onClick={() => setWritingOff(true)}>
                    <Trash2Icon aria-hidden="true" />
                    {serialsWebMessages.actions.writeOff}
                  </Button>
                ) : null}
              </div>
              <Facts serial={serial} />
              <Timeline events={serial.events} />
            </>
          )}
        </div>
      </SheetContent>
      {serial && writingOff ? <WriteOffDialog serial={serial} onClose={() => setWritingOff(false)} /> : null}
    </Sheet>
  );
}

function Facts({ serial }: { serial: SerialDetail }) {
  const facts: [string, ReactNode][] = [
    [d.item, `${serial.itemName} (${serial.sku})`],
    [d.status, <SerialStatusBadge key="status" status={serial.status} />],
  ];
  if (serial.warehouseName) facts.push([d.warehouse, serial.warehouseName]);
  if (serial.clientName) facts.push([d.client, serial.clientName]);
  if (serial.soldAt) facts.push([d.soldAt, formatDayUk(serial.soldAt)]);
  facts.push([d.warranty, d.warrantyMonths(serial.warrantyMonths)]);
  if (serial.warrantyUntil) facts.push([d.warrantyUntil, formatDateUk(serial.warrantyUntil)]);
  if (serial.shipmentNumber) facts.push([d.shipment, serial.shipmentNumber]);
  if (serial.orderNumber) facts.push([d.order, serial.orderNumber]);
  if (serial.moId !== null) facts.push([d.mo, `#${serial.moId}`]);
  facts.push([d.createdAt, formatTimestampUk(serial.createdAt)]);
  if (serial.notes) facts.push([d.notes, serial.notes]);
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label} className="grid min-w-0 gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-sm break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Timeline({ events }: { events: SerialEvent[] }) {
  return (
    <section className="grid gap-3" aria-label={d.timeline}>
      <h3 className="text-base font-semibold">{d.timeline}</h3>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{d.noEvents}</p>
      ) : (
        <ol className="relative grid gap-4 border-l pl-5">
          {events.map((event) => {
            const document = event.documentType
              ? [serialDocumentLabels[event.documentType] ?? event.documentType, event.documentNumber]
                  .filter(Boolean)
                  .join(' ')
              : null;
            return (
              <li key={event.id} className="relative grid gap-0.5">
                <span
                  className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full border-2 border-background bg-primary"
                  aria-hidden="true"
                />
                <p className="text-sm font-medium">{serialEventLabels[event.event] ?? event.event}</p>
                <p className="text-xs text-muted-foreground tabular-nums">
                  {formatTimestampUk(event.at)}
                  {event.userName ? ` ${d.by(event.userName)}` : ''}
                </p>
                {document || event.clientName ? (
                  <p className="text-sm break-words">
                    {[document, event.clientName ? d.client_(event.clientName) : null].filter(Boolean).join(' · ')}
                  </p>
                ) : null}
                {event.note ? <p className="text-sm break-words text-muted-foreground">{event.note}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** 'Списати': the reason is required (the contract says so), then the ADJ of −1 is posted by the server. */
function WriteOffDialog({ serial, onClose }: { serial: SerialDetail; onClose: () => void }) {
  const w = serialsWebMessages.writeOff;
  const queryClient = useQueryClient();
  const writeOff = useMutation({
    mutationFn: (text: string) => serialsApi.writeOff(serial.id, text),
    onSuccess: async (result) => {
      toast({ title: w.done, description: w.doneDescription(result.adjustmentNumber) });
      queryClient.setQueryData(serialQueryKey(serial.id), result.serial);
      await queryClient.invalidateQueries({
        predicate: (query) => isSerialsQuery(query) && query.queryKey[1] !== serial.id,
      });
      onClose();
    },
  });
  const failure = writeOff.error ? (serverMessageOf(writeOff.error) ?? w.failed) : null;

  return (
    <ReasonDialog
      title={w.title}
      description={w.description(serial.serial, serial.warehouseName ?? '')}
      confirmLabel={w.confirm}
      cancelLabel={w.cancel}
      pending={writeOff.isPending}
      reasonLabel={w.reason}
      placeholder={w.reasonPlaceholder}
      requiredMessage={serialMessages.reason}
      error={failure ?? undefined}
      onConfirm={(reason) => writeOff.mutate(reason)}
      onClose={onClose}
    />
  );
}
