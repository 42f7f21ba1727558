// The parts of /currency-rates (reports-admin.md §18): the date × currency table (a manual rate marked, a cell opens
// its change), a line chart per currency, and the converter (amount, from, to, date → the result to the kopeck with
// the rates it used).
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChartCard, ChartLine } from '@/web/components/charts/index.ts';
import { ListPagination } from '@/web/components/data-list.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { REPORT_PAGE_SIZE, useReportPage } from '@/web/components/report-period.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk, formatMoney, todayIso } from '@/web/lib/document-format.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import type { ConvertResult, Rate, RateList } from '../currency-rates.contract.ts';
import { convertKey } from './currency-rates.api.ts';
import { currencyRatesWebMessages as m } from './currency-rates-web.messages.ts';

/** A rate as read: a decimal comma, at least 4 decimals ('41,2345', '10,2000'). */
export const formatRate = (rate: string) => formatDecimalUk(rate, 4);

export function RatesTable({
  data,
  canEdit,
  onEdit,
}: {
  data: RateList;
  canEdit: boolean;
  onEdit: (rate: Rate) => void;
}) {
  const byDate = new Map<string, Map<string, Rate>>();
  for (const r of data.rates) {
    if (!byDate.has(r.date)) byDate.set(r.date, new Map());
    byDate.get(r.date)!.set(r.currencyCode, r);
  }
  const dates = [...byDate.keys()];
  const [page, setPage] = useReportPage(data);
  const shown = dates.slice((page - 1) * REPORT_PAGE_SIZE, page * REPORT_PAGE_SIZE);
  return (
    <div className="grid min-w-0 gap-3">
      <div className="overflow-x-auto rounded-xl border bg-card">
        <Table aria-label={m.title}>
          <TableHeader>
            <TableRow>
              <TableHead>{m.date}</TableHead>
              {data.currencies.map((c) => (
                <TableHead key={c.code} className="text-right" title={c.name}>
                  {c.code}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((date) => (
              <TableRow key={date}>
                <TableCell className="whitespace-nowrap tabular-nums">{formatDateUk(date)}</TableCell>
                {data.currencies.map((c) => {
                  const rate = byDate.get(date)!.get(c.code);
                  if (!rate)
                    return (
                      <TableCell key={c.code} className="text-right text-muted-foreground">
                        —
                      </TableCell>
                    );
                  const text = (
                    <>
                      <span className="tabular-nums">{formatRate(rate.rate)}</span>
                      {rate.source === 'manual' ? (
                        <Badge variant="outline" className="ml-1.5" title={m.manualHint}>
                          {m.manual}
                        </Badge>
                      ) : null}
                    </>
                  );
                  return (
                    <TableCell key={c.code} className="text-right whitespace-nowrap">
                      {canEdit ? (
                        <button
                          type="button"
                          className="rounded px-1 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                          aria-label={m.editRate(c.code, formatDateUk(date))}
                          onClick={() => onEdit(rate)}
                        >
                          {text}
                        </button>
                      ) : (
                        text
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ListPagination
        page={page}
        pageSize={REPORT_PAGE_SIZE}
        total={dates.length}
        emptySummary={m.emptyTitle}
        onPageChange={setPage}
      />
    </div>
  );
}

/** A line per currency over the period, oldest day first. */
export function RateCharts({ data }: { data: RateList }) {
  const drawn = data.currencies
    .map((c) => ({
      code: c.code,
      points: data.rates
        .filter((r) => r.currencyCode === c.code)
        .map((r) => ({ date: r.date, rate: r.rate }))
        .reverse(),
    }))
    .filter((c) => c.points.length > 0);
  if (!drawn.length) return null;
  return (
    <section className="grid min-w-0 gap-4 xl:grid-cols-2" aria-label={m.chartsTitle}>
      {drawn.map((c) => (
        <ChartCard key={c.code} title={m.chartTitle(c.code)}>
          <ChartLine
            title={m.chartTitle(c.code)}
            data={c.points}
            xKey="date"
            xLabel={m.date}
            formatX={formatDateUk}
            series={[{ key: 'rate', label: m.chartHeaders[1], format: (v) => formatRate(String(v)) }]}
            fitY
          />
        </ChartCard>
      ))}
    </section>
  );
}

/** The converter: the server converts with the rates on the day (fetched on demand), exact to the kopeck. */
export function Converter({ codes }: { codes: readonly string[] }) {
  const id = useId();
  const all = ['UAH', ...codes];
  const [amount, setAmount] = useState('100');
  // The first foreign currency until one is chosen (the list arrives after the first render).
  const [chosenFrom, setFrom] = useState('');
  const from = chosenFrom || codes[0] || 'UAH';
  const [to, setTo] = useState('UAH');
  const [date, setDate] = useState(todayIso());
  const [asked, setAsked] = useState<{ amount: string; from: string; to: string; date: string } | null>(null);
  const result = useQuery<ConvertResult>({
    queryKey: asked ? convertKey(asked) : ['convert-none'],
    enabled: asked !== null,
    retry: false,
  });
  const select = (value: string, set: (v: string) => void, label: string, key: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <select
        id={`${id}-${key}`}
        className="h-9 rounded-md border bg-background px-2 text-sm"
        value={value}
        onChange={(e) => set(e.target.value)}
      >
        {all.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
  const r = result.data;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">{m.converterTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setAsked({ amount: amount.replace(',', '.').replace(/\s/g, ''), from, to, date });
          }}
        >
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-amount`}>{m.amount}</Label>
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                className="text-right tabular-nums"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </div>
            {select(from, setFrom, m.fromCurrency, 'from')}
            {select(to, setTo, m.toCurrency, 'to')}
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-date`}>{m.date}</Label>
              <DateField id={`${id}-date`} value={date} onChange={setDate} />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="outline">
              {m.convert}
            </Button>
            <div aria-live="polite" className="min-w-0 text-sm">
              {result.isError ? (
                <span className="text-destructive dark:text-red-400">{serverMessageOf(result.error) ?? m.failed}</span>
              ) : r ? (
                <span className="grid gap-0.5">
                  <strong className="tabular-nums">
                    {m.converted(formatMoney(r.amount), r.from.code, formatMoney(r.result), r.to.code)}
                  </strong>
                  {[r.from, r.to].map((u) => (
                    <span key={u.code} className="text-muted-foreground">
                      {m.usedRate(u.code, formatRate(u.rate), u.date ? formatDateUk(u.date) : null)}
                    </span>
                  ))}
                </span>
              ) : null}
            </div>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
