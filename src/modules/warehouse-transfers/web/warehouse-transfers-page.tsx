// 'Переміщення між складами' (warehouse.md §7): stat cards (drafts, posted this month), search, filters (status,
// warehouse on either side, period), a server-paged sortable table; a row opens the document's drawer (post, cancel,
// delete, print), and the create/edit dialog takes the lines. `?new=1&itemId=&fromWarehouseId=` (the /inventory
// row action 'Переміщення') opens a new draft pre-filled.
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon, CheckCheckIcon, FilePenLineIcon, PrinterIcon } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import {
  transferStatuses,
  transferStatusLabels,
  type TransferStats,
  type TransferSummary,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { TransferStatusBadge } from './transfer-parts.tsx';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { documentNumberColumn, type DataColumn } from '@/web/components/data-table.tsx';
import { DocumentFilterBar, PagedListCard, statusOptions, usePagedList } from '@/web/components/list-page.tsx';
import { TransferDialog } from './transfer-dialog.tsx';
import type { TransferPrefill } from './transfer-form.ts';
import { TransferDrawer } from './transfer-view.tsx';
import {
  printUrl,
  transferListQueryFn,
  transferListQueryKey,
  transferStatsQueryKey,
  type TransferListFilter,
} from './warehouse-transfers.api.ts';
import { transfersWebMessages as messages } from './warehouse-transfers.messages.ts';
import { RecordListHeader, useOpenParam } from '@/web/components/record-list.tsx';

export const TRANSFERS_ROUTE = '/warehouse-transfers';
export const TRANSFERS_PAGE_SIZE = 20;
const ALL = 'all';

type Editing = { kind: 'create'; prefill?: TransferPrefill } | { kind: 'edit'; id: number } | null;

const initialFilter: TransferListFilter = {
  page: 1,
  limit: TRANSFERS_PAGE_SIZE,
  search: '',
  sort: '-documentDate',
  status: ALL,
  warehouseId: null,
  dateFrom: '',
  dateTo: '',
};

const positiveId = (text: string | null) => (text && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null);

/** `?new=1&itemId=<id>&fromWarehouseId=<id>`: a new draft pre-filled; otherwise nothing. */
export function prefillFromUrl(search: string): TransferPrefill | null {
  const params = new URLSearchParams(search);
  if (params.get('new') !== '1') return null;
  return { itemId: positiveId(params.get('itemId')), fromWarehouseId: positiveId(params.get('fromWarehouseId')) };
}

export function WarehouseTransfersPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { list, query: listQuery } = usePagedList(initialFilter, {
    key: transferListQueryKey,
    queryFn: transferListQueryFn,
  });
  const { filter, changeFilter } = list;
  const [editing, setEditing] = useState<Editing>(() => {
    const prefill = prefillFromUrl(search);
    return prefill ? { kind: 'create', prefill } : null;
  });
  const [viewing, setViewing] = useOpenParam();
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(TRANSFERS_ROUTE);

  const statsQuery = useQuery<TransferStats>({ queryKey: transferStatsQueryKey });

  function closeEditor() {
    setEditing(null);
    // A pre-filled link opens the dialog once: closing it leaves the plain page address.
    if (prefillFromUrl(search)) navigate(location, { replace: true });
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <RecordListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        createLabel={messages.newTransfer}
        canCreate={canAccess}
        onCreate={() => setEditing({ kind: 'create' })}
      />

      <section aria-label={messages.stats.label}>
        <ul className="grid grid-cols-2 gap-3 lg:max-w-2xl lg:gap-4">
          <li className="min-w-0">
            <StatCard
              label={messages.stats.drafts}
              hint={filter.status === 'draft' ? messages.stats.draftsActive : messages.stats.draftsHint}
              icon={FilePenLineIcon}
              tone={statTones.amber}
              value={statsQuery.data ? String(statsQuery.data.drafts) : messages.none}
              pressed={filter.status === 'draft'}
              onClick={() => changeFilter({ status: filter.status === 'draft' ? ALL : 'draft' })}
            />
          </li>
          <li className="min-w-0">
            <StatCard
              label={messages.stats.postedThisMonth}
              hint={messages.stats.postedThisMonthHint}
              icon={CheckCheckIcon}
              tone={statTones.green}
              value={statsQuery.data ? String(statsQuery.data.postedThisMonth) : messages.none}
            />
          </li>
        </ul>
        {statsQuery.isError && !statsQuery.data ? (
          <InlineQueryStatus
            query={statsQuery}
            loadingText=""
            errorText={messages.stats.loadError}
            retryText={messages.retry}
          />
        ) : null}
      </section>

      <DocumentFilterBar
        id="transfers"
        list={list}
        texts={messages}
        statuses={statusOptions(transferStatuses, transferStatusLabels)}
      >
        <ReferenceFilter
          className="w-full sm:w-72"
          route="/warehouses"
          label={messages.warehouseFilter}
          value={filter.warehouseId}
          allLabel={messages.all}
          onChange={(warehouseId) => changeFilter({ warehouseId })}
        />
      </DocumentFilterBar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.totalTransfers(0)}
        canCreate={canAccess}
        table={{
          id: 'warehouse-transfers',
          columns: transferColumns((transfer) => setViewing(transfer.id)),
          rowKey: (transfer) => transfer.id,
          rowLabel: (transfer) => transfer.number,
          onRowClick: (transfer) => setViewing(transfer.id),
          actions: (transfer) => [
            {
              label: messages.printTransfer(transfer.number),
              icon: <PrinterIcon aria-hidden="true" />,
              onSelect: () => window.open(printUrl(transfer.id), '_blank'),
              inline: true,
            },
          ],
          minWidthRem: 56,
        }}
      />

      {viewing !== null && editing === null ? (
        <TransferDrawer
          key={viewing}
          transferId={viewing}
          canChange={canAccess}
          onEdit={(transfer) => setEditing({ kind: 'edit', id: transfer.id })}
          onClose={() => setViewing(null)}
        />
      ) : null}
      {editing && canAccess ? (
        <TransferDialog
          key={editing.kind === 'edit' ? editing.id : 'new'}
          transferId={editing.kind === 'edit' ? editing.id : undefined}
          prefill={editing.kind === 'create' ? editing.prefill : undefined}
          onSaved={(saved) => {
            closeEditor();
            setViewing(saved.id);
          }}
          onClose={closeEditor}
        />
      ) : null}
    </div>
  );
}

