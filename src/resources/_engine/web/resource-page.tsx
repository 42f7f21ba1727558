// The list page of a declared resource (DESIGN §1.3): search, filters, sortable server-paged table, export
// links, import, and the create/edit/delete dialogs — all generated from the ResourceDef.
import { useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ChevronDownIcon,
  DownloadIcon,
  FileSpreadsheetIcon,
  FileTextIcon,
  PencilIcon,
  PlusIcon,
  SearchIcon,
  Trash2Icon,
  UploadIcon,
} from 'lucide-react';
import { listColumns, type FieldDef, type ResourceDef } from '@/resources/_engine/define-resource.ts';
import { Button } from '@/web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { ListPagination, ListStates, RowAction, SortableHead } from '@/web/components/data-list.tsx';
import {
  exportUrl,
  initialListFilter,
  listQueryFn,
  listQueryKey,
  type ActiveFilter,
  type ExportFormat,
  type ResourceListFilter,
  type ResourceRow,
} from './resource-api.ts';
import { ResourceDeleteDialog } from './resource-delete-dialog.tsx';
import { ResourceFormDialog } from './resource-form-dialog.tsx';
import type { ResourcePageExtensions } from './resource-extensions.ts';
import { ResourceImportDialog } from './resource-import-dialog.tsx';
import { ReferenceFilter } from './reference-picker.tsx';
import { resourcePageMessages as messages } from './resource.messages.ts';
import { cellText, displayOf, isNumeric, isSortable } from './resource-values.ts';

