// 'Приходи від постачальників' (warehouse.md §6): a server-paged, sortable, filtered list of the GRN documents; a row
// opens the document in a dialog (draft: edit, save, post, delete; posted: view, cancel; cancelled: view).
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PlusIcon } from 'lucide-react';
import {
  receiptStatuses,
  receiptStatusLabels,
  type ReceiptSummary,
} from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { amountColumn, documentNumberColumn, type DataColumn } from '@/web/components/data-table.tsx';
import {
  DocumentFilterBar,
  ListHeader,
  PagedListCard,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { ReceiptDialog } from './receipt-dialog.tsx';
import { formatDateUk } from '@/web/lib/document-format.ts';
import { ReceiptStatusBadge } from './receipt-parts.tsx';
import { receiptListQueryFn, receiptListQueryKey, type ReceiptListFilter } from './supplier-receipts.api.ts';
import { receiptsWebMessages as messages } from './supplier-receipts.messages.ts';

export const RECEIPTS_ROUTE = '/supplier-receipts';
export const RECEIPTS_PAGE_SIZE = 20;
const ALL = 'all';

type DialogState = { kind: 'create' } | { kind: 'open'; id: number } | null;

const initialFilter: ReceiptListFilter = {
  page: 1,
  limit: RECEIPTS_PAGE_SIZE,
  search: '',
  sort: '-documentDate',
  status: ALL,
  supplierId: null,
  warehouseId: null,
  dateFrom: '',
  dateTo: '',
};

export function SupplierReceiptsPage() {
  const { list, query: listQuery } = usePagedList(initialFilter, {
    key: receiptListQueryKey,
    queryFn: receiptListQueryFn,
  });
  const { filter, changeFilter } = list;
  // `?open=<id>` (a link from a supplier order's 'Отримати') opens that receipt at once.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [dialog, setDialog] = useState<DialogState>(() => {
    const open = Number(new URLSearchParams(search).get('open'));
    return Number.isInteger(open) && open > 0 ? { kind: 'open', id: open } : null;
  });
  function closeDialog() {
    setDialog(null);
    if (new URLSearchParams(search).has('open')) navigate(location, { replace: true });
  }
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(RECEIPTS_ROUTE);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        actions={
          canAccess ? (
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <PlusIcon aria-hidden="true" />
              {messages.newReceipt}
            </Button>
          ) : null
        }
      />

      <DocumentFilterBar
        id="receipts"
        list={list}
        texts={messages}
        statuses={statusOptions(receiptStatuses, receiptStatusLabels)}
      >
        <ReferenceFilter
          route="/suppliers"
          label={messages.supplierFilter}
          value={filter.supplierId}
          allLabel={messages.all}
          onChange={(supplierId) => changeFilter({ supplierId })}
        />
        <ReferenceFilter
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
        emptySummary={messages.totalReceipts(0)}
        canCreate={canAccess}
        table={{
          id: 'supplier-receipts',
          columns: receiptColumns((receipt) => setDialog({ kind: 'open', id: receipt.id })),
          rowKey: (receipt) => receipt.id,
          rowLabel: (receipt) => receipt.number,
          onRowClick: (receipt) => setDialog({ kind: 'open', id: receipt.id }),
          minWidthRem: 60,
        }}
      />

      {dialog ? (
        <ReceiptDialog
          key={dialog.kind === 'open' ? dialog.id : 'new'}
          receiptId={dialog.kind === 'open' ? dialog.id : undefined}
          canChange={canAccess}
          onClose={closeDialog}
        />
      ) : null}
    </div>
  );
}

/** The list's columns; the number opens the receipt, like the row. */
function receiptColumns(onOpen: (receipt: ReceiptSummary) => void): DataColumn<ReceiptSummary>[] {
  const c = messages.columns;
  return [
    documentNumberColumn({
      header: c.number,
      number: (receipt) => receipt.number,
      openLabel: messages.openReceipt,
      onOpen,
    }),
    {
      id: 'documentDate',
      header: c.documentDate,
      sortField: 'documentDate',
      className: 'tabular-nums',
      cell: (receipt) => formatDateUk(receipt.documentDate),
    },
    {
      id: 'supplier',
      header: c.supplier,
      sortField: 'supplierName',
      className: 'max-w-64 whitespace-normal',
      cell: (receipt) => <span className="line-clamp-2">{receipt.supplierName}</span>,
    },
    {
      id: 'document',
      header: c.document,
      className: 'whitespace-normal',
      cell: (receipt) => (
        <>
          <span className="block">{receipt.documentTypeName}</span>
          <span className="block text-xs whitespace-nowrap text-muted-foreground">
            {messages.supplierDocument(receipt.supplierDocNumber, formatDateUk(receipt.supplierDocDate))}
          </span>
        </>
      ),
    },
    {
      id: 'warehouse',
      header: c.warehouse,
      className: 'whitespace-normal',
      cell: (receipt) => receipt.warehouseName,
    },
    amountColumn({
      header: c.amount,
      sortField: 'totalUah',
      uah: (receipt) => receipt.totalUah,
      gross: (receipt) => receipt.totalGross,
      currency: (receipt) => receipt.currencyCode,
    }),
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (receipt) => <ReceiptStatusBadge status={receipt.status} />,
    },
    {
      id: 'supplierOrder',
      header: c.supplierOrder,
      className: 'font-mono text-sm',
      cell: (receipt) => receipt.supplierOrderNumber ?? '',
    },
  ];
}
