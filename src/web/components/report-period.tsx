// The frame of a report or analytics page: the period (from–to dates and quick presets up to today — this week,
// month, quarter or year), groups of toggle buttons (the presets, a grouping by day, week or month), and the states
// before the figures arrive (a period that ends before it starts, a refusal with 'Повторити', loading).
import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { PeriodFilter } from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { XIcon } from 'lucide-react';
import { todayIso } from '@/web/lib/document-format.ts';
import { uiMessages } from '@/web/lib/ui.messages.ts';

export type PeriodPreset = 'week' | 'month' | 'quarter' | 'year';

/** The preset's first day up to today: this ISO week (from Monday), month, quarter or year. */
export function presetPeriod(preset: PeriodPreset, today: string = todayIso()): { from: string; to: string } {
  const year = today.slice(0, 4);
  const month = Number(today.slice(5, 7));
  if (preset === 'year') return { from: `${year}-01-01`, to: today };
  if (preset === 'week') {
    const day = new Date(`${today}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    return { from: day.toISOString().slice(0, 10), to: today };
  }
  const first = preset === 'quarter' ? Math.floor((month - 1) / 3) * 3 + 1 : month;
  return { from: `${year}-${String(first).padStart(2, '0')}-01`, to: today };
}

/** Toggle buttons of which one is pressed (none while the value is null). */
export function ToggleGroup<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V | null;
  onChange: (value: V) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label={label}>
      {options.map((option) => (
        <Button
          key={option.value}
          type="button"
          size="sm"
          variant={option.value === value ? 'default' : 'outline'}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}

export interface Period {
  from: string;
  to: string;
}

/** A period that can be asked for: both dates, the start not after the end. */
export const isValidPeriod = ({ from, to }: Period) => from !== '' && to !== '' && from <= to;

/**
 * The dates and the preset buttons in one row (`children` adds more toggles to it). A typed date leaves every preset
 * unpressed; a preset sets both dates.
 */
export function ReportPeriodBar<P extends PeriodPreset>({
  id,
  period,
  preset,
  presets,
  labels,
  onChange,
  children,
}: {
  id: string;
  period: Period;
  preset: P | null;
  presets: readonly { value: P; label: string }[];
  labels: { from: string; to: string; presets: string };
  onChange: (period: Period, preset: P | null) => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PeriodFilter
        id={id}
        from={period.from}
        to={period.to}
        labels={{ from: labels.from, to: labels.to }}
        onChange={({ dateFrom, dateTo }) => onChange({ from: dateFrom, to: dateTo }, null)}
      />
      <ToggleGroup
        label={labels.presets}
        options={presets}
        value={preset}
        onChange={(value) => onChange(presetPeriod(value), value)}
      />
      {children}
    </div>
  );
}

/**
 * The period bar of a report whose filter keeps its preset in the address (useReportFilter): the pressed preset is
 * the filter's, a typed date clears it (''). The presets' names and the dates' labels are the page's texts.
 */
export function FilterPeriodBar<P extends PeriodPreset>({
  id,
  filter,
  presets,
  texts,
  onChange,
  children,
}: {
  id: string;
  filter: Period & { preset: string };
  presets: readonly P[];
  texts: { from: string; to: string; presets: Record<P, string> & { label: string } };
  onChange: (patch: Period & { preset: string }) => void;
  children?: ReactNode;
}) {
  return (
    <ReportPeriodBar
      id={id}
      period={filter}
      preset={presetOf(filter.preset, presets)}
      presets={presets.map((value) => ({ value, label: texts.presets[value] }))}
      labels={{ from: texts.from, to: texts.to, presets: texts.presets.label }}
      onChange={(period, next) => onChange({ ...period, preset: next ?? '' })}
    >
      {children}
    </ReportPeriodBar>
  );
}

/**
 * What a report shows instead of its figures until every query has answered: the period's mistake, the first
 * refusal with 'Повторити' (all queries again), or the loading line; then `children()`.
 */
export function ReportStates({
  valid,
  queries,
  texts,
  children,
}: {
  valid: boolean;
  queries: readonly UseQueryResult<unknown>[];
  texts: { badPeriod: string; loadError: string; retry: string; loading: string };
  children: () => ReactNode;
}) {
  if (!valid) {
    return (
      <p className="text-sm text-destructive dark:text-red-400" role="alert">
        {texts.badPeriod}
      </p>
    );
  }
  const failed = queries.find((q) => q.isError);
  if (failed) {
    return (
      <div className="grid justify-items-start gap-3 rounded-xl border bg-card p-6">
        <ListLoadError
          error={failed.error}
          message={texts.loadError}
          retryText={texts.retry}
          onRetry={() => Promise.all(queries.map((q) => q.refetch()))}
        />
      </div>
    );
  }
  if (queries.some((q) => q.data === undefined)) return <StateMessage>{texts.loading}</StateMessage>;
  return <>{children()}</>;
}

/** A report's filters in a row (`children`) and 'Скинути фільтри' while any differs from the page's start. */
export function ReportFilterBar({
  filtered,
  onReset,
  children,
}: {
  filtered: boolean;
  onReset: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {children}
      {filtered ? (
        <Button variant="ghost" onClick={onReset}>
          <XIcon aria-hidden="true" />
          {uiMessages.listPage.reset}
        </Button>
      ) : null}
    </div>
  );
}

/** A period with nothing to count: said in place of the charts. */
export function ReportEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="rounded-xl border bg-card p-6 text-center" role="status">
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

/**
 * What a report's address may say beside its ids (for `useReportFilter`): `from` and `to` as YYYY-MM-DD, `preset`
 * one of `presets` (or '' — a period typed by hand), and each other key one of its listed values or matching its
 * pattern. Anything else is ignored and the default stands.
 */
export function reportParams(
  presets: readonly string[],
  choices: Readonly<Record<string, readonly string[] | RegExp>> = {},
): (key: string, value: string) => boolean {
  return (key, value) => {
    if (key === 'from' || key === 'to') return /^\d{4}-\d{2}-\d{2}$/.test(value);
    if (key === 'preset') return value === '' || presets.includes(value);
    const allowed = choices[key];
    if (!allowed) return false;
    return allowed instanceof RegExp ? allowed.test(value) : allowed.includes(value);
  };
}

/** The preset the address names, or null when the period was typed by hand. */
export const presetOf = <P extends string>(value: string, presets: readonly P[]): P | null =>
  (presets as readonly string[]).includes(value) ? (value as P) : null;

/** A report's filter values: text (dates, a grouping, a preset) or an id (null: none chosen). */
export type ReportFilterValues = Record<string, string | number | null>;

/**
 * A report's filters kept in the address (reports-admin §0: a report can be bookmarked and shared): each value the
 * address names is read over the defaults — an id only when it is a positive whole number, a text only when
 * `accept` takes it — and each change replaces the address with the values that differ from the defaults.
 */
export function useReportFilter<F extends ReportFilterValues>(
  defaults: () => F,
  accept: (key: keyof F & string, value: string) => boolean = () => true,
): [F, (patch: Partial<F>) => void, () => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const base = defaults();
  const params = new URLSearchParams(search);
  const filter = { ...base };
  let datesRead = false;
  for (const key of Object.keys(base) as Array<keyof F & string>) {
    const raw = params.get(key);
    if (raw === null) continue;
    if (base[key] === null || typeof base[key] === 'number') {
      if (/^[1-9]\d{0,9}$/.test(raw)) filter[key] = Number(raw) as F[typeof key];
    } else if (accept(key, raw)) {
      filter[key] = raw as F[typeof key];
      if (key === 'from' || key === 'to') datesRead = true;
    }
  }
  // Dates in the address without a preset are a period typed by hand (or a link from another page): no preset
  // button may look pressed over dates that are not its own.
  if (datesRead && 'preset' in base && params.get('preset') === null) (filter as ReportFilterValues).preset = '';
  const write = (next: F) => {
    const out = new URLSearchParams();
    for (const key of Object.keys(base)) {
      const value = next[key];
      // '' is written when the default is not (a preset cleared by typing a date: `preset=`).
      if (value !== null && value !== base[key]) out.set(key, String(value));
    }
    const text = out.toString();
    navigate(text ? `${location}?${text}` : location, { replace: true });
  };
  return [filter, (patch) => write({ ...filter, ...patch }), () => write(base)];
}

/** The rows of a report's table on one page (50): enough to read, never the whole year in the page at once. */
export const REPORT_PAGE_SIZE = 50;

/**
 * The page of a report's table, back to the first whenever the filter changes (the page is kept with the filter it
 * was chosen for, so no effect and no second request).
 */
export function useReportPage(filter: object): [number, (page: number) => void] {
  const key = JSON.stringify(filter);
  const [state, setState] = useState({ key, page: 1 });
  return [state.key === key ? state.page : 1, (page) => setState({ key, page })];
}

/** A report table's page as the table shows it: which page, of how many rows, and how to turn it. */
export interface ReportTablePage {
  page: number;
  total: number;
  onPage: (page: number) => void;
}
