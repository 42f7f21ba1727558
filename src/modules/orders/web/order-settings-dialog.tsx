// The gear dialog of /orders (domain README §10 'Settings'): the prepayment that approves production by itself, how
// long an invoice is valid for prepaying clients, and the display names of the statuses (the machine never changes).
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, SaveIcon } from 'lucide-react';
import {
  orderSettingsPatchSchema,
  orderStatuses,
  orderStatusLabels,
  type OrderSettings,
  type OrderStatus,
} from '@/modules/orders/orders.contract.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
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
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { FormFailure } from './order-parts.tsx';
import { isOrdersQuery, orderSettingsQueryKey, ordersApi } from './orders.api.ts';
import { ordersWebMessages } from './orders.messages.ts';

const m = ordersWebMessages.settingsDialog;

export function OrderSettingsDialog({ onClose }: { onClose: () => void }) {
  const query = useQuery<OrderSettings>({ queryKey: orderSettingsQueryKey });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        {query.data ? (
          <SettingsForm settings={query.data} onClose={onClose} />
        ) : (
          <InlineQueryStatus
            query={query}
            loadingText={ordersWebMessages.loading}
            errorText={m.loadError}
            retryText={ordersWebMessages.retry}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SettingsForm({ settings, onClose }: { settings: OrderSettings; onClose: () => void }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [prepayment, setPrepayment] = useState(String(settings.productionPrepaymentPercent));
  const [validity, setValidity] = useState(String(settings.invoiceValidityDays));
  const [labels, setLabels] = useState<Record<OrderStatus, string>>(settings.statusLabels);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: ordersApi.settings,
    onSuccess: (saved) => {
      queryClient.setQueryData(orderSettingsQueryKey, saved);
      void queryClient.invalidateQueries({ predicate: isOrdersQuery });
      toast({ title: m.saved });
      onClose();
    },
  });
  const failure = save.error ? (serverMessageOf(save.error) ?? m.saveFailed) : null;

  function submit() {
    const number = (v: string) => (/^\d+([.,]\d+)?$/.test(v.trim()) ? Number(v.trim().replace(',', '.')) : NaN);
    const parsed = orderSettingsPatchSchema.safeParse({
      productionPrepaymentPercent: number(prepayment),
      invoiceValidityDays: number(validity),
      statusLabels: labels,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const numberField = (name: string, label: string, value: string, set: (v: string) => void, hint: string) => (
    <div className="grid gap-2">
      <Label htmlFor={`${formId}-${name}`}>{label}</Label>
      <Input
        id={`${formId}-${name}`}
        inputMode="decimal"
        value={value}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${formId}-${name}-message`}
        onChange={(e) => set(e.target.value)}
      />
      <FieldMessage id={`${formId}-${name}-message`} error={errors[name]} hint={hint} />
    </div>
  );

  return (
    <form
      id={formId}
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset disabled={save.isPending} className="grid gap-4">
        {numberField('productionPrepaymentPercent', m.prepayment, prepayment, setPrepayment, m.prepaymentHint)}
        {numberField('invoiceValidityDays', m.validity, validity, setValidity, m.validityHint)}
        <div className="grid gap-2">
          <p className="text-sm font-medium">{m.labels}</p>
          <p className="text-xs text-muted-foreground">{m.labelsHint}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {orderStatuses.map((status) => (
              <div key={status} className="grid gap-1">
                <Label htmlFor={`${formId}-label-${status}`} className="text-xs font-normal text-muted-foreground">
                  {orderStatusLabels[status]}
                </Label>
                <Input
                  id={`${formId}-label-${status}`}
                  maxLength={40}
                  value={labels[status]}
                  aria-invalid={errors[`statusLabels.${status}`] ? true : undefined}
                  onChange={(e) => setLabels({ ...labels, [status]: e.target.value })}
                />
                <FieldMessage id={`${formId}-label-${status}-message`} error={errors[`statusLabels.${status}`]} />
              </div>
            ))}
          </div>
        </div>
      </fieldset>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SaveIcon aria-hidden="true" />
          )}
          {save.isPending ? m.saving : m.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
