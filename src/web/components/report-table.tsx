// A report's table a page at a time (issue 20's toolkit): the shared DataTable (column chooser, cards under 768 px)
// and the pager of REPORT_PAGE_SIZE rows, optionally in a card with a heading. The report pages built their own
// copies of this pair (product profitability, components, sales by client and by product).
import type { ReactNode } from 'react';
import { ListPagination } from '@/web/components/data-list.tsx';
import { DataTable, type DataTableProps } from '@/web/components/data-table.tsx';
import { REPORT_PAGE_SIZE, type ReportTablePage } from '@/web/components/report-period.tsx';

export interface ReportTableProps<T, K extends string | number> extends Omit<DataTableProps<T, K>, 'busy'> {
  page: ReportTablePage;
  /** A refetch is under way: the rows are the previous page's, and 'Наступна' waits. */
  busy: boolean;
  /** What the pager says when there are no rows ('0 товарів'). */
  emptySummary: string;
  /** Shown above the table; with it the table sits in a card (see ReportTableHeading). */
  header?: ReactNode;
}

/** A report table's heading: its title and, across from it, how many rows it has. */
export function ReportTableHeading({ title, summary }: { title: string; summary: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="font-medium">{title}</h2>
      <span className="text-sm text-muted-foreground">{summary}</span>
    </div>
  );
}

export function ReportTable<T, K extends string | number>(props: ReportTableProps<T, K>) {
  const { page, emptySummary, header, ...table } = props;
  const body = (
    <>
      <DataTable<T, K> rowTabStop={false} {...table} />
      <ListPagination
        page={page.page}
        pageSize={REPORT_PAGE_SIZE}
        total={page.total}
        emptySummary={emptySummary}
        nextDisabled={props.busy}
        onPageChange={page.onPage}
      />
    </>
  );
  if (header === undefined) return <div className="grid min-w-0 gap-3">{body}</div>;
  return (
    <section className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      {header}
      {body}
    </section>
  );
}
