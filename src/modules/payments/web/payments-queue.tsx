// 'Неопрацьовані' (sales.md §2): the queue of draft payments, oldest first. Each shows the payer, the amount, the
// purpose and the best match proposal with its score and reasons; 'Підтвердити' posts it to that order, 'Обрати
// замовлення' opens the allocation (split across several orders), 'Без замовлення (аванс)' posts it to the client
// unallocated, 'Не наш платіж' cancels it after a confirmation.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BanIcon, CheckIcon, ListChecksIcon, Loader2Icon, WalletIcon } from 'lucide-react';
import type { PaymentSummary } from '@/modules/payments/payments.contract.ts';
import { ListPagination, ListStates } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { AllocateDialog } from './allocate-dialog.tsx';
import { CancelPaymentDialog } from './cancel-payment-dialog.tsx';
import { formatDateUk, minAmount, moneyWithCurrency, ProposalSummary } from './payment-parts.tsx';
import {
  paymentListQueryFn,
  paymentListQueryKey,
  paymentsApi,
  refreshPayments,
  type PaymentListFilter,
} from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.queue;
const PAGE_SIZE = 20;

type Action = { kind: 'choose' | 'notOurs'; payment: PaymentSummary } | null;

export function PaymentsQueue({ canChange, onOpen }: { canChange: boolean; onOpen: (id: number) => void }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action>(null);
  const filter: PaymentListFilter = {
    page,
    limit: PAGE_SIZE,
    search: '',
    sort: 'paymentDate',
    status: 'draft',
    method: 'all',
    type: 'all',
    clientId: null,
    dateFrom: '',
    dateTo: '',
    unallocated: null,
    withProposals: true,
  };
  const query = useQuery({
    queryKey: paymentListQueryKey(filter),
    queryFn: paymentListQueryFn,
    placeholderData: keepPreviousData,
  });
  const post = useMutation({
    mutationFn: ({ payment, advance }: { payment: PaymentSummary; advance: boolean }) => {
      const best = payment.bestProposal;
      if (advance || !best) return paymentsApi.post(payment.id, { allocations: [] });
      return paymentsApi.post(payment.id, {
        clientId: best.clientId,
        allocations: [{ orderId: best.orderId, amount: minAmount(payment.amount, best.outstanding) }],
      });
    },
    onSuccess: (posted) => {
      toast({ title: messages.choose.posted, description: posted.number });
      void refreshPayments(queryClient);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: messages.choose.failed, description: serverMessageOf(error) }),
  });

  const rows = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  if (query.data && !query.isPlaceholderData && total > 0 && page > Math.ceil(total / PAGE_SIZE)) {
    setPage(Math.max(1, Math.ceil(total / PAGE_SIZE)));
  }

  return (
    <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
      <ListStates query={query} loadingText={m.loading} loadErrorText={m.loadError} retryText={messages.retry}>
        {rows.length === 0 ? (
          <div className="px-4 py-12 text-center">
            <p className="font-medium">{m.empty}</p>
            <p className="text-sm text-muted-foreground">{m.emptyHint}</p>
          </div>
        ) : (
          <ul className={cn('divide-y', query.isPlaceholderData && 'opacity-60')} aria-label={messages.tabs.queue}>
            {rows.map((payment) => {
              const best = payment.bestProposal ?? null;
              const busy = post.isPending && post.variables?.payment.id === payment.id;
              return (
                <li key={payment.id} className="grid min-w-0 gap-3 px-4 py-4">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="grid min-w-0 gap-0.5">
                      <span className="font-medium break-words">{payment.payerName ?? m.unknownPayer}</span>
                      <span className="text-xs text-muted-foreground">
                        <button
                          type="button"
                          className="rounded-sm font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                          aria-label={m.open(payment.number)}
                          onClick={() => onOpen(payment.id)}
                        >
                          {payment.number}
                        </button>
                        {' · '}
                        {formatDateUk(payment.paymentDate)}
                        {payment.payerTaxId ? ` · ${payment.payerTaxId}` : ''}
                        {payment.clientName && payment.clientName !== payment.payerName
                          ? ` · ${payment.clientName}`
                          : ''}
                      </span>
                    </div>
                    <span className="text-lg font-semibold whitespace-nowrap tabular-nums">
                      {moneyWithCurrency(payment.amount, payment.currencyCode)}
                    </span>
                  </div>
                  <p className="text-sm break-words">
                    <span className="text-muted-foreground">{m.purpose}: </span>
                    {payment.purpose ?? m.noPurpose}
                  </p>
                  <div className="rounded-md bg-muted/50 px-3 py-2">
                    <p className="mb-1 text-xs font-medium text-muted-foreground">{m.proposal}</p>
                    {best ? (
                      <ProposalSummary proposal={best} currencyCode={payment.currencyCode} />
                    ) : (
                      <p className="text-sm text-muted-foreground">{m.noProposal}</p>
                    )}
                  </div>
                  {canChange ? (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        disabled={!best || post.isPending}
                        title={best ? m.confirmHint(best.orderNumber) : undefined}
                        onClick={() => post.mutate({ payment, advance: false })}
                      >
                        {busy && !post.variables?.advance ? (
                          <Loader2Icon className="animate-spin" aria-hidden="true" />
                        ) : (
                          <CheckIcon aria-hidden="true" />
                        )}
                        {m.confirm}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setAction({ kind: 'choose', payment })}>
                        <ListChecksIcon aria-hidden="true" />
                        {m.choose}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={post.isPending}
                        title={payment.clientId === null ? m.advanceNeedsClient : undefined}
                        onClick={() =>
                          payment.clientId === null
                            ? setAction({ kind: 'choose', payment: { ...payment, bestProposal: null } })
                            : post.mutate({ payment, advance: true })
                        }
                      >
                        {busy && post.variables?.advance ? (
                          <Loader2Icon className="animate-spin" aria-hidden="true" />
                        ) : (
                          <WalletIcon aria-hidden="true" />
                        )}
                        {m.advance}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-destructive hover:text-destructive dark:text-red-400"
                        onClick={() => setAction({ kind: 'notOurs', payment })}
                      >
                        <BanIcon aria-hidden="true" />
                        {m.notOurs}
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <ListPagination
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          emptySummary={m.total(0)}
          nextDisabled={query.isPlaceholderData}
          onPageChange={setPage}
        />
      </ListStates>
      {action?.kind === 'choose' ? <AllocateDialog payment={action.payment} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'notOurs' ? (
        <CancelPaymentDialog payment={action.payment} notOurs onClose={() => setAction(null)} />
      ) : null}
    </div>
  );
}
