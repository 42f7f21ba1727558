// 'Обрати замовлення' and 'Розподілити' (sales.md §2): a draft is posted with the client and the orders chosen here
// (the amount may be split across several orders; the rest is the client's advance); a posted payment's allocations
// are replaced at once. The client of a draft may be chosen (a third-party payer is normal).
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCheckIcon, Loader2Icon } from 'lucide-react';
import type { Payment, PaymentSummary } from '@/modules/payments/payments.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
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
import { Label } from '@/web/components/ui/label.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import {
  AllocationEditor,
  allocationsOf,
  allocationTotals,
  amountText,
  FormFailure,
  minAmount,
  moneyWithCurrency,
  type AllocationDraft,
} from './payment-parts.tsx';
import { paymentsApi, refreshPayments } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.choose;

/** The payment the dialog works on: a list row (with its best proposal) or a loaded document. */
type Subject = Pick<
  PaymentSummary,
  'id' | 'number' | 'status' | 'amount' | 'currencyCode' | 'clientId' | 'clientName' | 'payerName' | 'bestProposal'
> & { version?: number; allocations?: Payment['allocations'] };

function initialDraft(payment: Subject): AllocationDraft {
  if (payment.allocations?.length) {
    return Object.fromEntries(payment.allocations.map((a) => [a.orderId, amountText(a.amount)]));
  }
  const best = payment.bestProposal;
  if (best && (payment.clientId === null || best.clientId === payment.clientId)) {
    return { [best.orderId]: amountText(minAmount(payment.amount, best.outstanding)) };
  }
  return {};
}

export function AllocateDialog({ payment, onClose }: { payment: Subject; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const posting = payment.status === 'draft';
  const best = payment.bestProposal ?? null;
  const [clientId, setClientId] = useState<number | null>(payment.clientId ?? best?.clientId ?? null);
  const [clientLabel, setClientLabel] = useState<string | null>(payment.clientName ?? best?.clientName ?? null);
  const [draft, setDraft] = useState<AllocationDraft>(() => initialDraft(payment));
  const [error, setError] = useState<{ clientId?: string; allocations?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (allocations: Array<{ orderId: number; amount: string }>) =>
      posting
        ? paymentsApi.post(payment.id, { version: payment.version, clientId: clientId ?? undefined, allocations })
        : paymentsApi.allocate(payment.id, { version: payment.version, allocations }),
    onMutate: () => setFailure(null),
    onSuccess: (saved) => {
      toast({ title: posting ? m.posted : m.reallocated, description: saved.number });
      void refreshPayments(queryClient);
      onClose();
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
      const next: typeof error = {};
      for (const [name, message] of Object.entries(fields)) {
        if (name === 'clientId') next.clientId = message;
        else if (name.startsWith('allocations')) next.allocations ??= message;
      }
      setError(next);
      setFailure(Object.keys(next).length ? null : (serverMessageOf(err) ?? m.failed));
    },
  });

  function submit() {
    const allocations = allocationsOf(draft);
    const next: typeof error = {};
    if (allocations === null) next.allocations = messages.allocation.amountInvalid;
    const rest = allocationTotals(draft, payment.amount).rest;
    if (rest?.startsWith('-')) {
      next.allocations = messages.allocation.over(moneyWithCurrency(rest.slice(1), payment.currencyCode));
    }
    if (posting && clientId === null) next.clientId = 'Оберіть клієнта — без нього платіж не провести';
    setError(next);
    if (Object.keys(next).length || allocations === null) return;
    save.mutate(allocations);
  }

  const extraRows =
    payment.allocations?.map((a) => ({
      orderId: a.orderId,
      orderNumber: a.orderNumber,
      externalNumber: a.externalNumber,
      orderDate: a.orderDate,
      status: a.orderStatus,
      clientId: clientId ?? 0,
      clientName: payment.clientName ?? '',
      currencyCode: payment.currencyCode,
      totalGross: a.totalGross,
      paid: a.paid,
      outstanding: a.outstanding,
    })) ?? [];

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title(payment.number)}</DialogTitle>
          <DialogDescription>
            {moneyWithCurrency(payment.amount, payment.currencyCode)}
            {payment.payerName ? ` · ${payment.payerName}` : ''}.{' '}
            {posting ? m.postDescription : m.reallocateDescription}
          </DialogDescription>
        </DialogHeader>
        {failure ? <FormFailure>{failure}</FormFailure> : null}
        {posting ? (
          <div className="grid min-w-0 gap-2">
            <Label htmlFor={`${id}-client`}>{messages.form.client}</Label>
            <ReferencePicker
              id={`${id}-client`}
              route="/clients"
              value={clientId}
              valueLabel={clientLabel}
              placeholder={messages.form.clientPlaceholder}
              aria-invalid={error.clientId ? true : undefined}
              aria-describedby={`${id}-client-message`}
              onChange={(value, label) => {
                setClientId(value);
                setClientLabel(label);
                setDraft({});
              }}
            />
            <FieldMessage id={`${id}-client-message`} error={error.clientId} />
          </div>
        ) : null}
        <AllocationEditor
          id={`${id}-allocations`}
          clientId={clientId}
          currencyCode={payment.currencyCode}
          paymentAmount={payment.amount}
          value={draft}
          onChange={setDraft}
          extraRows={extraRows}
          error={error.allocations}
        />
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
            {messages.form.cancel}
          </Button>
          <Button type="button" disabled={save.isPending} onClick={submit}>
            {save.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <CheckCheckIcon aria-hidden="true" />
            )}
            {posting ? m.submitPost : m.submitReallocate}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
