// Small parts of the payments page: the status badges, money with its currency, the proposal's score and reasons,
// decimal input helpers and the allocation editor (the client's open orders with what they still owe, one amount per
// order, the rest shown as the advance).
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchIcon, WandSparklesIcon } from 'lucide-react';
import {
  bankTransactionStatusLabels,
  paymentStatusLabels,
  type BankTransactionStatus,
  type MatchProposal,
  type OpenOrder,
  type PaymentStatus,
} from '@/modules/payments/payments.contract.ts';
import { add, cmp, dec, fixed, sub, type Dec } from '@/shared/decimal.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { formatDateUk, formatMoney } from '@/web/lib/document-format.ts';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { cn } from '@/web/lib/utils.ts';
import { openOrdersQueryKey, paymentsApi } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';
import { currencyUk } from '@/shared/decimal-format.ts';

export { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
export { formatDateUk, formatMoney, formatTimestampUk, todayIso } from '@/web/lib/document-format.ts';

const statusTones: Record<PaymentStatus, StatusTone> = { draft: 'amber', posted: 'emerald', cancelled: 'struck' };
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <StatusBadge label={paymentStatusLabels[status]} tone={statusTones[status]} />;
}

const bankTones: Record<BankTransactionStatus, StatusTone> = { parsed: 'emerald', ignored: 'neutral', failed: 'amber' };
export function BankStatusBadge({ status }: { status: BankTransactionStatus }) {
  return <StatusBadge label={bankTransactionStatusLabels[status]} tone={bankTones[status]} />;
}

/** '1 200,00 грн' for UAH, '1 200,00 USD' otherwise. */
export function moneyWithCurrency(amount: string, currencyCode: string) {
  return `${formatMoney(amount)} ${currencyUk(currencyCode)}`;
}

/** A typed amount ('1 200,5') as the API's decimal ('1200.5'), or null when it is not money with ≤ 2 decimals. */
export function amountInput(text: string): string | null {
  const clean = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^\d{1,13}(\.\d{1,2})?$/.test(clean) ? clean : null;
}

/** The API's decimal as an input shows it ('1200.00' → '1200,00'). */
export const amountText = (value: string) => value.replace('.', ',');

const sum = (values: readonly Dec[]) => values.reduce((s, v) => add(s, v), dec(0));
export const minAmount = (a: string, b: string) => (cmp(dec(a), dec(b)) <= 0 ? a : b);

