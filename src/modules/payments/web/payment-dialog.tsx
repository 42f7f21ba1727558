// 'Новий платіж' (sales.md §2): client, date, amount, method, purpose and the allocation to that client's open orders
// (what each still owes is shown; the rest becomes the client's advance). Posted at once ('Провести платіж') or kept
// as a draft. Opened with an order (`?orderId=` on the page), it starts with that order's client and its outstanding.
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheckIcon, Loader2Icon, SaveIcon } from 'lucide-react';
import {
  paymentCreateSchema,
  paymentMethodLabels,
  paymentMethods,
  type OpenOrder,
  type PaymentCreateBody,
  type PaymentMethod,
} from '@/modules/payments/payments.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { StateMessage } from '@/web/components/data-list.tsx';
import { DateField } from '@/web/components/date-field.tsx';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import {
  AllocationEditor,
  allocationsOf,
  amountInput,
  amountText,
  FormFailure,
  todayIso,
  type AllocationDraft,
} from './payment-parts.tsx';
import { openOrdersQueryKey, paymentsApi, refreshPayments } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.form;
type Errors = Partial<
  Record<'clientId' | 'paymentDate' | 'amount' | 'currencyCode' | 'fxRate' | 'allocations', string>
>;

export function PaymentDialog({ orderId, onClose }: { orderId?: number; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  // `?orderId=`: the order's client, currency and outstanding start the form.
  const preset = useQuery({
    queryKey: openOrdersQueryKey({ orderId }),
    queryFn: () => paymentsApi.openOrders({ orderId }),
    enabled: orderId !== undefined,
    staleTime: 0,
  });
  const loading = orderId !== undefined && preset.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.createTitle}</DialogTitle>
          <DialogDescription>{loading ? messages.allocation.loading : m.createDescription}</DialogDescription>
        </DialogHeader>
        {loading ? (
          <StateMessage>
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
          </StateMessage>
        ) : (
          <PaymentForm preset={preset.data?.[0]} onBusyChange={setBusy} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PaymentForm({
  preset,
  onBusyChange,
  onClose,
}: {
  preset: OpenOrder | undefined;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [clientId, setClientId] = useState<number | null>(preset?.clientId ?? null);
  const [clientLabel, setClientLabel] = useState<string | null>(preset?.clientName ?? null);
  const [paymentDate, setPaymentDate] = useState(todayIso());
  const [amount, setAmount] = useState(preset ? amountText(preset.outstanding) : '');
  const [currencyCode, setCurrencyCode] = useState(preset?.currencyCode ?? 'UAH');
  const [fxRate, setFxRate] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [purpose, setPurpose] = useState(preset ? `Оплата за замовленням ${preset.orderNumber}` : '');
  const [payerName, setPayerName] = useState('');
  const [allocations, setAllocations] = useState<AllocationDraft>(
    preset ? { [preset.orderId]: amountText(preset.outstanding) } : {},
  );
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const presetOrder = preset;

  const save = useMutation({
    mutationFn: (body: PaymentCreateBody) => paymentsApi.create(body),
    onMutate: () => {
      setFailure(null);
      onBusyChange(true);
    },
    onSettled: () => onBusyChange(false),
    onSuccess: (payment) => {
      toast({ title: payment.status === 'posted' ? m.created : m.createdDraft, description: payment.number });
      void refreshPayments(queryClient);
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const fields = error.fields ?? {};
      const next: Errors = {};
      for (const [name, message] of Object.entries(fields)) {
        if (name.startsWith('allocations')) next.allocations ??= message;
        else if (name in { clientId: 1, paymentDate: 1, amount: 1, currencyCode: 1, fxRate: 1 })
          next[name as keyof Errors] = message;
      }
      setErrors(next);
      setFailure(Object.keys(next).length ? null : (serverMessageOf(error) ?? m.failed));
    },
  });

  /** The body to send, or null with the errors shown. */
  function validate(post: boolean) {
    const next: Errors = {};
    const list = allocationsOf(allocations);
    if (list === null) next.allocations = messages.allocation.amountInvalid;
    if (post && clientId === null) next.clientId = 'Оберіть клієнта — без нього платіж не провести';
    const parsed = paymentCreateSchema.safeParse({
      paymentDate,
      amount: amount.replace(/[\s\u00a0]/g, ''),
      currencyCode,
      fxRate: currencyCode.trim().toUpperCase() === 'UAH' || fxRate.trim() === '' ? undefined : fxRate,
      method,
      clientId,
      purpose,
      payerName,
      allocations: list ?? [],
      post,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head] = issue.path;
        const key = head === 'allocations' ? 'allocations' : (String(head) as keyof Errors);
        if (['clientId', 'paymentDate', 'amount', 'currencyCode', 'fxRate', 'allocations'].includes(key)) {
          next[key] ??= issue.message;
        }
      }
    }
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return null;
    return parsed.data;
  }

  function submit(post: boolean) {
    const body = validate(post);
    if (body) save.mutate(body);
  }

  const busy = save.isPending;
  const idOf = (name: string) => `${formId}-${name}`;
  const field = (
    name: keyof Errors,
    label: string,
    input: ReactNode,
    opts: { required?: boolean; hint?: string; className?: string } = {},
  ) => (
    <div className={cn('grid min-w-0 content-start gap-2', opts.className)}>
      <Label htmlFor={idOf(name)}>
        {label}
        {opts.required ? (
          <span className="text-destructive dark:text-red-400" title={m.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {input}
      <FieldMessage id={`${idOf(name)}-message`} error={errors[name]} hint={opts.hint} />
    </div>
  );
  const aria = (name: keyof Errors, required = false) => ({
    id: idOf(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${idOf(name)}-message`,
    'aria-required': required ? true : undefined,
  });
  const foreign = currencyCode.trim().toUpperCase() !== 'UAH';

  return (
    <form
      className="grid min-w-0 gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(true);
      }}
    >
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <div className="grid min-w-0 gap-4 sm:grid-cols-2">
        {field(
          'clientId',
          m.client,
          <ReferencePicker
            route="/clients"
            value={clientId}
            valueLabel={clientLabel}
            placeholder={m.clientPlaceholder}
            onChange={(value, label) => {
              setClientId(value);
              setClientLabel(label);
              setAllocations({});
            }}
            {...aria('clientId', true)}
          />,
          { required: true, className: 'sm:col-span-2' },
        )}
        {field(
          'paymentDate',
          m.date,
          <DateField value={paymentDate} onChange={setPaymentDate} {...aria('paymentDate', true)} />,
          { required: true },
        )}
        <div className="grid min-w-0 content-start gap-2">
          <Label htmlFor={idOf('method')}>{m.method}</Label>
          <Select value={method} onValueChange={(value) => setMethod(value as PaymentMethod)}>
            <SelectTrigger id={idOf('method')} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {paymentMethods.map((value) => (
                <SelectItem key={value} value={value}>
                  {paymentMethodLabels[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {field(
          'amount',
          m.amount,
          <Input
            inputMode="decimal"
            autoComplete="off"
            className="text-right tabular-nums"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            {...aria('amount', true)}
          />,
          { required: true },
        )}
        <div className="grid grid-cols-2 gap-3">
          {field(
            'currencyCode',
            m.currency,
            <Input
              maxLength={3}
              autoComplete="off"
              className="uppercase"
              value={currencyCode}
              onChange={(e) => {
                setCurrencyCode(e.target.value.toUpperCase());
                setAllocations({});
              }}
              {...aria('currencyCode')}
            />,
          )}
          {foreign
            ? field(
                'fxRate',
                m.fxRate,
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  value={fxRate}
                  onChange={(e) => setFxRate(e.target.value)}
                  {...aria('fxRate')}
                />,
              )
            : null}
        </div>
        <div className="grid min-w-0 content-start gap-2 sm:col-span-2">
          <Label htmlFor={idOf('purpose')}>{m.purpose}</Label>
          <Textarea
            id={idOf('purpose')}
            rows={2}
            maxLength={1000}
            value={purpose}
            onChange={(e) => setPurpose(e.target.value)}
          />
        </div>
        <div className="grid min-w-0 content-start gap-2 sm:col-span-2">
          <Label htmlFor={idOf('payerName')}>{m.payerName}</Label>
          <Input
            id={idOf('payerName')}
            maxLength={300}
            value={payerName}
            onChange={(e) => setPayerName(e.target.value)}
          />
        </div>
      </div>
      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-1 text-sm font-medium">{m.allocations}</legend>
        <p className="text-xs text-muted-foreground">{m.allocationsHint}</p>
        <AllocationEditor
          id={idOf('allocations')}
          clientId={clientId}
          currencyCode={currencyCode.trim().toUpperCase() || 'UAH'}
          paymentAmount={amountInput(amount)}
          value={allocations}
          onChange={setAllocations}
          extraRows={presetOrder && presetOrder.clientId === clientId ? [presetOrder] : []}
          error={errors.allocations}
        />
      </fieldset>
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
          {m.cancel}
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => submit(false)}>
          <SaveIcon aria-hidden="true" />
          {m.saveDraft}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <CheckCheckIcon aria-hidden="true" />}
          {m.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
