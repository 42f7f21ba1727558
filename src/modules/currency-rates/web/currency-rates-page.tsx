// 'Курси валют НБУ' (reports-admin.md §18): the period (a month by default) and the currency in the address, the
// date × currency table with manual rates marked and changed in place (audited), a line chart per currency,
// 'Оновити сьогодні', 'Завантажити за період', 'Додати курс' and the converter.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, Loader2Icon, PlusIcon, RefreshCwIcon } from 'lucide-react';
import { ListHeader } from '@/web/components/list-page.tsx';
import {
  isValidPeriod,
  presetPeriod,
  ReportEmpty,
  ReportFilterBar,
  FilterPeriodBar,
  ReportStates,
  reportParams,
  useReportFilter,
} from '@/web/components/report-period.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { todayIso } from '@/web/lib/document-format.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { toast } from '@/web/lib/use-toast.ts';
import type { Rate, RateFetchResult, RateList } from '../currency-rates.contract.ts';
import {
  CURRENCY_RATES_ROUTE,
  currencyRatesApi,
  ratesKey,
  ratesListPrefix,
  type RatesFilter,
} from './currency-rates.api.ts';
import { FetchPeriodDialog, RateDialog } from './currency-rates-dialogs.tsx';
import { Converter, RateCharts, RatesTable } from './currency-rates-parts.tsx';
import { currencyRatesWebMessages as m } from './currency-rates-web.messages.ts';

const PRESETS = ['week', 'month', 'quarter', 'year'] as const;

const defaults = (): RatesFilter & { preset: string } => ({ ...presetPeriod('month'), currency: '', preset: 'month' });
const accept = reportParams(PRESETS, { currency: /^[A-Z]{3}$/ });

export function CurrencyRatesPage() {
  const [filter, change, reset] = useReportFilter(defaults, accept);
  const { canAccess } = usePermission(CURRENCY_RATES_ROUTE);
  const queryClient = useQueryClient();
  const valid = isValidPeriod(filter);
  const start = defaults();
  const filtered = filter.from !== start.from || filter.to !== start.to || filter.currency !== '';
  const list = useQuery<RateList>({ queryKey: ratesKey(filter), enabled: valid, placeholderData: keepPreviousData });
  // The currency choice lists every foreign currency, whatever the filter shows.
  const all = useQuery<RateList>({ queryKey: ratesKey({ ...filter, currency: '' }), enabled: valid });
  const codes = (all.data ?? list.data)?.currencies.map((c) => c.code) ?? [];
  const [editing, setEditing] = useState<Rate | 'new' | null>(null);
  const [period, setPeriod] = useState(false);
  const done = (result: RateFetchResult) => {
    void queryClient.invalidateQueries({ queryKey: [ratesListPrefix] });
    toast({ title: result.message, variant: result.ok ? 'default' : 'destructive' });
  };
  const today = useMutation({
    mutationFn: () => currencyRatesApi.fetch({ date: todayIso() }),
    onSuccess: done,
    onError: (error) => toast({ title: serverMessageOf(error) ?? m.failed, variant: 'destructive' }),
  });
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          canAccess ? (
            <>
              <Button type="button" variant="outline" disabled={today.isPending} onClick={() => today.mutate()}>
                {today.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <RefreshCwIcon aria-hidden="true" />
                )}
                {m.refreshToday}
              </Button>
              <Button type="button" variant="outline" onClick={() => setPeriod(true)}>
                <DownloadIcon aria-hidden="true" />
                {m.loadPeriod}
              </Button>
              <Button type="button" disabled={!codes.length} onClick={() => setEditing('new')}>
                <PlusIcon aria-hidden="true" />
                {m.addRate}
              </Button>
            </>
          ) : null
        }
      />
      <FilterPeriodBar
        id="currency-rates-period"
        filter={filter}
        presets={PRESETS}
        texts={m}
        onChange={(patch) => change({ ...patch })}
      />
      <ReportFilterBar filtered={filtered} onReset={reset}>
        <div className="flex items-center gap-2">
          <Label htmlFor="currency-rates-currency">{m.currency}</Label>
          <select
            id="currency-rates-currency"
            className="h-9 rounded-md border bg-background px-2 text-sm"
            value={filter.currency}
            onChange={(e) => change({ currency: e.target.value })}
          >
            <option value="">{m.currencyAll}</option>
            {codes.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </ReportFilterBar>
      <ReportStates
        valid={valid}
        queries={[list]}
        texts={{ badPeriod: m.invalidPeriod, loadError: m.loadError, retry: m.retry, loading: m.loading }}
      >
        {() =>
          !list.data!.currencies.length ? (
            <ReportEmpty title={m.noCurrencies} hint={m.emptyHint} />
          ) : !list.data!.rates.length ? (
            <ReportEmpty title={m.emptyTitle} hint={m.emptyHint} />
          ) : (
            <>
              <RatesTable data={list.data!} canEdit={canAccess} onEdit={setEditing} />
              <RateCharts data={list.data!} />
            </>
          )
        }
      </ReportStates>
      <Converter codes={codes} />
      {editing ? (
        <RateDialog rate={editing === 'new' ? null : editing} currencies={codes} onClose={() => setEditing(null)} />
      ) : null}
      {period ? (
        <FetchPeriodDialog
          initial={{ from: filter.from, to: filter.to }}
          onDone={done}
          onClose={() => setPeriod(false)}
        />
      ) : null}
    </div>
  );
}
