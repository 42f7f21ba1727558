// The list page of a declared resource (DESIGN §1.3): search, filters, the toolkit's server-paged table (sortable
// columns, the row's actions always in reach, remembered columns, a card per row on a phone), export links, import,
// and the create/edit/delete dialogs — all generated from the ResourceDef.
import { useState, type ComponentType } from 'react';
import { PlusIcon, UploadIcon } from 'lucide-react';
import { useSearch } from 'wouter';
import type { ResourceDef } from '@/resources/_engine/define-resource.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { ListHeader, ListToolbar, PagedListCard, usePagedList } from '@/web/components/list-page.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { exportUrl, initialListFilter, listQueryFn, listQueryKey, type ResourceRow } from './resource-api.ts';
import { resourceColumns, resourceRowActions, resourceTableId } from './resource-columns.tsx';
import { ResourceDeleteDialog } from './resource-delete-dialog.tsx';
import { ResourceFormDialog } from './resource-form-dialog.tsx';
import type { ResourcePageExtensions } from './resource-extensions.ts';
import { ResourceImportDialog } from './resource-import-dialog.tsx';
import { ResourceFilters } from './resource-list-parts.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { resourcePageMessages as messages } from './resource.messages.ts';
import { displayOf } from './resource-values.ts';

type DialogState =
  | { kind: 'create' }
  | { kind: 'import' }
  | { kind: 'edit'; row: ResourceRow }
  | { kind: 'delete'; row: ResourceRow }
  | null;

/**
 * The page body of a declared resource, for the route table (which loads it lazily and guards it). The shell
 * gives the padding.
 */
export function createResourcePage(def: ResourceDef, extensions: ResourcePageExtensions = {}): ComponentType {
  function ResourcePage() {
    return <ResourceListPage def={def} extensions={extensions} />;
  }
  ResourcePage.displayName = `ResourcePage(${def.route})`;
  return ResourcePage;
}

function ResourceListPage({ def, extensions }: { def: ResourceDef; extensions: ResourcePageExtensions }) {
  // One object for the page's life: 'Скинути фільтри' compares the filter with it.
  const [initial] = useState(() => initialListFilter(def));
  // `?search=` (the global search's link to a client, an item, a worker) is the search the page starts with.
  const address = useSearch();
  const { list, query } = usePagedList(
    initial,
    { key: (filter) => listQueryKey(def, filter), queryFn: listQueryFn(def) },
    { search: new URLSearchParams(address).get('search')?.trim() ?? '' },
  );
  const { filter, changeFilter } = list;
  const [dialog, setDialog] = useState<DialogState>(null);
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(def.route);

  function changeFieldFilter(name: string, value: string | null) {
    const { [name]: _previous, ...rest } = filter.filters;
    const filters = value === null ? rest : { ...rest, [name]: value };
    // No field filtered is the start's own object again, so that the list no longer counts as filtered.
    changeFilter({ filters: Object.keys(filters).length > 0 ? filters : initial.filters });
  }

  const edit = (row: ResourceRow) => setDialog({ kind: 'edit', row });
  const remove = (row: ResourceRow) => setDialog({ kind: 'delete', row });
  const close = () => setDialog(null);
  const filterControls = (
    <ResourceFilters
      def={def}
      filter={filter}
      onField={changeFieldFilter}
      onActive={(isActive) => changeFilter({ isActive })}
    />
  );

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={def.title}
        actions={
          <>
            {extensions.toolbar ? <extensions.toolbar /> : null}
            {canAccess ? (
              <Button variant="outline" onClick={() => setDialog({ kind: 'import' })}>
                <UploadIcon aria-hidden="true" />
                {messages.import}
              </Button>
            ) : null}
            <ExportMenu urlOf={(format) => exportUrl(def, filter, format)} />
            {canAccess ? (
              <Button onClick={() => setDialog({ kind: 'create' })}>
                <PlusIcon aria-hidden="true" />
                {def.newLabel}
              </Button>
            ) : null}
          </>
        }
      />

      {def.fields.some((field) => field.search) ? (
        <ListToolbar
          id={`resource${def.route.replace(/\//g, '-')}`}
          searchLabel={messages.searchLabel(def.title)}
          searchPlaceholder={messages.searchPlaceholder}
          searchText={list.searchText}
          onSearch={list.changeSearch}
          filtered={list.filtered}
          onReset={list.reset}
        >
          {filterControls}
        </ListToolbar>
      ) : (
        // Nothing to search: the filters alone (none at all leave the bar empty, which takes no room).
        <div className="flex flex-wrap items-center gap-3 empty:hidden" role="search">
          {filterControls}
        </div>
      )}

      <PagedListCard
        list={list}
        query={query}
        texts={{
          title: def.title,
          loading: messages.loading,
          loadError: messages.loadError,
          retry: messages.retry,
          empty: messages.empty,
          // One hint whether filtered or not: change the search or the filters, or add a record.
          emptyHint: messages.emptyHint,
          emptyStart: messages.emptyHint,
        }}
        emptySummary={messages.totalRecords(0)}
        canCreate={canAccess}
        table={{
          id: resourceTableId(def),
          columns: resourceColumns(def, extensions.rowActions, canAccess),
          rowKey: (row) => row.id,
          rowLabel: (row) => displayOf(def, row),
          onRowClick: canAccess ? edit : undefined,
          // The row's edit button is its keyboard way in.
          rowTabStop: false,
          actions: canAccess ? (row) => resourceRowActions(def, row, { edit, remove }) : undefined,
        }}
      />

      {dialog?.kind === 'create' ? (
        <ResourceFormDialog def={def} addons={extensions.fieldAddons} onClose={close} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <ResourceFormDialog def={def} row={dialog.row} addons={extensions.fieldAddons} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete' ? <ResourceDeleteDialog def={def} row={dialog.row} onClose={close} /> : null}
      {dialog?.kind === 'import' ? <ResourceImportDialog def={def} onClose={close} /> : null}
    </div>
  );
}
