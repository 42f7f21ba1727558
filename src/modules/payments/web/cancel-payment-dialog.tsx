// 'Скасувати' / 'Не наш платіж' (sales.md §2): a confirmation with the reason (required; the usual ones a click
// away). The allocations are removed and the orders re-derived by the server; the bank operation stays.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReasonDialog } from '@/web/components/document-actions.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
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
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (text: string) => paymentsApi.cancel(payment.id, text),
    onSuccess: (cancelled) => {
      toast({ title: m.done, description: cancelled.number });
      void refreshPayments(queryClient);
      onDone?.();
      onClose();
    },
  });
  return (
    <ReasonDialog
      title={notOurs ? m.notOursTitle(payment.number) : m.title(payment.number)}
      description={m.description}
      confirmLabel={m.confirm}
      cancelLabel={m.back}
      reasonLabel={m.reason}
      requiredMessage={m.reasonRequired}
      suggestions={m.reasons}
      initialReason={notOurs ? m.reasons[0] : ''}
      pending={cancel.isPending}
      error={cancel.error ? (serverMessageOf(cancel.error) ?? m.failed) : undefined}
      onConfirm={(reason) => cancel.mutate(reason)}
      onClose={onClose}
    />
  );
}
