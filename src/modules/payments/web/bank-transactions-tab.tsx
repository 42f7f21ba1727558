// 'Банківські операції' (sales.md §2): every operation of the imported statements as the bank reported it —
// ignored (debits, other accounts) and failed ones included — with its state, the payment it became and, on demand,
// the raw text it was read from.
import { Fragment, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileTextIcon, SearchIcon } from 'lucide-react';
import {
  bankTransactionSourceLabels,
  bankTransactionSources,
  bankTransactionStatuses,
  bankTransactionStatusLabels,
  type BankTransactionSource,
  type BankTransactionStatus,
} from '@/modules/payments/payments.contract.ts';
import { ListPagination, ListStates, RowAction } from '@/web/components/data-list.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { cn } from '@/web/lib/utils.ts';
import { BankStatusBadge, formatDateUk, formatTimestampUk, moneyWithCurrency } from './payment-parts.tsx';
import { bankListQueryFn, bankListQueryKey, type BankListFilter } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.bank;
const PAGE_SIZE = 20;
const ALL = 'all';

export function BankTransactionsTab({ onOpenPayment }: { onOpenPayment: (id: number) => void }) {
  const [filter, setFilter] = useState<BankListFilter>({
    page: 1,
    limit: PAGE_SIZE,
    search: '',
    sort: '-receivedAt',
    status: ALL,
    source: ALL,
  });
  const [openRaw, setOpenRaw] = useState<ReadonlySet<number>>(new Set());
  const query = useQuery({
    queryKey: bankListQueryKey(filter),
    queryFn: bankListQueryFn,
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const change = (next: Partial<BankListFilter>) => setFilter((current) => ({ ...current, ...next, page: 1 }));
  const search = useSearchBox('', (text) => change({ search: text }));
  const toggleRaw = (id: number) =>
    setOpenRaw((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_12rem]" role="search">
        <div className="relative">
          <Label htmlFor="bank-search" className="sr-only">
            {m.searchLabel}
          </Label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="bank-search"
            type="search"
            className="pl-9"
            placeholder={m.searchPlaceholder}
            value={search.text}
            onChange={(event) => search.change(event.target.value)}
          />
        </div>
        <Select value={filter.status} onValueChange={(status) => change({ status: status as BankTransactionStatus })}>
          <SelectTrigger aria-label={m.status} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{m.statusAll}</SelectItem>
            {bankTransactionStatuses.map((s) => (
              <SelectItem key={s} value={s}>
                {bankTransactionStatusLabels[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={filter.source} onValueChange={(source) => change({ source: source as BankTransactionSource })}>
          <SelectTrigger aria-label={m.source} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{m.sourceAll}</SelectItem>
            {bankTransactionSources.map((s) => (
              <SelectItem key={s} value={s}>
                {bankTransactionSourceLabels[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates query={query} loadingText={m.loading} loadErrorText={m.loadError} retryText={messages.retry}>
          <div className="min-w-0 overflow-x-auto">
            <Table className="min-w-[60rem]" aria-label={messages.tabs.bank}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{m.columns.receivedAt}</TableHead>
                  <TableHead>{m.columns.operationDate}</TableHead>
                  <TableHead>{m.columns.counterparty}</TableHead>
                  <TableHead className="text-right">{m.columns.amount}</TableHead>
                  <TableHead>{m.columns.purpose}</TableHead>
                  <TableHead>{m.columns.status}</TableHead>
                  <TableHead>{m.columns.payment}</TableHead>
                  <TableHead className="w-10">
                    <span className="sr-only">{m.raw}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody className={cn(query.isPlaceholderData && 'opacity-60')}>
                {rows.length === 0 ? (
                  <TableRow className="hover:bg-transparent">
                    <TableCell colSpan={8} className="py-12 text-center">
                      <p className="font-medium">{m.empty}</p>
                      <p className="text-sm text-muted-foreground">{m.emptyHint}</p>
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((op) => (
                    <Fragment key={op.id}>
                      <TableRow>
                        <TableCell className="text-xs whitespace-nowrap tabular-nums">
                          {formatTimestampUk(op.receivedAt)}
                        </TableCell>
                        <TableCell className="whitespace-nowrap tabular-nums">
                          {op.operationDate ? formatDateUk(op.operationDate) : '—'}
                        </TableCell>
                        <TableCell className="max-w-56">
                          <span className="line-clamp-1">{op.counterpartyName ?? '—'}</span>
                          <span className="block text-xs text-muted-foreground">
                            {[op.counterpartyTaxId, op.counterpartyIban].filter(Boolean).join(' · ')}
                          </span>
                        </TableCell>
                        <TableCell className="text-right whitespace-nowrap tabular-nums">
                          {op.amount ? (
                            <>
                              {op.direction === 'debit' ? '−' : ''}
                              {moneyWithCurrency(op.amount, op.currency ?? 'UAH')}
                            </>
                          ) : (
                            '—'
                          )}
                          {op.direction ? (
                            <span className="block text-xs text-muted-foreground">
                              {op.direction === 'debit' ? m.debit : m.credit}
                            </span>
                          ) : null}
                        </TableCell>
                        <TableCell className="max-w-72">
                          <span className="line-clamp-2 text-sm">{op.purpose ?? ''}</span>
                        </TableCell>
                        <TableCell>
                          <BankStatusBadge status={op.status} />
                          {op.parseError ? (
                            <span className="mt-1 block max-w-48 text-xs text-muted-foreground">{op.parseError}</span>
                          ) : null}
                        </TableCell>
                        <TableCell className="font-mono text-sm whitespace-nowrap">
                          {op.paymentId && op.paymentNumber ? (
                            <button
                              type="button"
                              className="rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                              aria-label={messages.queue.open(op.paymentNumber)}
                              onClick={() => onOpenPayment(op.paymentId!)}
                            >
                              {op.paymentNumber}
                            </button>
                          ) : (
                            '—'
                          )}
                        </TableCell>
                        <TableCell>
                          <RowAction
                            label={openRaw.has(op.id) ? m.hideRaw : m.showRaw}
                            onClick={() => toggleRaw(op.id)}
                          >
                            <FileTextIcon aria-hidden="true" />
                          </RowAction>
                        </TableCell>
                      </TableRow>
                      {openRaw.has(op.id) ? (
                        <TableRow className="hover:bg-transparent">
                          <TableCell colSpan={8}>
                            <pre
                              aria-label={m.raw}
                              className="max-h-64 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap"
                            >
                              {op.rawContent}
                            </pre>
                          </TableCell>
                        </TableRow>
                      ) : null}
                    </Fragment>
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={m.total(0)}
            nextDisabled={query.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>
    </div>
  );
}
