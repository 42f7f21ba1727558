// 'Скасувати' / 'Не наш платіж' (sales.md §2): a confirmation with the reason (required; the usual ones a click
// away). The allocations are removed and the orders re-derived by the server; the bank operation stays.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { ConfirmDialog } from './payment-parts.tsx';
import { paymentsApi, refreshPayments } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.cancel;

export function CancelPaymentDialog({
  payment,
  notOurs = false,
  onDone,
  onClose,
}: {
  payment: { id: number; number: string };
  /** Opened by 'Не наш платіж': the reason starts as that. */
  notOurs?: boolean;
  onDone?: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<string>(notOurs ? m.reasons[0] : '');
  const [error, setError] = useState<string | undefined>();
  const cancel = useMutation({
    mutationFn: (text: string) => paymentsApi.cancel(payment.id, text),
    onSuccess: (cancelled) => {
      toast({ title: m.done, description: cancelled.number });
      void refreshPayments(queryClient);
      onDone?.();
      onClose();
    },
    onError: (err) => setError(serverMessageOf(err) ?? m.failed),
  });
  return (
    <ConfirmDialog
      title={notOurs ? m.notOursTitle(payment.number) : m.title(payment.number)}
      description={m.description}
      confirmLabel={m.confirm}
      cancelLabel={m.back}
      destructive
      pending={cancel.isPending}
      onConfirm={() => {
        if (!reason.trim()) {
          setError(m.reasonRequired);
          return;
        }
        cancel.mutate(reason.trim());
      }}
      onClose={onClose}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>{m.reason}</Label>
        <Input
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-reason-message`}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-wrap gap-1.5">
          {m.reasons.map((text) => (
            <Button key={text} type="button" variant="outline" size="sm" onClick={() => setReason(text)}>
              {text}
            </Button>
          ))}
        </div>
        <FieldMessage id={`${id}-reason-message`} error={error} />
      </div>
    </ConfirmDialog>
  );
}