/** The proposal's score and its reasons. */
export function ProposalSummary({ proposal, currencyCode }: { proposal: MatchProposal; currencyCode: string }) {
  const strong = proposal.score >= 70;
  return (
    <div className="grid min-w-0 gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-medium">{proposal.orderNumber}</span>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
            strong
              ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300'
              : 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
          )}
        >
          {messages.queue.score(proposal.score)}
        </span>
        <span className="text-sm text-muted-foreground">
          {proposal.clientName} · {messages.queue.outstanding(moneyWithCurrency(proposal.outstanding, currencyCode))}
        </span>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={messages.queue.proposal}>
        {proposal.reasons.map((reason) => (
          <li key={reason} className="rounded-md bg-muted px-2 py-0.5 text-xs">
            {reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** orderId → the amount typed for it. */
export type AllocationDraft = Record<number, string>;

/** The allocations to send: every order with a positive amount; null when an amount cannot be read. */
export function allocationsOf(draft: AllocationDraft): Array<{ orderId: number; amount: string }> | null {
  const out: Array<{ orderId: number; amount: string }> = [];
  for (const [id, text] of Object.entries(draft)) {
    if (text.trim() === '') continue;
    const amount = amountInput(text);
    if (amount === null) return null;
    if (/[1-9]/.test(amount)) out.push({ orderId: Number(id), amount });
  }
  return out;
}

/** Σ allocations and the rest of the payment (negative when over-allocated). */
export function allocationTotals(draft: AllocationDraft, paymentAmount: string | null) {
  const amounts = Object.values(draft)
    .map((t) => amountInput(t))
    .filter((a): a is string => a !== null);
  const allocated = sum(amounts.map((a) => dec(a)));
  const rest = paymentAmount === null ? null : sub(dec(paymentAmount), allocated);
  return { allocated: fixed(allocated, 2), rest: rest === null ? null : fixed(rest, 2) };
}

/**
 * The client's open orders with an amount input each. `extraRows` are orders already in the allocation that no
 * longer owe anything (a posted payment's own orders), so they stay editable.
 */
export function AllocationEditor({
  id,
  clientId,
  currencyCode,
  paymentAmount,
  value,
  onChange,
  extraRows = [],
  error,
}: {
  id: string;
  clientId: number | null;
  currencyCode: string;
  /** The payment's amount as the API's decimal, or null while it is not valid. */
  paymentAmount: string | null;
  value: AllocationDraft;
  onChange: (next: AllocationDraft) => void;
  extraRows?: readonly OpenOrder[];
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const searchBox = useSearchBox('', setSearch);
  const params = { clientId: clientId ?? undefined, currencyCode, search: search || undefined };
  const query = useQuery({
    queryKey: openOrdersQueryKey(params),
    queryFn: () => paymentsApi.openOrders(params),
    enabled: clientId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const m = messages.allocation;
  if (clientId === null) return <p className="text-sm text-muted-foreground">{messages.form.chooseClientFirst}</p>;
  const rows = [...(query.data ?? [])];
  for (const extra of extraRows) if (!rows.some((r) => r.orderId === extra.orderId)) rows.push(extra);
  // Orders already allocated stay on top even when the search does not name them.
  rows.sort((a, b) => Number(b.orderId in value) - Number(a.orderId in value));
  const totals = allocationTotals(value, paymentAmount);
  const over = totals.rest !== null && totals.rest.startsWith('-');
  const remaining = totals.rest !== null && !over ? totals.rest : '0.00';

  return (
    <div className="grid min-w-0 gap-3">
      <div className="relative">
        <Label htmlFor={`${id}-search`} className="sr-only">
          {m.searchLabel}
        </Label>
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={`${id}-search`}
          type="search"
          className="pl-9"
          placeholder={m.searchPlaceholder}
          value={searchBox.text}
          onChange={(event) => searchBox.change(event.target.value)}
        />
      </div>
      <InlineQueryStatus query={query} loadingText={m.loading} errorText={m.loadError} retryText={messages.retry} />
      {query.data && rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{messages.form.noOpenOrders}</p>
      ) : null}
      {rows.length ? (
        <div className="min-w-0 overflow-x-auto rounded-md border">
          <Table className="min-w-[36rem]" aria-label={messages.form.allocations}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{m.order}</TableHead>
                <TableHead>{m.orderDate}</TableHead>
                <TableHead className="text-right">{m.total}</TableHead>
                <TableHead className="text-right">{m.outstanding}</TableHead>
                <TableHead className="w-44">{m.amount}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((order) => {
                const typed = value[order.orderId] ?? '';
                const invalid = typed.trim() !== '' && amountInput(typed) === null;
                const inputId = `${id}-order-${order.orderId}`;
                // 'Заповнити залишком': what the order still owes, at most what is left of the payment.
                const available = fixed(add(dec(remaining), dec(amountInput(typed) ?? '0')), 2);
                const fill = paymentAmount === null ? order.outstanding : minAmount(order.outstanding, available);
                return (
                  <TableRow key={order.orderId}>
                    <TableCell className="font-mono text-sm whitespace-nowrap">
                      <label htmlFor={inputId}>{order.orderNumber}</label>
                      {order.externalNumber ? (
                        <span className="block text-xs text-muted-foreground">{order.externalNumber}</span>
                      ) : null}
                    </TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">{formatDateUk(order.orderDate)}</TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {formatMoney(order.totalGross)}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {formatMoney(order.outstanding)}
                    </TableCell>
                    <TableCell>
                      <div className="flex items-center gap-1">
                        <Input
                          id={inputId}
                          inputMode="decimal"
                          autoComplete="off"
                          className={cn('h-8 text-right tabular-nums', invalid && 'border-destructive')}
                          aria-invalid={invalid ? true : undefined}
                          aria-label={`${m.amount} ${order.orderNumber}`}
                          value={typed}
                          onChange={(event) => onChange({ ...value, [order.orderId]: event.target.value })}
                        />
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          className="size-8 shrink-0"
                          aria-label={`${m.fill} ${order.orderNumber}`}
                          title={m.fill}
                          disabled={!/[1-9]/.test(fill)}
                          onClick={() => onChange({ ...value, [order.orderId]: amountText(fill) })}
                        >
                          <WandSparklesIcon aria-hidden="true" />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-between gap-2 text-sm" aria-live="polite">
        <span>{m.allocated(moneyWithCurrency(totals.allocated, currencyCode))}</span>
        {over ? (
          <span className="font-medium text-destructive dark:text-red-400">
            {m.over(moneyWithCurrency(totals.rest!.slice(1), currencyCode))}
          </span>
        ) : totals.rest !== null ? (
          <span className="text-muted-foreground">{m.advance(moneyWithCurrency(totals.rest, currencyCode))}</span>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
