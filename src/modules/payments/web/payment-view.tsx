// One payment (sales.md §2): its facts, the allocations with what each order still owes, the bank operation it came
// from and — for a draft — the match proposals. Actions by status: a draft is posted through 'Обрати замовлення',
// cancelled, or (entered by hand) deleted; a posted payment is re-allocated or cancelled.
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BanIcon, CheckCheckIcon, Loader2Icon, SplitIcon, Trash2Icon } from 'lucide-react';
import {
  bankTransactionSourceLabels,
  paymentMethodLabels,
  paymentSourceLabels,
  paymentTypeLabels,
  type MatchProposal,
  type Payment,
} from '@/modules/payments/payments.contract.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { AllocateDialog } from './allocate-dialog.tsx';
import { CancelPaymentDialog } from './cancel-payment-dialog.tsx';
import {
  ConfirmDialog,
  formatDateUk,
  formatMoney,
  formatTimestampUk,
  moneyWithCurrency,
  PaymentStatusBadge,
  ProposalSummary,
} from './payment-parts.tsx';
import { LinkedDocuments } from '@/modules/orders/web/index.ts';
import {
  paymentQueryKey,
  paymentRelatedQueryKey,
  paymentsApi,
  proposalsQueryKey,
  refreshPayments,
} from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.view;
type Action = 'allocate' | 'cancel' | 'delete' | null;

