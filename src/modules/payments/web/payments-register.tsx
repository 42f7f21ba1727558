// 'Усі платежі' (sales.md §2): the filtered register — search, status, method, type, client, period and 'Лише
// аванси'; sortable columns, server paging, status badges; an unallocated rest shows as 'Аванс'. A row opens the
// payment; the export takes the same filter. Built from the list toolkit: usePagedList, ListToolbar and
// PagedListCard with a DataTable (remembered columns, cards on a phone).
import { ExportMenu } from '@/web/components/export-menu.tsx';
import {
  paymentMethodLabels,
  paymentMethods,
  paymentStatuses,
  paymentStatusLabels,
  paymentTypeLabels,
  paymentTypes,
  type PaymentMethod,
  type PaymentStatus,
  type PaymentSummary,
  type PaymentType,
} from '@/modules/payments/payments.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import {
  ChoiceFilter,
  ListFilterBar,
  PagedListCard,
  PeriodFilter,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { documentNumberColumn, type DataColumn } from '@/web/components/data-table.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { formatDateUk, moneyWithCurrency, PaymentStatusBadge } from './payment-parts.tsx';
import { paymentExportUrl, paymentListQueryFn, paymentListQueryKey, type PaymentListFilter } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.register;
const PAGE_SIZE = 20;
const ALL = 'all';

const initialFilter: PaymentListFilter = {
  page: 1,
  limit: PAGE_SIZE,
  search: '',
  sort: '-paymentDate',
  status: ALL,
  method: ALL,
  type: ALL,
  clientId: null,
  dateFrom: '',
  dateTo: '',
  unallocated: null,
};

export function PaymentsRegister({ canCreate, onOpen }: { canCreate: boolean; onOpen: (id: number) => void }) {
  const { list, query } = usePagedList(initialFilter, { key: paymentListQueryKey, queryFn: paymentListQueryFn });
  const { filter, changeFilter } = list;

  return (
    <div className="grid min-w-0 gap-4">
      <ListFilterBar id="payments" list={list} texts={m}>
        <ChoiceFilter
          label={m.status}
          allLabel={m.statusAll}
          allValue={ALL}
          showLabel
          options={statusOptions(paymentStatuses, paymentStatusLabels)}
          value={filter.status}
          onChange={(status) => changeFilter({ status: status as PaymentStatus | typeof ALL })}
        />
        <ChoiceFilter
          label={m.method}
          allLabel={m.methodAll}
          allValue={ALL}
          showLabel
          options={statusOptions(paymentMethods, paymentMethodLabels)}
          value={filter.method}
          onChange={(method) => changeFilter({ method: method as PaymentMethod | typeof ALL })}
        />
        <ChoiceFilter
          label={m.type}
          allLabel={m.typeAll}
          allValue={ALL}
          showLabel
          options={statusOptions(paymentTypes, paymentTypeLabels)}
          value={filter.type}
          onChange={(type) => changeFilter({ type: type as PaymentType | typeof ALL })}
        />
        <ReferenceFilter
          route="/clients"
          label={m.client}
          value={filter.clientId}
          allLabel={messages.all}
          onChange={(clientId) => changeFilter({ clientId })}
        />
        <PeriodFilter
          id="payments-date"
          from={filter.dateFrom}
          to={filter.dateTo}
          labels={{ from: m.dateFrom, to: m.dateTo }}
          onChange={changeFilter}
        />
        <div className="flex h-9 items-center gap-2">
          <Switch
            id="payments-unallocated"
            checked={filter.unallocated === true}
            onCheckedChange={(on) => changeFilter({ unallocated: on ? true : null })}
          />
          <Label htmlFor="payments-unallocated">{m.unallocated}</Label>
        </div>
        <ExportMenu urlOf={(format) => paymentExportUrl(filter, format)} />
      </ListFilterBar>

      <PagedListCard
        list={list}
        query={query}
        texts={{ ...m, title: messages.tabs.register, retry: messages.retry }}
        emptySummary={m.total(0)}
        canCreate={canCreate}
        table={{
          id: 'payments',
          columns: registerColumns((payment) => onOpen(payment.id)),
          rowKey: (payment) => payment.id,
          rowLabel: (payment) => payment.number,
          onRowClick: (payment) => onOpen(payment.id),
          minWidthRem: 52,
        }}
      />
    </div>
  );
}

/** The register's columns; the number opens the payment, like the row. */
function registerColumns(onOpen: (payment: PaymentSummary) => void): DataColumn<PaymentSummary>[] {
  const c = m.columns;
  return [
    documentNumberColumn({
      header: c.number,
      number: (payment) => payment.number,
      openLabel: messages.queue.open,
      onOpen,
    }),
    {
      id: 'paymentDate',
      header: c.paymentDate,
      sortField: 'paymentDate',
      className: 'tabular-nums',
      cell: (payment) => formatDateUk(payment.paymentDate),
    },
    {
      id: 'client',
      header: c.clientName,
      sortField: 'clientName',
      className: 'max-w-72 min-w-44 whitespace-normal',
      cell: (payment) => (
        <>
          <span className="line-clamp-2 break-words">{payment.clientName ?? '—'}</span>
          {payment.payerName && payment.payerName !== payment.clientName ? (
            <span className="line-clamp-1 text-xs break-words text-muted-foreground">{payment.payerName}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'amount',
      header: c.amount,
      sortField: 'amount',
      numeric: true,
      cell: (payment) => (
        <>
          {payment.type === 'refund' ? '−' : ''}
          {moneyWithCurrency(payment.amount, payment.currencyCode)}
          <span className="block text-xs text-muted-foreground">{paymentMethodLabels[payment.method]}</span>
        </>
      ),
    },
    {
      id: 'orders',
      header: c.orders,
      className: 'font-mono text-xs',
      cell: (payment) =>
        payment.orders.map((o) => (
          <span key={o.orderId} className="block">
            {o.orderNumber}
          </span>
        )),
    },
    {
      id: 'unallocated',
      header: c.unallocated,
      sortField: 'unallocated',
      numeric: true,
      cell: (payment) =>
        payment.status === 'posted' && /[1-9]/.test(payment.unallocated) ? (
          <span className="inline-flex flex-col items-end">
            <span className="rounded-full bg-sky-500/15 px-2 py-0.5 text-xs font-medium text-sky-800 dark:text-sky-300">
              {m.advance}
            </span>
            <span className="text-xs">{moneyWithCurrency(payment.unallocated, payment.currencyCode)}</span>
          </span>
        ) : null,
    },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (payment) => <PaymentStatusBadge status={payment.status} />,
    },
  ];
}
