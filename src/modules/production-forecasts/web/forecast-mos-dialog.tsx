// 'Створити МВ' of a calculated forecast: per item the suggestion for the next period, max(0, F − free −
// inProduction), editable (decimals with a comma) and removable; rows left at zero are not created. The created MOs
// are then listed, each a link to /manufacturing?open={id}.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Loader2Icon, XIcon } from 'lucide-react';
import { Link } from 'wouter';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { withUnit } from '@/web/components/document-view.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
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
import { serverMessageOf } from '@/web/lib/api.ts';
import { decimalInput } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import type {
  CreateMosAnswer,
  ForecastDetail,
  ForecastSuggestion,
  ForecastSuggestions,
} from '../production-forecasts.contract.ts';
import { productionForecastsMessages } from '../production-forecasts.messages.ts';
import { formatForecastQty, periodLabel } from './forecast-parts.tsx';
import { forecastsApi, forecastSuggestionsQueryKey } from './production-forecasts.api.ts';
import { productionForecastsWebMessages } from './production-forecasts-web.messages.ts';

const m = productionForecastsWebMessages.mos;
const QTY = /^\d+([.,]\d{1,4})?$/;

interface EditRow {
  suggestion: ForecastSuggestion;
  qty: string;
}

/** A typed quantity as the API takes it ('12,5' → '12.5'), or null when it is not a decimal of up to 4 places. */
function apiQty(text: string): string | null {
  const clean = text.replace(/\s/g, '');
  return QTY.test(clean) ? clean.replace(',', '.') : null;
}
/** A row left at zero is not created; anything else (a quantity, or a typo to be told of) is. */
function isZero(text: string) {
  const qty = apiQty(text);
  return qty !== null && !/[1-9]/.test(qty);
}

export function ForecastMosDialog({ forecast, onClose }: { forecast: ForecastDetail; onClose: () => void }) {
  const suggestions = useQuery<ForecastSuggestions>({
    queryKey: forecastSuggestionsQueryKey(forecast.id),
    staleTime: 0,
  });
  const [rows, setRows] = useState<EditRow[] | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (lines: { itemId: number; qty: string }[]) => forecastsApi.createMos(forecast.id, { lines }),
    onSuccess: (answer) => toast({ title: m.created, description: answer.message }),
    onError: (error) => setFailure(serverMessageOf(error) ?? m.failed),
  });

  const shown: EditRow[] =
    rows ??
    (suggestions.data?.rows ?? [])
      .filter((row) => row.problem === null)
      .map((suggestion) => ({ suggestion, qty: decimalInput(suggestion.suggestedQty) }));
  const problems = (suggestions.data?.rows ?? []).filter((row) => row.problem !== null);
  const wanted = shown.filter((row) => !isZero(row.qty));

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found: Record<number, string> = {};
    const lines: { itemId: number; qty: string }[] = [];
    for (const row of wanted) {
      const qty = apiQty(row.qty);
      if (qty === null) found[row.suggestion.itemId] = productionForecastsMessages.qty;
      else lines.push({ itemId: row.suggestion.itemId, qty });
    }
    setErrors(found);
    if (Object.keys(found).length === 0 && lines.length > 0) create.mutate(lines);
  }

  const period = suggestions.data?.periodStart;
  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="max-h-[95dvh] gap-4 overflow-y-auto p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>
            {period ? m.description(periodLabel(period, forecast.granularity)) : m.descriptionNoPeriod}
          </DialogDescription>
        </DialogHeader>
        {create.data ? (
          <Created answer={create.data} />
        ) : suggestions.data ? (
          <form id="forecast-mos" noValidate className="grid min-w-0 gap-3" onSubmit={submit}>
            {shown.length === 0 ? <p className="text-sm text-muted-foreground">{m.nothing}</p> : null}
            <ul className="grid gap-2" aria-label={m.title}>
              {shown.map((row) => (
                <SuggestionRow
                  key={row.suggestion.itemId}
                  row={row}
                  error={errors[row.suggestion.itemId]}
                  disabled={create.isPending}
                  onQty={(qty) => setRows(shown.map((r) => (r === row ? { ...r, qty } : r)))}
                  onRemove={() => setRows(shown.filter((r) => r !== row))}
                />
              ))}
            </ul>
            {problems.length ? (
              <ul className="grid gap-1 text-sm text-muted-foreground">
                {problems.map((row) => (
                  <li key={row.itemId}>
                    {row.name}: {row.problem}
                  </li>
                ))}
              </ul>
            ) : null}
            {failure ? <FormFailure>{failure}</FormFailure> : null}
          </form>
        ) : (
          <InlineQueryStatus
            query={suggestions}
            loadingText={m.loading}
            errorText={m.loadError}
            retryText={productionForecastsWebMessages.retryShort}
          />
        )}
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" disabled={create.isPending} onClick={onClose}>
            {create.data ? m.close : m.cancel}
          </Button>
          {create.data || !suggestions.data || shown.length === 0 ? null : (
            <Button type="submit" form="forecast-mos" disabled={create.isPending || wanted.length === 0}>
              {create.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {create.isPending ? m.creating : m.create(wanted.length)}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SuggestionRow({
  row,
  error,
  disabled,
  onQty,
  onRemove,
}: {
  row: EditRow;
  error: string | undefined;
  disabled: boolean;
  onQty: (qty: string) => void;
  onRemove: () => void;
}) {
  const s = row.suggestion;
  const inputId = `forecast-mo-qty-${s.itemId}`;
  const unit = s.unitShortName;
  return (
    <li className="grid min-w-0 gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center">
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium break-words">{s.name}</span>
        <span className="text-xs break-words text-muted-foreground">
          {s.sku} · {m.forecast} {withUnit(formatForecastQty(s.forecastQty), unit)} · {m.free}{' '}
          {formatDecimalUk(s.free, 0)} · {m.inProduction} {formatDecimalUk(s.inProduction, 0)}
        </span>
      </div>
      <div className="grid gap-1">
        <label htmlFor={inputId} className="sr-only">
          {m.qtyOf(s.name)}
        </label>
        <Input
          id={inputId}
          inputMode="decimal"
          className="w-full text-right tabular-nums sm:w-32"
          value={row.qty}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => onQty(event.target.value)}
        />
        {error ? (
          <span id={`${inputId}-error`} className="text-xs text-destructive dark:text-red-400">
            {error}
          </span>
        ) : null}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="justify-self-end"
        disabled={disabled}
        aria-label={m.remove(s.name)}
        onClick={onRemove}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </li>
  );
}

function Created({ answer }: { answer: CreateMosAnswer }) {
  return (
    <div className="grid gap-2" role="status">
      <p className="text-sm">{answer.message}</p>
      <ul className="grid gap-1" aria-label={m.createdList}>
        {answer.created.map((mo) => (
          <li key={mo.id}>
            <Link href={`/manufacturing?open=${mo.id}`} className="text-sm font-medium underline underline-offset-4">
              {mo.number}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
