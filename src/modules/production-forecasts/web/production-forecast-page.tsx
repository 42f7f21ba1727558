// One forecast, /production-forecasts/{id} (production.md §12): its facts; while a draft, the parameter form (saved
// with its version); 'Розрахувати' with a status line while the server works; once calculated, the accuracy panel,
// the per-item chart and the items × periods table; 'Створити МВ', 'Архівувати' and 'Видалити' where allowed.
import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArchiveIcon, ArrowLeftIcon, CalculatorIcon, FactoryIcon, Loader2Icon, Trash2Icon } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { ListLoadError, ListPagination, StateMessage } from '@/web/components/data-list.tsx';
import { DocumentPageState, useDocumentPage } from '@/web/components/document-page.tsx';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import { DocumentFacts, DocumentSection, type DocumentFact } from '@/web/components/document-view.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { ApiError, serverMessageOf, type ListPage } from '@/web/lib/api.ts';
import { formatDateUk, formatTimestampUk } from '@/web/lib/document-format.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { failureToast, toast } from '@/web/lib/use-toast.ts';
import type { ForecastDetail, ForecastLineRow } from '../production-forecasts.contract.ts';
import {
  forecastGranularityLabels,
  forecastMethodLabels,
  forecastScopeLabels,
} from '../production-forecasts.messages.ts';
import { ForecastChart } from './forecast-chart.tsx';
import { ForecastMosDialog } from './forecast-mos-dialog.tsx';
import { ForecastParamsFields, paramsBody, paramsOf, type ForecastParamsValues } from './forecast-params.tsx';
import { ForecastStatusBadge, periodLabel } from './forecast-parts.tsx';
import { AccuracyPanel, PeriodsTable } from './forecast-results.tsx';
import {
  FORECASTS_ROUTE,
  forecastLinesQueryFn,
  forecastLinesQueryKey,
  forecastQueryKey,
  forecastsApi,
  isForecastListQuery,
  refreshForecast,
} from './production-forecasts.api.ts';
import { productionForecastsWebMessages as messages } from './production-forecasts-web.messages.ts';

const p = messages.page;
const LINES_PAGE_SIZE = 25;
type Dialog = 'archive' | 'delete' | 'mos' | null;

export function ProductionForecastPage() {
  const { valid, query } = useDocumentPage<ForecastDetail>('/production-forecasts/:id', forecastQueryKey);
  if (!valid || !query.data) {
    return (
      <DocumentPageState
        valid={valid}
        query={query}
        texts={{ loading: p.loading, loadError: p.loadError, retry: messages.retry }}
        back={{ href: FORECASTS_ROUTE, text: p.back }}
      />
    );
  }
  return <ForecastScreen key={query.data.id} forecast={query.data} />;
}

function facts(forecast: ForecastDetail): DocumentFact[] {
  const f = p.facts;
  const param =
    forecast.method === 'moving_average'
      ? p.windowParam(forecast.windowN)
      : p.alphaParam(forecast.alpha.replace('.', ','));
  const list: DocumentFact[] = [
    [f.scope, forecast.scopeLabel || forecastScopeLabels[forecast.scope]],
    [f.method, `${forecastMethodLabels[forecast.method]}, ${param}`],
    [f.granularity, forecastGranularityLabels[forecast.granularity]],
    [
      f.history,
      forecast.historyFrom && forecast.historyTo
        ? `${p.periods(forecast.historyPeriods, forecast.granularity)}: ${p.range(
            periodLabel(forecast.historyFrom, forecast.granularity),
            periodLabel(forecast.historyTo, forecast.granularity),
          )}`
        : p.periods(forecast.historyPeriods, forecast.granularity),
    ],
    [f.horizon, p.periods(forecast.horizonPeriods, forecast.granularity)],
  ];
  if (forecast.calculatedAt) list.push([f.calculatedAt, formatTimestampUk(forecast.calculatedAt)]);
  if (forecast.createdByName)
    list.push([f.author, `${forecast.createdByName}, ${formatDateUk(forecast.createdAt.slice(0, 10))}`]);
  if (forecast.notes) list.push([f.notes, forecast.notes]);
  return list;
}

