// The completion dialog (production.md §5: in-progress → completed): the good quantity to put out now (default: what
// is left to make), the confirmation 'Завершити з недовипуском' when less than planned will have been made, and the
// choice for materials issued beyond the need. The server posts the output and completes the MO in one step.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, Loader2Icon } from 'lucide-react';
import {
  moExcessLabels,
  moExcessOptions,
  type MoExcess,
  type ProductionTask,
} from '@/modules/production-tasks/production-tasks.contract.ts';
import { add, cmp, dec, fixed, sub } from '@/shared/decimal.ts';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
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
import { decimalInput, formatQty } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { isTasksQuery, tasksApi } from './production-tasks.api.ts';
import { tasksWebMessages as messages } from './production-tasks.messages.ts';

const QTY = /^\d+(\.\d{1,4})?$/;

export function CompleteDialog({ task, onClose }: { task: ProductionTask; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const left = sub(dec(task.quantity), dec(task.producedQuantity));
  const [goodQty, setGoodQty] = useState(() => (cmp(left, dec(0)) > 0 ? decimalInput(fixed(left, 4)) : '0'));
  const [confirmShort, setConfirmShort] = useState(false);
  const [excess, setExcess] = useState<MoExcess>('return');
  const [errors, setErrors] = useState<{ goodQty?: string; confirmShort?: string }>({});

  const normalised = goodQty.trim().replace(',', '.').replace(/\s/g, '');
  const valid = QTY.test(normalised);
  const total = valid ? add(dec(task.producedQuantity), dec(normalised)) : dec(task.producedQuantity);
  const short = cmp(total, dec(task.quantity)) < 0;

  const complete = useMutation({
    mutationFn: () =>
      tasksApi.complete(task.id, {
        goodQty: normalised,
        ...(short ? { confirmShort: true } : {}),
        excess,
      }),
    onSuccess: async () => {
      toast({ title: messages.completed(task.moNumber) });
      await queryClient.invalidateQueries({ predicate: isTasksQuery });
      onClose();
    },
  });
  const failure = complete.error ? (serverMessageOf(complete.error) ?? messages.completeFailed) : null;

  function submit() {
    const next: typeof errors = {};
    if (!valid) next.goodQty = messages.goodQtyInvalid;
    else if (short && !confirmShort) next.confirmShort = messages.confirmShortRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    complete.mutate();
  }

  const unit = task.unit ?? '';
  return (
    <Dialog open onOpenChange={(open) => !open && !complete.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{messages.completeTitle(task.moNumber)}</DialogTitle>
          <DialogDescription>
            {task.title}. {messages.completeDescription}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <dl className="grid grid-cols-2 gap-2 rounded-md border p-3 text-sm">
            <dt className="text-muted-foreground">{messages.planned}</dt>
            <dd className="text-right tabular-nums">
              {formatQty(task.quantity)} {unit}
            </dd>
            <dt className="text-muted-foreground">{messages.alreadyProduced}</dt>
            <dd className="text-right tabular-nums">
              {formatQty(task.producedQuantity)} {unit}
            </dd>
          </dl>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-good`}>{messages.goodQty}</Label>
            <Input
              id={`${id}-good`}
              inputMode="decimal"
              value={goodQty}
              aria-invalid={errors.goodQty ? true : undefined}
              aria-describedby={`${id}-good-message`}
              onChange={(event) => {
                setGoodQty(event.target.value);
                setErrors({});
              }}
            />
            <FieldMessage id={`${id}-good-message`} error={errors.goodQty} hint={messages.goodQtyHint} />
          </div>
          {short && valid ? (
            <div className="grid gap-1.5 rounded-md border border-amber-500/40 bg-amber-500/10 p-3">
              <p className="text-sm">
                {messages.shortage(`${formatQty(fixed(total, 4))} ${unit}`.trim(), formatQty(task.quantity))}
              </p>
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-short`}
                  checked={confirmShort}
                  aria-invalid={errors.confirmShort ? true : undefined}
                  aria-describedby={`${id}-short-message`}
                  onCheckedChange={(checked) => {
                    setConfirmShort(checked === true);
                    setErrors({});
                  }}
                />
                <Label htmlFor={`${id}-short`}>{messages.confirmShort}</Label>
              </div>
              <FieldMessage id={`${id}-short-message`} error={errors.confirmShort} />
            </div>
          ) : null}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{messages.excess}</legend>
            {moExcessOptions.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-excess`}
                  value={option}
                  checked={excess === option}
                  onChange={() => setExcess(option)}
                  className="size-4 accent-primary"
                />
                {moExcessLabels[option]}
              </label>
            ))}
          </fieldset>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={complete.isPending} onClick={onClose}>
              {messages.cancel}
            </Button>
            <Button type="submit" disabled={complete.isPending}>
              {complete.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <CheckCircle2Icon aria-hidden="true" />
              )}
              {messages.completeSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
