// 'Збірка та розбірка' (production.md §8): search, filters (type 'Збірка'/'Розбірка', status, period), a server-paged
// sortable table; a row opens the document's drawer (post, cancel with a reason, edit, delete), and the create/edit
// dialog takes the kit and its component lines ('Заповнити зі специфікації').
import { useState } from 'react';
import { useSearch } from 'wouter';
import { PackageOpenIcon, PackagePlusIcon } from 'lucide-react';
import {
  assemblyStatuses,
  assemblyStatusLabels,
  assemblyTypeLabels,
  assemblyTypes,
  type AssemblySummary,
  type AssemblyType,
} from '@/modules/assembly/assembly.contract.ts';
import { documentNumberColumn, type DataColumn } from '@/web/components/data-table.tsx';
import {
  ChoiceFilter,
  DocumentFilterBar,
  ListHeader,
  PagedListCard,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { useOpenParam } from '@/web/components/record-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { withUnit } from '@/web/components/document-view.tsx';
import { AssemblyDialog } from './assembly-dialog.tsx';
import { AssemblyDrawer, AssemblyStatusBadge } from './assembly-view.tsx';
import { assemblyListQueryFn, assemblyListQueryKey, type AssemblyListFilter } from './assembly.api.ts';
import { assemblyWebMessages as messages } from './assembly.messages.ts';

export const ASSEMBLY_ROUTE = '/assembly';
export const ASSEMBLY_PAGE_SIZE = 20;
const ALL = 'all';

type Editing = { kind: 'create'; type: AssemblyType } | { kind: 'edit'; id: number; type: AssemblyType } | null;

const initialFilter: AssemblyListFilter = {
  page: 1,
  limit: ASSEMBLY_PAGE_SIZE,
  search: '',
  sort: '-documentDate',
  status: ALL,
  type: ALL,
  dateFrom: '',
  dateTo: '',
};

export function AssemblyPage() {
  // `?search=<number>`: the stock movements page opens a document of this page by its number.
  const search = useSearch();
  const { list, query: listQuery } = usePagedList(
    initialFilter,
    { key: assemblyListQueryKey, queryFn: assemblyListQueryFn },
    { search: new URLSearchParams(search).get('search')?.trim() ?? '' },
  );
  const { filter, changeFilter } = list;
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useOpenParam();
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(ASSEMBLY_ROUTE);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        actions={
          canAccess ? (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setEditing({ kind: 'create', type: 'assembly' })}>
                <PackagePlusIcon aria-hidden="true" />
                {messages.newAssembly}
              </Button>
              <Button variant="outline" onClick={() => setEditing({ kind: 'create', type: 'disassembly' })}>
                <PackageOpenIcon aria-hidden="true" />
                {messages.newDisassembly}
              </Button>
            </div>
          ) : null
        }
      />

      <DocumentFilterBar
        id="assembly"
        list={list}
        texts={messages}
        statuses={statusOptions(assemblyStatuses, assemblyStatusLabels)}
      >
        <ChoiceFilter
          label={messages.typeLabel}
          allLabel={messages.typeAll}
          options={statusOptions(assemblyTypes, assemblyTypeLabels)}
          value={filter.type}
          onChange={(type) => changeFilter({ type: type as AssemblyListFilter['type'] })}
        />
      </DocumentFilterBar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.totalDocuments(0)}
        canCreate={canAccess}
        table={{
          id: 'assembly',
          columns: assemblyColumns((doc) => setViewing(doc.id)),
          rowKey: (doc) => doc.id,
          rowLabel: (doc) => doc.number,
          onRowClick: (doc) => setViewing(doc.id),
          minWidthRem: 56,
        }}
      />

      {viewing !== null && editing === null ? (
        <AssemblyDrawer
          key={viewing}
          assemblyId={viewing}
          canChange={canAccess}
          onEdit={(doc) => setEditing({ kind: 'edit', id: doc.id, type: doc.type })}
          onClose={() => setViewing(null)}
        />
      ) : null}
      {editing && canAccess ? (
        <AssemblyDialog
          key={editing.kind === 'edit' ? editing.id : `new-${editing.type}`}
          assemblyId={editing.kind === 'edit' ? editing.id : undefined}
          type={editing.type}
          onSaved={(saved) => {
            setEditing(null);
            setViewing(saved.id);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

/** The list's columns; the number opens the document's drawer, like the row. */
function assemblyColumns(onOpen: (doc: AssemblySummary) => void): DataColumn<AssemblySummary>[] {
  const c = messages.columns;
  return [
    documentNumberColumn({ header: c.number, number: (doc) => doc.number, openLabel: messages.openDocument, onOpen }),
    {
      id: 'documentDate',
      header: c.documentDate,
      sortField: 'documentDate',
      className: 'tabular-nums',
      cell: (doc) => formatDateUk(doc.documentDate),
    },
    { id: 'type', header: c.type, sortField: 'type', cell: (doc) => assemblyTypeLabels[doc.type] },
    {
      id: 'kit',
      header: c.kit,
      sortField: 'itemName',
      className: 'min-w-56 whitespace-normal',
      cell: (doc) => (
        <>
          <span className="block">{doc.itemName}</span>
          <span className="block font-mono text-xs text-muted-foreground">{doc.sku}</span>
        </>
      ),
    },
    {
      id: 'qty',
      header: c.qty,
      sortField: 'qty',
      numeric: true,
      cell: (doc) => withUnit(formatQty(doc.qty), doc.unitShortName),
    },
    { id: 'warehouse', header: c.warehouse, cell: (doc) => doc.warehouseName },
    { id: 'status', header: c.status, sortField: 'status', cell: (doc) => <AssemblyStatusBadge status={doc.status} /> },
    {
      id: 'value',
      header: c.value,
      sortField: 'value',
      numeric: true,
      cell: (doc) => (doc.value === null ? messages.none : formatMoney(doc.value)),
    },
  ];
}