function ForecastScreen({ forecast }: { forecast: ForecastDetail }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { canAccess } = usePermission(FORECASTS_ROUTE);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dirty, setDirty] = useState(false);
  const draft = forecast.status === 'draft';
  const calculated = forecast.status === 'calculated';
  const archived = forecast.status === 'archived';

  /** The server's new copy: shown at once, its parts and the lists read again. */
  function changed(next: ForecastDetail) {
    queryClient.setQueryData(forecastQueryKey(forecast.id), next);
    refreshForecast(queryClient, forecast.id);
  }

  const calculate = useMutation({
    mutationFn: () => forecastsApi.calculate(forecast.id, forecast.version),
    onSuccess: (next) => {
      toast({ title: p.calculated, description: next.name });
      changed(next);
    },
    onError: failureToast(p.calculateFailed),
  });
  const archive = useMutation({
    mutationFn: () => forecastsApi.archive(forecast.id, forecast.version),
    onSuccess: (next) => {
      toast({ title: p.archived, description: next.name });
      setDialog(null);
      changed(next);
    },
    onError: failureToast(p.archiveFailed),
  });
  const remove = useMutation({
    mutationFn: () => forecastsApi.remove(forecast.id),
    onSuccess: () => {
      toast({ title: p.removed, description: forecast.name });
      queryClient.removeQueries({ queryKey: forecastQueryKey(forecast.id) });
      void queryClient.invalidateQueries({ predicate: isForecastListQuery });
      navigate(FORECASTS_ROUTE);
    },
    onError: failureToast(p.removeFailed),
  });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid min-w-0 gap-3">
        <Link
          href={FORECASTS_ROUTE}
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          {p.back}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h1 className="text-2xl font-semibold tracking-tight break-words">{forecast.name}</h1>
            <div>
              <ForecastStatusBadge status={forecast.status} />
            </div>
          </div>
          {canAccess ? (
            <div className="flex flex-wrap gap-2">
              {archived ? null : (
                <Button disabled={calculate.isPending || dirty} onClick={() => calculate.mutate()}>
                  {calculate.isPending ? (
                    <Loader2Icon className="animate-spin" aria-hidden="true" />
                  ) : (
                    <CalculatorIcon aria-hidden="true" />
                  )}
                  {calculate.isPending ? p.calculating : draft ? p.calculate : p.recalculate}
                </Button>
              )}
              {calculated ? (
                <Button variant="outline" disabled={calculate.isPending} onClick={() => setDialog('mos')}>
                  <FactoryIcon aria-hidden="true" />
                  {p.createMos}
                </Button>
              ) : null}
              {archived ? null : (
                <Button variant="outline" disabled={calculate.isPending} onClick={() => setDialog('archive')}>
                  <ArchiveIcon aria-hidden="true" />
                  {p.archive}
                </Button>
              )}
              {calculated ? null : (
                <Button variant="outline" disabled={calculate.isPending} onClick={() => setDialog('delete')}>
                  <Trash2Icon aria-hidden="true" />
                  {p.remove}
                </Button>
              )}
            </div>
          ) : null}
        </div>
        <p role="status" className="text-sm text-muted-foreground">
          {calculate.isPending ? p.calculatingStatus : dirty ? p.saveBeforeCalculate : ''}
        </p>
      </div>

      <DocumentFacts facts={facts(forecast)} className="grid-cols-2 lg:grid-cols-3" />

      {draft && canAccess ? (
        <DraftParams forecast={forecast} onSaved={changed} onDirty={setDirty} busy={calculate.isPending} />
      ) : null}
      {draft ? <p className="text-sm text-muted-foreground">{p.draftHint}</p> : <Results forecast={forecast} />}

      {dialog === 'archive' ? (
        <ConfirmDialog
          title={p.archiveTitle}
          description={p.archiveText}
          confirmLabel={p.archive}
          cancelLabel={p.cancel}
          pending={archive.isPending}
          onConfirm={() => archive.mutate()}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmDialog
          title={p.removeTitle}
          description={p.removeText(forecast.name)}
          confirmLabel={p.remove}
          cancelLabel={p.cancel}
          destructive
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'mos' ? <ForecastMosDialog forecast={forecast} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** The draft's parameters: saved with the version read (a stale one is refused with 409 and its message). */
function DraftParams({
  forecast,
  onSaved,
  onDirty,
  busy,
}: {
  forecast: ForecastDetail;
  onSaved: (next: ForecastDetail) => void;
  onDirty: (dirty: boolean) => void;
  busy: boolean;
}) {
  const formId = useId();
  const [values, setValues] = useState<ForecastParamsValues>(() => paramsOf(forecast));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof paramsBody>['body']) =>
      forecastsApi.update(forecast.id, { ...body, version: forecast.version }),
    onSuccess: (next) => {
      toast({ title: p.saved, description: next.name });
      onDirty(false);
      setValues(paramsOf(next));
      onSaved(next);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(serverMessageOf(error) ?? p.saveFailed);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const { body, errors: found } = paramsBody(values);
    setErrors(found ?? {});
    if (!found) save.mutate(body);
  }

  return (
    <DocumentSection title={p.params}>
      <form id={formId} noValidate className="grid min-w-0 gap-4 rounded-xl border bg-card p-4" onSubmit={submit}>
        <fieldset disabled={save.isPending || busy} className="min-w-0">
          <ForecastParamsFields
            formId={formId}
            values={values}
            errors={errors}
            onChange={(next) => {
              setValues(next);
              onDirty(true);
            }}
          />
        </fieldset>
        {failure ? <FormFailure>{failure}</FormFailure> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending || busy}>
            {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {save.isPending ? p.savingParams : p.saveParams}
          </Button>
        </div>
      </form>
    </DocumentSection>
  );
}

/** A calculated or archived forecast: the accuracy, the chart of a chosen item and the table, a page of items. */
function Results({ forecast }: { forecast: ForecastDetail }) {
  const [page, setPage] = useState(1);
  const [itemId, setItemId] = useState<number | null>(null);
  const lines = useQuery<ListPage<ForecastLineRow>>({
    queryKey: forecastLinesQueryKey(forecast.id, page, LINES_PAGE_SIZE),
    queryFn: forecastLinesQueryFn,
    placeholderData: keepPreviousData,
  });
  if (!lines.data) {
    return (
      <StateMessage>
        {lines.isError ? (
          <ListLoadError
            error={lines.error}
            message={messages.table.loadError}
            retryText={messages.retry}
            onRetry={() => lines.refetch()}
          />
        ) : (
          <span className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            {messages.table.loading}
          </span>
        )}
      </StateMessage>
    );
  }
  const rows = lines.data.items;
  return (
    <>
      <AccuracyPanel forecast={forecast} rows={rows} />
      <ForecastChart forecastId={forecast.id} items={rows} itemId={itemId} onItem={setItemId} />
      <DocumentSection title={messages.table.title}>
        <PeriodsTable forecast={forecast} rows={rows} />
        <ListPagination
          page={page}
          pageSize={LINES_PAGE_SIZE}
          total={lines.data.total}
          emptySummary={messages.table.emptySummary}
          nextDisabled={lines.isPlaceholderData}
          onPageChange={setPage}
        />
      </DocumentSection>
    </>
  );
}
