// 'Джерела' of a shortage row (warehouse.md §4): where the need comes from — the MOs and the client orders with
// their quantities (linked to their pages), what of each the supply leaves uncovered — and the supplier orders on
// the way or in draft.
import { useQuery } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { Link } from 'wouter';
import type { ShortageSource, ShortageSources } from '@/modules/shortage/shortage.contract.ts';
import { moStatusLabels, type MoStatus } from '@/modules/manufacturing/manufacturing.contract.ts';
import { orderStatusLabels, type OrderStatus } from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { formatDateUk, formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { shortageSourcesQueryKey } from './shortage.api.ts';
import { shortageWebMessages } from './shortage.messages.ts';

const d = shortageWebMessages.drawer;
const none = shortageWebMessages.none;

export function ShortageSourcesDrawer({ itemId, onClose }: { itemId: number; onClose: () => void }) {
  const query = useQuery<ShortageSources>({ queryKey: shortageSourcesQueryKey(itemId) });
  const data = query.data;
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-3xl">
        <SheetHeader className="pr-10">
          <SheetTitle>{data ? shortageWebMessages.sourcesFor(data.sku) : shortageWebMessages.sources}</SheetTitle>
          <SheetDescription>{data ? data.name : d.loading}</SheetDescription>
        </SheetHeader>
        <div className="grid min-w-0 gap-6 px-4 pb-6">
          {query.isError && !data ? (
            <StateMessage>
              <ListLoadError
                error={query.error}
                message={d.loadError}
                retryText={shortageWebMessages.retry}
                onRetry={query.refetch}
              />
            </StateMessage>
          ) : !data ? (
            <StateMessage>
              <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
              <span role="status">{d.loading}</span>
            </StateMessage>
          ) : (
            <>
              <Figures data={data} />
              <Sources data={data} />
              <Supply data={data} />
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function Figures({ data }: { data: ShortageSources }) {
  const unit = data.unitShortName ? ` ${data.unitShortName}` : '';
  const figures: Array<[string, string, boolean?]> = [
    [d.needs, data.needs],
    [d.available, data.available],
    [d.onOrder, data.onOrder],
    [d.inDrafts, data.inDrafts],
    [d.shortage, data.shortage, true],
  ];
  return (
    <section aria-label={d.figures}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map(([label, value, strong]) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className={cn('tabular-nums', strong && 'font-semibold')}>
              {formatQty(value)}
              {unit}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SourceDocument({ source }: { source: ShortageSource }) {
  if (source.kind === 'mo') {
    const number = source.moNumber ?? none;
    return (
      <span className="grid gap-0.5">
        {source.moId ? (
          <Link
            href={`/manufacturing?open=${source.moId}`}
            aria-label={d.openMo(number)}
            className="font-mono underline-offset-2 hover:underline"
          >
            {number}
          </Link>
        ) : (
          <span className="font-mono">{number}</span>
        )}
        <span className="text-xs text-muted-foreground">
          {d.kindShort.mo}
          {source.moStatus ? ` · ${moStatusLabels[source.moStatus as MoStatus] ?? source.moStatus}` : ''}
        </span>
      </span>
    );
  }
  const number = source.orderNumber ?? none;
  return (
    <span className="grid gap-0.5">
      {source.orderId ? (
        <Link
          href={`/orders?open=${source.orderId}`}
          aria-label={d.openOrder(number)}
          className="font-mono underline-offset-2 hover:underline"
        >
          {number}
        </Link>
      ) : (
        <span className="font-mono">{number}</span>
      )}
      <span className="text-xs text-muted-foreground">{source.clientName ?? d.kindShort.order}</span>
    </span>
  );
}

function Sources({ data }: { data: ShortageSources }) {
  return (
    <section className="grid gap-2">
      <h3 className="font-medium">{d.sourcesTitle}</h3>
      {data.sources.length === 0 ? (
        <p className="text-sm text-muted-foreground">{d.noSources}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <Table className="min-w-[40rem]">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{d.document}</TableHead>
                <TableHead>{d.forWhat}</TableHead>
                <TableHead>{d.date}</TableHead>
                <TableHead className="text-right">{d.qty}</TableHead>
                <TableHead className="text-right">{d.uncovered}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.sources.map((source, i) => (
                <TableRow key={`${source.kind}-${source.moId ?? source.orderId}-${source.productId}-${i}`}>
                  <TableCell className="whitespace-nowrap">
                    <SourceDocument source={source} />
                  </TableCell>
                  <TableCell className="max-w-64 min-w-40">
                    <span className="block">{source.productName}</span>
                    <span className="block text-xs text-muted-foreground">
                      {d.productQty(formatQty(source.productQty))}
                      {source.path ? ` · ${d.via(source.path)}` : ''}
                    </span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {source.date ? formatDateUk(source.date) : none}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">{formatQty(source.qty)}</TableCell>
                  <TableCell
                    className={cn(
                      'text-right whitespace-nowrap tabular-nums',
                      /[1-9]/.test(source.uncovered) && 'font-medium text-destructive dark:text-red-400',
                    )}
                  >
                    {formatQty(source.uncovered)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

function Supply({ data }: { data: ShortageSources }) {
  return (
    <section className="grid gap-2">
      <h3 className="font-medium">{d.supplyTitle}</h3>
      {data.supplierOrders.length === 0 ? (
        <p className="text-sm text-muted-foreground">{d.noSupply}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <Table className="min-w-[32rem]">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{d.document}</TableHead>
                <TableHead>{d.supplier}</TableHead>
                <TableHead>{d.expected}</TableHead>
                <TableHead className="text-right">{d.remaining}</TableHead>
                <TableHead>{d.status}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.supplierOrders.map((order) => (
                <TableRow key={order.id}>
                  <TableCell className="font-mono whitespace-nowrap">{order.number}</TableCell>
                  <TableCell>{order.supplierName}</TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {order.expectedDate ? formatDateUk(order.expectedDate) : none}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">{formatQty(order.qty)}</TableCell>
                  <TableCell>
                    <Badge variant={order.status === 'draft' ? 'outline' : 'secondary'}>
                      {orderStatusLabels[order.status as OrderStatus] ?? order.status}
                    </Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