const SEARCH_DELAY_MS = 300;
/** Radix Select items cannot have an empty value; this one means "no filter". */
const ALL = '__all__';

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
  const [filter, setFilter] = useState<ResourceListFilter>(() => initialListFilter(def));
  const [searchText, setSearchText] = useState('');
  const [dialog, setDialog] = useState<DialogState>(null);
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(def.route);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);

  const listQuery = useQuery({
    queryKey: listQueryKey(def, filter),
    queryFn: listQueryFn(def, filter),
    placeholderData: keepPreviousData,
  });

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  // A page emptied by a deletion or an import: step back to the last page that has rows.
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }

  /** Any change of the search or a filter starts again from page 1. */
  function changeFilter(change: Partial<Omit<ResourceListFilter, 'page' | 'limit'>>) {
    setFilter((current) => ({ ...current, ...change, page: 1 }));
  }

  function changeFieldFilter(name: string, value: string | null) {
    setFilter((current) => {
      const { [name]: _previous, ...rest } = current.filters;
      return { ...current, page: 1, filters: value === null ? rest : { ...rest, [name]: value } };
    });
  }

  function changeSearch(text: string) {
    setSearchText(text);
    debounce(() => changeFilter({ search: text.trim() }));
  }

  function toggleSort(field: string) {
    changeFilter({ sort: filter.sort === field ? `-${field}` : field });
  }

  const hasSearch = def.fields.some((field) => field.search);
  const filterFields = def.fields.filter((field) => field.filter);
  const listFields = listColumns(def);
  const columnCount = listFields.length + (def.hasActiveFlag ? 1 : 0) + 1;
  const rows = listQuery.data?.items ?? [];
  const close = () => setDialog(null);
  const searchId = `resource-search${def.route.replace(/\//g, '-')}`;
  const hasToolbar = hasSearch || filterFields.length > 0 || def.hasActiveFlag;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">{def.title}</h1>
        <div className="flex flex-wrap gap-2">
          {extensions.toolbar ? <extensions.toolbar /> : null}
          {canAccess ? (
            <Button variant="outline" onClick={() => setDialog({ kind: 'import' })}>
              <UploadIcon aria-hidden="true" />
              {messages.import}
            </Button>
          ) : null}
          <ExportMenu def={def} filter={filter} />
          {canAccess ? (
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <PlusIcon aria-hidden="true" />
              {def.newLabel}
            </Button>
          ) : null}
        </div>
      </div>

      {hasToolbar ? (
        <div className="flex flex-wrap items-center gap-3" role="search">
          {hasSearch ? (
            <div className="relative min-w-[min(100%,14rem)] flex-1">
              <Label htmlFor={searchId} className="sr-only">
                {messages.searchLabel(def.title)}
              </Label>
              <SearchIcon
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id={searchId}
                type="search"
                className="pl-9"
                placeholder={messages.searchPlaceholder}
                value={searchText}
                onChange={(event) => changeSearch(event.target.value)}
              />
            </div>
          ) : null}
          {filterFields.map((field) =>
            field.kind === 'reference' ? (
              <ReferenceFilter
                key={field.name}
                className="w-full sm:w-56"
                route={field.references ?? ''}
                label={field.label}
                value={filter.filters[field.name] ? Number(filter.filters[field.name]) : null}
                allLabel={messages.filterAll}
                onChange={(value) => changeFieldFilter(field.name, value === null ? null : String(value))}
              />
            ) : (
              <FilterSelect
                key={field.name}
                label={field.label}
                value={filter.filters[field.name] ?? ALL}
                options={filterOptions(field)}
                onChange={(value) => changeFieldFilter(field.name, value === ALL ? null : value)}
              />
            ),
          )}
          {def.hasActiveFlag ? (
            <FilterSelect
              label={messages.status}
              value={filter.isActive}
              options={[
                { value: 'true', label: messages.statusActive },
                { value: 'false', label: messages.statusInactive },
                { value: 'all', label: messages.statusAll },
              ]}
              onChange={(value) => changeFilter({ isActive: value as ActiveFilter })}
            />
          ) : null}
        </div>
      ) : null}

      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates
          query={listQuery}
          loadingText={messages.loading}
          loadErrorText={messages.loadError}
          retryText={messages.retry}
        >
          <Table
            style={{ minWidth: `${Math.max(28, columnCount * 9)}rem` } satisfies CSSProperties}
            aria-label={def.title}
            aria-busy={listQuery.isFetching ? true : undefined}
          >
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {listFields.map((field) =>
                  isSortable(field) ? (
                    <SortableHead
                      key={field.name}
                      field={field.name}
                      sort={filter.sort}
                      onSort={toggleSort}
                      numeric={isNumeric(field)}
                    >
                      {field.label}
                    </SortableHead>
                  ) : (
                    <TableHead key={field.name}>{field.label}</TableHead>
                  ),
                )}
                {def.hasActiveFlag ? <TableHead>{messages.status}</TableHead> : null}
                <TableHead className="text-right">{messages.actions}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={columnCount} className="py-12 text-center">
                    <p className="font-medium">{messages.empty}</p>
                    <p className="text-sm text-muted-foreground">{messages.emptyHint}</p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <ResourceTableRow
                    key={row.id}
                    def={def}
                    fields={listFields}
                    row={row}
                    actions={extensions.rowActions}
                    canChange={canAccess}
                    onEdit={() => setDialog({ kind: 'edit', row })}
                    onDelete={() => setDialog({ kind: 'delete', row })}
                  />
                ))
              )}
            </TableBody>
          </Table>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={messages.totalRecords(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

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

type Option = { value: string; label: string };

function filterOptions(field: FieldDef): Option[] {
  const all = { value: ALL, label: messages.filterAll };
  if (field.kind === 'boolean') {
    return [all, { value: 'true', label: messages.yes }, { value: 'false', label: messages.no }];
  }
  return [all, ...(field.options ?? [])];
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={label} className="w-full sm:w-52">
        <span className="flex min-w-0 items-center gap-1">
          <span className="text-muted-foreground">{label}:</span>
          <SelectValue />
        </span>
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function ExportMenu({ def, filter }: { def: ResourceDef; filter: ResourceListFilter }) {
  const formats: { format: ExportFormat; label: string; icon: ReactNode }[] = [
    { format: 'csv', label: messages.exportCsv, icon: <FileTextIcon aria-hidden="true" /> },
    { format: 'xlsx', label: messages.exportXlsx, icon: <FileSpreadsheetIcon aria-hidden="true" /> },
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <DownloadIcon aria-hidden="true" />
          {messages.export}
          <ChevronDownIcon className="opacity-60" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {formats.map(({ format, label, icon }) => (
          <DropdownMenuItem key={format} asChild>
            {/* A plain download: the server names the file (Content-Disposition), the cookie authenticates. */}
            <a href={exportUrl(def, filter, format)} download>
              {icon}
              {label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Cell({ field, row }: { field: FieldDef; row: ResourceRow }) {
  const value = row[field.name];
  if (field.kind === 'color' && typeof value === 'string' && value !== '') {
    return (
      <TableCell>
        <span className="inline-flex items-center gap-2 font-mono text-xs">
          <span className="size-4 shrink-0 rounded-sm border" style={{ backgroundColor: value }} aria-hidden="true" />
          {value}
        </span>
      </TableCell>
    );
  }
  return (
    <TableCell
      className={cn(
        isNumeric(field) && 'text-right tabular-nums',
        field.kind === 'textarea' ? 'max-w-80 truncate' : 'whitespace-nowrap',
      )}
    >
      {cellText(field, row)}
    </TableCell>
  );
}

function ResourceTableRow({
  def,
  fields,
  row,
  actions: Actions,
  canChange,
  onEdit,
  onDelete,
}: {
  def: ResourceDef;
  fields: readonly FieldDef[];
  row: ResourceRow;
  actions: ResourcePageExtensions['rowActions'];
  canChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const display = displayOf(def, row);
  return (
    <TableRow className={cn(canChange && 'cursor-pointer')} onClick={canChange ? onEdit : undefined}>
      {fields.map((field) => (
        <Cell key={field.name} field={field} row={row} />
      ))}
      {def.hasActiveFlag ? (
        <TableCell>
          <span
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
              row.isActive !== false
                ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400'
                : 'bg-muted text-muted-foreground',
            )}
          >
            <span
              className={cn('size-1.5 rounded-full', row.isActive !== false ? 'bg-emerald-500' : 'bg-muted-foreground')}
              aria-hidden="true"
            />
            {row.isActive !== false ? messages.active : messages.inactive}
          </span>
        </TableCell>
      ) : null}
      <TableCell>
        <div className="flex justify-end gap-0.5">
          {Actions ? <Actions row={row} canChange={canChange} /> : null}
          {canChange ? (
            <>
              <RowAction label={messages.edit(display)} onClick={onEdit}>
                <PencilIcon aria-hidden="true" />
              </RowAction>
              <RowAction label={messages.remove(display)} onClick={onDelete} destructive>
                <Trash2Icon aria-hidden="true" />
              </RowAction>
            </>
          ) : null}
        </div>
      </TableCell>
    </TableRow>
  );
}
