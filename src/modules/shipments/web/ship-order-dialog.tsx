// 'Відвантажити замовлення': the confirmed orders with something left to ship, searched by number or client; one
// click makes the draft of everything that remains (sales.md §3) and opens it.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Loader2Icon, SearchIcon, TruckIcon } from 'lucide-react';
import { orderStatusLabels, type OrderStatus } from '@/modules/orders/orders.contract.ts';
import type { ShippableOrder } from '@/modules/shipments/shipments.contract.ts';
import { StateMessage } from '@/web/components/data-list.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk } from '@/web/lib/document-format.ts';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { shipmentsApi, shippableOrdersQueryKey } from './shipments.api.ts';
import { shipmentsWebMessages } from './shipments.messages.ts';

const m = shipmentsWebMessages.ship;

export function ShipOrderDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const [search, setSearch] = useState('');
  const searchBox = useSearchBox('', setSearch);
  const query = useQuery<ShippableOrder[]>({ queryKey: shippableOrdersQueryKey(search) });
  const create = useMutation({
    mutationFn: (orderId: number) => shipmentsApi.create(orderId),
    onSuccess: (shipment) => {
      toast({ title: m.created, description: shipment.number });
      onCreated(shipment.id);
    },
  });
  const orders = query.data ?? [];
  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <Label htmlFor="ship-order-search" className="sr-only">
            {m.search}
          </Label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="ship-order-search"
            type="search"
            className="pl-9"
            placeholder={m.search}
            value={searchBox.text}
            onChange={(event) => searchBox.change(event.target.value)}
          />
        </div>
        {query.isPending ? (
          <StateMessage>
            <span role="status" className="flex items-center gap-2">
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              {m.loading}
            </span>
          </StateMessage>
        ) : query.isError ? (
          <FormFailure>{serverMessageOf(query.error) ?? shipmentsWebMessages.loadError}</FormFailure>
        ) : orders.length === 0 ? (
          <StateMessage>{m.empty}</StateMessage>
        ) : (
          <ul className="grid gap-2" aria-label={m.title}>
            {orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-mono text-sm font-medium">{order.orderNumber}</span>
                  <span className="truncate text-sm">{order.clientName}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatDateUk(order.orderDate)} · {orderStatusLabels[order.status as OrderStatus] ?? order.status} ·{' '}
                    {m.remaining(order.remainingLines)}
                  </span>
                </div>
                <Button
                  size="sm"
                  disabled={create.isPending}
                  aria-label={`${m.action} ${order.orderNumber}`}
                  onClick={() => create.mutate(order.id)}
                >
                  {create.isPending && create.variables === order.id ? (
                    <Loader2Icon className="animate-spin" aria-hidden="true" />
                  ) : (
                    <TruckIcon aria-hidden="true" />
                  )}
                  {m.action}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {create.isError ? <FormFailure>{serverMessageOf(create.error) ?? m.failed}</FormFailure> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            {m.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
