// The dialogs of /currency-rates (reports-admin.md §18): a manual rate (new, or a change of a stored one, which makes
// it manual) and 'Завантажити за період' (≤ 366 days, optionally replacing the manual rates).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { DateField } from '@/web/components/date-field.tsx';
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
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk, todayIso } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import type { Rate, RateFetchResult } from '../currency-rates.contract.ts';
import { currencyRatesApi, ratesListPrefix } from './currency-rates.api.ts';
import { currencyRatesWebMessages as m } from './currency-rates-web.messages.ts';

function FormDialog({
  title,
  description,
  busy,
  failure,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description: string;
  busy: boolean;
  failure: string | null;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-md sm:p-6">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          {failure ? (
            <p className="text-sm text-destructive dark:text-red-400" role="alert">
              {failure}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const failureOf = (error: unknown) => {
  const fields = error instanceof ApiError ? error.fields : undefined;
  return (fields && Object.values(fields)[0]) ?? serverMessageOf(error) ?? m.failed;
};

/** A manual rate: `rate` to change a stored one, else a new one for a chosen currency and day. */
export function RateDialog({
  rate,
  currencies,
  onClose,
}: {
  rate: Rate | null;
  currencies: readonly string[];
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [code, setCode] = useState(rate?.currencyCode ?? currencies[0] ?? '');
  const [date, setDate] = useState(rate?.date ?? todayIso());
  const [value, setValue] = useState(rate ? rate.rate.replace(/0+$/, '').replace(/\.$/, '').replace('.', ',') : '');
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      rate
        ? currencyRatesApi.update(rate.id, { rate: value, version: rate.version })
        : currencyRatesApi.create({ currencyCode: code, date, rate: value }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [ratesListPrefix] });
      toast({ title: m.saved });
      onClose();
    },
    onError: (error) => setFailure(failureOf(error)),
  });
  return (
    <FormDialog
      title={rate ? m.editRate(rate.currencyCode, formatDateUk(rate.date)) : m.newRateTitle}
      description={rate ? m.rateHint : m.newRateDescription}
      busy={save.isPending}
      failure={failure}
      submitLabel={m.save}
      onClose={onClose}
      onSubmit={() => {
        setFailure(null);
        if (value.trim() === '' || (!rate && (!code || !date))) setFailure(m.required);
        else save.mutate();
      }}
    >
      {rate ? null : (
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-code`}>{m.currency}</Label>
            <select
              id={`${id}-code`}
              className="h-9 rounded-md border bg-background px-2 text-sm"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            >
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-date`}>{m.date}</Label>
            <DateField id={`${id}-date`} value={date} onChange={setDate} />
          </div>
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-rate`}>{m.rateLabel(rate?.currencyCode ?? code)}</Label>
        <Input
          id={`${id}-rate`}
          inputMode="decimal"
          autoFocus
          className="text-right tabular-nums"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
    </FormDialog>
  );
}

/** 'Завантажити за період'. */
export function FetchPeriodDialog({
  initial,
  onDone,
  onClose,
}: {
  initial: { from: string; to: string };
  onDone: (result: RateFetchResult) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [overwriteManual, setOverwrite] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useMutation({
    mutationFn: () => currencyRatesApi.fetch({ from, to, overwriteManual }),
    onSuccess: (result) => {
      onDone(result);
      onClose();
    },
    onError: (error) => setFailure(failureOf(error)),
  });
  return (
    <FormDialog
      title={m.periodTitle}
      description={m.periodDescription}
      busy={load.isPending}
      failure={failure}
      submitLabel={m.load}
      onClose={onClose}
      onSubmit={() => {
        setFailure(null);
        load.mutate();
      }}
    >
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>{m.from}</Label>
          <DateField id={`${id}-from`} value={from} onChange={setFrom} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>{m.to}</Label>
          <DateField id={`${id}-to`} value={to} onChange={setTo} />
        </div>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id={`${id}-overwrite`} checked={overwriteManual} onCheckedChange={(v) => setOverwrite(v === true)} />
        <Label htmlFor={`${id}-overwrite`} className="font-normal">
          {m.overwriteManual}
        </Label>
      </div>
    </FormDialog>
  );
}