export function PaymentView({
  paymentId,
  canChange,
  onClose,
}: {
  paymentId: number;
  canChange: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action>(null);
  const query = useQuery<Payment>({ queryKey: paymentQueryKey(paymentId), staleTime: 0 });
  const payment = query.data;
  const proposals = useQuery<MatchProposal[]>({
    queryKey: proposalsQueryKey(paymentId),
    enabled: payment?.status === 'draft',
    staleTime: 0,
  });
  const remove = useMutation({
    mutationFn: () => paymentsApi.remove(paymentId),
    onSuccess: () => {
      toast({ title: m.deleted, description: payment?.number });
      void refreshPayments(queryClient);
      onClose();
    },
    onError: (error) => {
      setAction(null);
      toast({ variant: 'destructive', title: m.deleteFailed, description: serverMessageOf(error) });
    },
  });

  let body: ReactNode;
  if (!payment && query.isError) {
    body = (
      <StateMessage>
        <ListLoadError error={query.error} message={m.loadError} retryText={messages.retry} onRetry={query.refetch} />
      </StateMessage>
    );
  } else if (!payment) {
    body = (
      <StateMessage>
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        <span role="status">{m.loading}</span>
      </StateMessage>
    );
  } else {
    const facts: Array<[string, ReactNode]> = [
      [m.date, formatDateUk(payment.paymentDate)],
      [m.amount, moneyWithCurrency(payment.amount, payment.currencyCode)],
      [m.type, paymentTypeLabels[payment.type]],
      [m.method, paymentMethodLabels[payment.method]],
      [m.source, paymentSourceLabels[payment.source]],
      [m.client, payment.clientName ?? '—'],
      [m.company, payment.companyName ?? '—'],
      [m.payer, payment.payerName ?? '—'],
      [m.payerTaxId, payment.payerTaxId ?? '—'],
      [m.payerIban, payment.payerIban ?? '—'],
      [m.ourIban, payment.ourIban ?? '—'],
      [m.bankDoc, payment.bankDocNumber ?? '—'],
    ];
    body = (
      <div className="grid min-w-0 gap-5">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="grid min-w-0 grid-cols-[10rem_minmax(0,1fr)] gap-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {payment.purpose ? (
          <div className="grid gap-1 text-sm">
            <span className="text-muted-foreground">{m.purpose}</span>
            <p className="rounded-md bg-muted px-3 py-2 break-words">{payment.purpose}</p>
          </div>
        ) : null}
        {payment.cancelReason ? (
          <p className="text-sm">
            <span className="text-muted-foreground">{m.cancelReason}: </span>
            {payment.cancelReason}
          </p>
        ) : null}
        <section className="grid min-w-0 gap-2" aria-label={m.allocations}>
          <h3 className="text-sm font-semibold">{m.allocations}</h3>
          {payment.allocations.length ? (
            <div className="min-w-0 overflow-x-auto rounded-md border">
              <Table className="min-w-[34rem]">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>{messages.allocation.order}</TableHead>
                    <TableHead>{messages.allocation.orderDate}</TableHead>
                    <TableHead className="text-right">{messages.allocation.total}</TableHead>
                    <TableHead className="text-right">{messages.allocation.amount}</TableHead>
                    <TableHead className="text-right">{messages.allocation.outstanding}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {payment.allocations.map((a) => (
                    <TableRow key={a.id}>
                      <TableCell className="font-mono text-sm">{a.orderNumber}</TableCell>
                      <TableCell className="tabular-nums">{formatDateUk(a.orderDate)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(a.totalGross)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(a.amount)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(a.outstanding)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{m.noAllocations}</p>
          )}
          {payment.status !== 'cancelled' && /[1-9]/.test(payment.unallocated) ? (
            <p className="text-sm font-medium">
              {m.advance(moneyWithCurrency(payment.unallocated, payment.currencyCode))}
            </p>
          ) : null}
        </section>
        <LinkedDocuments
          queryKey={paymentRelatedQueryKey(payment.id)}
          revision={`${payment.version}:${payment.status}`}
        />
        {payment.status === 'draft' ? (
          <section className="grid min-w-0 gap-2" aria-label={m.proposals}>
            <h3 className="text-sm font-semibold">{m.proposals}</h3>
            {proposals.data?.length ? (
              <ul className="grid gap-2">
                {proposals.data.map((p) => (
                  <li key={p.orderId} className="rounded-md border px-3 py-2">
                    <ProposalSummary proposal={p} currencyCode={payment.currencyCode} />
                  </li>
                ))}
              </ul>
            ) : proposals.data ? (
              <p className="text-sm text-muted-foreground">{m.noProposals}</p>
            ) : null}
          </section>
        ) : null}
        {payment.bankTransaction ? (
          <section className="grid gap-1 text-sm" aria-label={m.bankTransaction}>
            <h3 className="font-semibold">{m.bankTransaction}</h3>
            <p className="text-muted-foreground">
              {bankTransactionSourceLabels[payment.bankTransaction.source]} · {payment.bankTransaction.parserName} ·{' '}
              {formatTimestampUk(payment.bankTransaction.receivedAt)}
            </p>
          </section>
        ) : null}
      </div>
    );
  }

  const draft = payment?.status === 'draft';
  const posted = payment?.status === 'posted';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {payment ? m.title(payment.number) : m.loading}
            {payment ? <PaymentStatusBadge status={payment.status} /> : null}
          </DialogTitle>
          <DialogDescription>
            {!payment
              ? m.loading
              : payment.status === 'posted'
                ? m.postedAt(formatTimestampUk(payment.postedAt ?? ''))
                : payment.status === 'cancelled'
                  ? m.cancelledAt(formatTimestampUk(payment.cancelledAt ?? ''))
                  : m.draftHint}
          </DialogDescription>
        </DialogHeader>
        {body}
        <DialogFooter className="flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {m.close}
          </Button>
          {payment && canChange && draft && payment.source === 'manual' ? (
            <Button type="button" variant="outline" onClick={() => setAction('delete')}>
              <Trash2Icon aria-hidden="true" />
              {m.delete}
            </Button>
          ) : null}
          {payment && canChange && (draft || posted) ? (
            <Button type="button" variant="outline" onClick={() => setAction('cancel')}>
              <BanIcon aria-hidden="true" />
              {m.cancelPayment}
            </Button>
          ) : null}
          {payment && canChange && (draft || posted) ? (
            <Button type="button" onClick={() => setAction('allocate')}>
              {draft ? <CheckCheckIcon aria-hidden="true" /> : <SplitIcon aria-hidden="true" />}
              {draft ? m.post : m.reallocate}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
      {payment && action === 'allocate' ? (
        <AllocateDialog
          payment={{ ...payment, bestProposal: proposals.data?.[0] ?? null }}
          onClose={() => setAction(null)}
        />
      ) : null}
      {payment && action === 'cancel' ? (
        <CancelPaymentDialog payment={payment} onClose={() => setAction(null)} />
      ) : null}
      {payment && action === 'delete' ? (
        <ConfirmDialog
          title={messages.deleteConfirm.title(payment.number)}
          description={messages.deleteConfirm.description}
          confirmLabel={messages.deleteConfirm.confirm}
          cancelLabel={messages.deleteConfirm.back}
          destructive
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setAction(null)}
        />
      ) : null}
    </Dialog>
  );
}