/** The list's columns; the number opens the transfer's drawer, like the row. */
function transferColumns(onOpen: (transfer: TransferSummary) => void): DataColumn<TransferSummary>[] {
  const c = messages.columns;
  return [
    documentNumberColumn({
      header: c.number,
      number: (transfer) => transfer.number,
      openLabel: messages.openTransfer,
      onOpen,
    }),
    {
      id: 'documentDate',
      header: c.documentDate,
      sortField: 'documentDate',
      className: 'tabular-nums',
      cell: (transfer) => formatDateUk(transfer.documentDate),
    },
    {
      id: 'route',
      header: c.route,
      sortField: 'fromWarehouseName',
      className: 'min-w-56 whitespace-normal',
      cell: (transfer) => (
        <>
          <span className="inline-flex flex-wrap items-center gap-1.5">
            <span>{transfer.fromWarehouseName}</span>
            <ArrowRightIcon className="size-3.5 shrink-0 text-muted-foreground" aria-label="→" />
            <span>{transfer.toWarehouseName}</span>
          </span>
          {transfer.reason ? (
            <span className="line-clamp-1 text-xs text-muted-foreground">{transfer.reason}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'lineCount',
      header: c.lineCount,
      sortField: 'lineCount',
      numeric: true,
      cell: (transfer) => transfer.lineCount,
    },
    {
      id: 'totalQty',
      header: c.totalQty,
      numeric: true,
      cell: (transfer) => formatQty(transfer.totalQty),
    },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (transfer) => <TransferStatusBadge status={transfer.status} />,
    },
    {
      id: 'value',
      header: c.value,
      sortField: 'value',
      numeric: true,
      cell: (transfer) => (transfer.value === null ? messages.none : formatMoney(transfer.value)),
    },
  ];
}
