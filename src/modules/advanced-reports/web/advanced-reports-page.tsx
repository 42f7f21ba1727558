// 'Розширені звіти' (reports-admin.md §3): the catalogue of parameterised reports; choosing one shows its parameters
// form, built from the schema the server answers; 'Сформувати' previews the first page of its table, and the
// downloads (CSV, Excel, PDF) carry the same parameters. The chosen report, its parameters and the page live in the
// address, so a report can be bookmarked and shared.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileSpreadsheetIcon } from 'lucide-react';
import { DataTable, type DataColumn } from '@/web/components/data-table.tsx';
import { ListPagination, StateMessage } from '@/web/components/data-list.tsx';
import { ListHeader } from '@/web/components/list-page.tsx';
import { isValidPeriod, presetPeriod, ReportStates, useReportFilter } from '@/web/components/report-period.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { formatDateUk, todayIso } from '@/web/lib/document-format.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import type { CatalogueEntry, ReportPage } from '../advanced-reports.contract.ts';
import { catalogueKey, PAGE_SIZE, reportExportUrl, reportKey, type ReportFilter } from './advanced-reports.api.ts';
import { ReportForm } from './report-form.tsx';
import { advancedReportsWebMessages as m } from './advanced-reports-web.messages.ts';

type Row = ReportPage['rows'][number];

const defaults = (): ReportFilter => ({
  report: '',
  run: '',
  page: 1,
  ...presetPeriod('month'),
  asOf: todayIso(),
  warehouseId: null,
  itemId: null,
  categoryId: null,
  clientId: null,
  companyId: null,
  supplierId: null,
  status: '',
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const accept = (key: string, value: string) =>
  key === 'from' || key === 'to' || key === 'asOf' ? DAY.test(value) : /^[\w-]{1,60}$/.test(value);

/** A cell as the table shows it: dates дд.мм.рррр, money with 2 decimals, quantities without trailing zeros. */
function cellText(kind: CatalogueEntry['columns'][number]['kind'], value: string | null): string {
  if (value === null) return '—';
  if (kind === 'date') return formatDateUk(value);
  if (kind === 'money' || kind === 'percent') return formatDecimalUk(value, 2);
  if (kind === 'qty') return formatDecimalUk(value, 0);
  return value;
}

function Catalogue({
  entries,
  chosen,
  onChoose,
}: {
  entries: CatalogueEntry[];
  chosen: string;
  onChoose: (key: string) => void;
}) {
  return (
    <nav aria-label={m.catalogue} className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5">
      {entries.map((entry) => (
        <button
          key={entry.key}
          type="button"
          aria-pressed={entry.key === chosen}
          onClick={() => onChoose(entry.key)}
          className="grid gap-1 rounded-xl border bg-card p-3 text-left hover:bg-accent aria-pressed:border-primary aria-pressed:ring-2 aria-pressed:ring-ring"
        >
          <span className="flex items-center gap-2 font-medium">
            <FileSpreadsheetIcon aria-hidden="true" className="size-4 shrink-0" />
            {entry.title}
          </span>
          <span className="text-xs text-muted-foreground">{entry.description}</span>
        </button>
      ))}
    </nav>
  );
}

function Preview({
  entry,
  filter,
  change,
}: {
  entry: CatalogueEntry;
  filter: ReportFilter;
  change: (patch: Partial<ReportFilter>) => void;
}) {
  const query = useQuery<ReportPage>({ queryKey: reportKey(entry, filter), placeholderData: keepPreviousData });
  const columns: DataColumn<{ n: number; row: Row }>[] = entry.columns.map((c, i) => ({
    id: c.key,
    header: c.header,
    cell: ({ row }) => cellText(c.kind, row[c.key] ?? null),
    numeric: c.kind === 'qty' || c.kind === 'money' || c.kind === 'percent',
    primary: i === 0,
  }));
  return (
    <ReportStates valid queries={[query]} texts={m}>
      {() => {
        const data = query.data!;
        return (
          <section aria-label={m.preview} className="grid min-w-0 gap-0 rounded-xl border bg-card">
            <DataTable
              id={`advanced-report-${entry.key}`}
              label={entry.title}
              columns={columns}
              rows={data.rows.map((row, n) => ({ n, row }))}
              rowKey={(r) => r.n}
              empty={<StateMessage>{m.empty}</StateMessage>}
              busy={query.isPlaceholderData}
              minWidthRem={entry.landscape ? 72 : 48}
            />
            <ListPagination
              page={filter.page}
              pageSize={PAGE_SIZE}
              total={data.total}
              capped={data.capped}
              emptySummary={m.rows(0)}
              nextDisabled={query.isPlaceholderData}
              onPageChange={(page) => change({ page })}
            />
          </section>
        );
      }}
    </ReportStates>
  );
}

export function AdvancedReportsPage() {
  const [filter, change] = useReportFilter<ReportFilter>(defaults, accept);
  const catalogue = useQuery<CatalogueEntry[]>({ queryKey: catalogueKey() });
  const entry = catalogue.data?.find((e) => e.key === filter.report) ?? null;
  const hasPeriod = entry?.params.some((p) => p.kind === 'period') ?? false;
  const valid = !hasPeriod || isValidPeriod({ from: String(filter.from), to: String(filter.to) });
  /** A parameter changed: the preview waits for 'Сформувати' again. */
  const edit = (patch: Partial<ReportFilter>) => change({ ...patch, run: '', page: 1 });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          entry && valid ? (
            <div className="flex flex-wrap gap-2" role="group" aria-label={m.export}>
              {(['csv', 'xlsx', 'pdf'] as const).map((format) => (
                <Button key={format} variant="outline" asChild>
                  <a
                    href={reportExportUrl(entry, filter, format)}
                    {...(format === 'pdf' ? { target: '_blank', rel: 'noopener' } : { download: true })}
                  >
                    <DownloadIcon aria-hidden="true" />
                    {m[format]}
                  </a>
                </Button>
              ))}
            </div>
          ) : null
        }
      />
      <ReportStates valid queries={[catalogue]} texts={{ ...m, loading: m.loadingCatalogue }}>
        {() => (
          <>
            <Catalogue
              entries={catalogue.data!}
              chosen={filter.report}
              onChoose={(report) => change({ report, run: '', page: 1 })}
            />
            {entry ? (
              <>
                <ReportForm
                  entry={entry}
                  filter={filter}
                  onChange={edit}
                  onRun={() => change({ run: '1', page: 1 })}
                  disabled={!valid}
                />
                {!valid ? (
                  <p className="text-sm text-destructive dark:text-red-400" role="alert">
                    {m.badPeriod}
                  </p>
                ) : filter.run === '1' ? (
                  <Preview entry={entry} filter={filter} change={change} />
                ) : (
                  <StateMessage>{m.notRun}</StateMessage>
                )}
              </>
            ) : (
              <StateMessage>{m.choose}</StateMessage>
            )}
          </>
        )}
      </ReportStates>
    </div>
  );
}
