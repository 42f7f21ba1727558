// 'Листи' (sales.md §5): a server-paged, sortable list of letters with search and status/kind filters. Rows are
// selected for 'Друкувати конверти' and 'Додати до реєстру'; each row's menu takes the letter one step along its
// state machine (destructive steps ask first). New letters one by one or in bulk.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BanIcon,
  CheckCheckIcon,
  FileTextIcon,
  ListPlusIcon,
  MailPlusIcon,
  MoreHorizontalIcon,
  PencilIcon,
  PlusIcon,
  PrinterIcon,
  SearchIcon,
  SendIcon,
  Trash2Icon,
  Undo2Icon,
  XIcon,
} from 'lucide-react';
import {
  envelopeSizes,
  mailKindLabels,
  mailKinds,
  mailStatuses,
  mailStatusLabels,
  mailTransitions,
  type Letter,
  type MailKind,
  type MailStatus,
} from '@/modules/client-mail/client-mail.contract.ts';
import { ListPagination, ListStates, SortableHead } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { BulkDialog } from './bulk-dialog.tsx';
import {
  letterListQueryFn,
  letterListQueryKey,
  letterPrintUrl,
  mailApi,
  refreshMail,
  type LetterListFilter,
} from './client-mail.api.ts';
import { mailWebMessages } from './client-mail.messages.ts';
import { PrintEnvelopesDialog, StatusDialog } from './letter-actions.tsx';
import { LetterDialog } from './letter-dialog.tsx';
import { ConfirmDialog, MailStatusBadge } from './mail-parts.tsx';
import { AddToRegisterDialog } from './registers-tab.tsx';

const m = mailWebMessages.letters;
const ALL = 'all';
export const LETTERS_PAGE_SIZE = 20;

const initialFilter: LetterListFilter = {
  page: 1,
  limit: LETTERS_PAGE_SIZE,
  search: '',
  sort: '-createdAt',
  status: ALL,
  kind: ALL,
};

type SortField = 'number' | 'createdAt' | 'recipientName' | 'status' | 'kind' | 'envelopeFormat';
type Dialog =
  | { kind: 'create' }
  | { kind: 'bulk' }
  | { kind: 'open'; letter: Letter }
  | { kind: 'print' }
  | { kind: 'register' }
  | { kind: 'status'; letter: Letter; status: 'sent' | 'delivered' | 'returned' }
  | { kind: 'cancel'; letter: Letter }
  | { kind: 'delete'; letter: Letter }
  | null;

export function LettersTab({ canAccess }: { canAccess: boolean }) {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<LetterListFilter>(initialFilter);
  const [searchText, setSearchText] = useState('');
  const [selected, setSelected] = useState<Map<number, Letter>>(new Map());
  const [dialog, setDialog] = useState<Dialog>(null);
  const debounce = useDebouncedAction(300);

  const listQuery = useQuery({
    queryKey: letterListQueryKey(filter),
    queryFn: letterListQueryFn,
    placeholderData: keepPreviousData,
  });
  const total = listQuery.data?.total ?? 0;
  const rows = listQuery.data?.items ?? [];
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }
  const filtered = filter.search !== '' || filter.status !== ALL || filter.kind !== ALL;

  function changeFilter(change: Partial<Omit<LetterListFilter, 'page' | 'limit'>>) {
    setFilter((current) => ({ ...current, ...change, page: 1 }));
  }
  const toggleSort = (field: SortField) => changeFilter({ sort: filter.sort === field ? `-${field}` : field });

  function select(letter: Letter, on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(letter.id, letter);
      else next.delete(letter.id);
      return next;
    });
  }
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const someOnPage = rows.some((r) => selected.has(r.id));
  function selectPage(on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      for (const r of rows) {
        if (on) next.set(r.id, r);
        else next.delete(r.id);
      }
      return next;
    });
  }
  const clearSelection = () => setSelected(new Map());

  const step = useMutation({
    mutationFn: async (
      action: { kind: 'status'; letter: Letter; status: MailStatus } | { kind: 'delete'; letter: Letter },
    ) =>
      action.kind === 'delete'
        ? mailApi.remove(action.letter.id)
        : mailApi.changeStatus(action.letter.id, { status: action.status }),
    onSuccess: async (_result, action) => {
      setDialog(null);
      if (action.kind === 'delete') {
        toast({ title: m.deleted, description: action.letter.number });
        select(action.letter, false);
      } else {
        toast({ title: m.statusChanged, description: `${action.letter.number}: ${mailStatusLabels[action.status]}` });
      }
      await refreshMail(queryClient);
    },
    onError: (error) => {
      setDialog(null);
      toast({ variant: 'destructive', title: mailWebMessages.failed, description: serverMessageOf(error) });
    },
  });

  const chosen = [...selected.values()];

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid flex-1 gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_11rem]" role="search">
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              className="pl-9"
              aria-label={m.searchLabel}
              placeholder={m.searchPlaceholder}
              value={searchText}
              onChange={(e) => {
                const text = e.target.value;
                setSearchText(text);
                debounce(() => changeFilter({ search: text.trim() }));
              }}
            />
          </div>
          <Select
            value={filter.status}
            onValueChange={(status) => changeFilter({ status: status as MailStatus | typeof ALL })}
          >
            <SelectTrigger aria-label={m.statusLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{m.statusAll}</SelectItem>
              {mailStatuses.map((s) => (
                <SelectItem key={s} value={s}>
                  {mailStatusLabels[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={filter.kind} onValueChange={(kind) => changeFilter({ kind: kind as MailKind | typeof ALL })}>
            <SelectTrigger aria-label={m.kindLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{m.kindAll}</SelectItem>
              {mailKinds.map((k) => (
                <SelectItem key={k} value={k}>
                  {mailKindLabels[k]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {canAccess ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setDialog({ kind: 'bulk' })}>
              <MailPlusIcon aria-hidden="true" />
              {m.bulk}
            </Button>
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <PlusIcon aria-hidden="true" />
              {m.newLetter}
            </Button>
          </div>
        ) : null}
      </div>
      {filtered ? (
        <Button
          variant="ghost"
          className="justify-self-start"
          onClick={() => {
            setSearchText('');
            setFilter((c) => ({ ...initialFilter, sort: c.sort }));
          }}
        >
          <XIcon aria-hidden="true" />
          {mailWebMessages.resetFilters}
        </Button>
      ) : null}

      {canAccess && chosen.length > 0 ? (
        <div
          role="toolbar"
          aria-label={m.selected(chosen.length)}
          className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2"
        >
          <span className="text-sm font-medium" aria-live="polite">
            {m.selected(chosen.length)}
          </span>
          <Button size="sm" onClick={() => setDialog({ kind: 'print' })}>
            <PrinterIcon aria-hidden="true" />
            {m.printEnvelopes}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'register' })}>
            <ListPlusIcon aria-hidden="true" />
            {m.addToRegister}
          </Button>
          <Button size="sm" variant="ghost" onClick={clearSelection}>
            <XIcon aria-hidden="true" />
            {m.clearSelection}
          </Button>
        </div>
      ) : null}

      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates
          query={listQuery}
          loadingText={m.loading}
          loadErrorText={m.loadError}
          retryText={mailWebMessages.retry}
        >
          <Table
            className="min-w-[64rem]"
            aria-label={mailWebMessages.tabs.letters}
            aria-busy={listQuery.isFetching ? true : undefined}
          >
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {canAccess ? (
                  <TableHead className="w-10">
                    <Checkbox
                      aria-label={m.selectAll}
                      checked={allOnPage ? true : someOnPage ? 'indeterminate' : false}
                      onCheckedChange={(checked) => selectPage(checked === true)}
                    />
                  </TableHead>
                ) : null}
                <SortableHead field="number" sort={filter.sort} onSort={toggleSort}>
                  {m.columns.number}
                </SortableHead>
                <SortableHead field="createdAt" sort={filter.sort} onSort={toggleSort}>
                  {m.columns.createdAt}
                </SortableHead>
                <SortableHead field="recipientName" sort={filter.sort} onSort={toggleSort}>
                  {m.columns.recipient}
                </SortableHead>
                <TableHead>{m.columns.subject}</TableHead>
                <SortableHead field="kind" sort={filter.sort} onSort={toggleSort}>
                  {m.columns.kind}
                </SortableHead>
                <SortableHead field="envelopeFormat" sort={filter.sort} onSort={toggleSort}>
                  {m.columns.format}
                </SortableHead>
                <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                  {m.columns.status}
                </SortableHead>
                <TableHead>{m.columns.register}</TableHead>
                <TableHead>{m.columns.tracking}</TableHead>
                <TableHead className="w-10" />
              </TableRow>
            </TableHeader>
            <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={11} className="py-12 text-center">
                    <p className="font-medium">{m.empty}</p>
                    <p className="text-sm text-muted-foreground">
                      {filtered || !canAccess ? m.emptyHint : m.emptyStart}
                    </p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((letter) => (
                  <TableRow key={letter.id} data-state={selected.has(letter.id) ? 'selected' : undefined}>
                    {canAccess ? (
                      <TableCell>
                        <Checkbox
                          aria-label={m.selectOne(letter.number)}
                          checked={selected.has(letter.id)}
                          onCheckedChange={(checked) => select(letter, checked === true)}
                        />
                      </TableCell>
                    ) : null}
                    <TableCell className="font-medium whitespace-nowrap">
                      <button
                        type="button"
                        className="-mx-1 rounded-sm px-1 font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                        aria-label={m.open(letter.number)}
                        onClick={() => setDialog({ kind: 'open', letter })}
                      >
                        {letter.number}
                      </button>
                    </TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">
                      {formatTimestampUk(letter.createdAt)}
                    </TableCell>
                    <TableCell className="max-w-72">
                      <span className="block font-medium">{letter.recipientName}</span>
                      <span className="line-clamp-2 text-xs whitespace-pre-line text-muted-foreground">
                        {letter.recipientAddress}
                      </span>
                    </TableCell>
                    <TableCell className="max-w-56">
                      <span className="line-clamp-2">{letter.subject ?? '—'}</span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{mailKindLabels[letter.kind]}</TableCell>
                    <TableCell
                      className="whitespace-nowrap"
                      title={`${envelopeSizes[letter.envelopeFormat].widthMm}×${envelopeSizes[letter.envelopeFormat].heightMm} мм`}
                    >
                      {letter.envelopeFormat}
                    </TableCell>
                    <TableCell>
                      <MailStatusBadge status={letter.status} />
                    </TableCell>
                    <TableCell className="font-mono text-xs whitespace-nowrap">
                      {letter.registerNumber ?? '—'}
                    </TableCell>
                    <TableCell className="font-mono text-xs whitespace-nowrap">
                      {letter.trackingNumber ?? '—'}
                    </TableCell>
                    <TableCell>
                      <LetterMenu
                        letter={letter}
                        canAccess={canAccess}
                        busy={step.isPending}
                        onEdit={() => setDialog({ kind: 'open', letter })}
                        onStatus={(status) =>
                          status === 'printed'
                            ? step.mutate({ kind: 'status', letter, status })
                            : status === 'cancelled'
                              ? setDialog({ kind: 'cancel', letter })
                              : setDialog({
                                  kind: 'status',
                                  letter,
                                  status: status as 'sent' | 'delivered' | 'returned',
                                })
                        }
                        onDelete={() => setDialog({ kind: 'delete', letter })}
                      />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={m.total(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

      {dialog?.kind === 'create' ? <LetterDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'open' ? (
        <LetterDialog
          key={dialog.letter.id}
          letter={dialog.letter}
          readOnly={!canAccess || !['draft', 'printed'].includes(dialog.letter.status)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'bulk' ? <BulkDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'print' ? (
        <PrintEnvelopesDialog
          letters={chosen}
          onDone={() => {
            setDialog(null);
            clearSelection();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'register' ? (
        <AddToRegisterDialog
          letters={chosen}
          onDone={() => {
            setDialog(null);
            clearSelection();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'status' ? (
        <StatusDialog letter={dialog.letter} status={dialog.status} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <ConfirmDialog
          title={m.cancelTitle(dialog.letter.number)}
          description={m.cancelDescription}
          confirmLabel={m.cancelConfirm}
          cancelLabel={m.keep}
          destructive
          pending={step.isPending}
          onConfirm={() => step.mutate({ kind: 'status', letter: dialog.letter, status: 'cancelled' })}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title={m.deleteTitle(dialog.letter.number)}
          description={m.deleteDescription}
          confirmLabel={m.deleteLetter}
          cancelLabel={mailWebMessages.cancel}
          destructive
          pending={step.isPending}
          onConfirm={() => step.mutate({ kind: 'delete', letter: dialog.letter })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}

function LetterMenu({
  letter,
  canAccess,
  busy,
  onEdit,
  onStatus,
  onDelete,
}: {
  letter: Letter;
  canAccess: boolean;
  busy: boolean;
  onEdit: () => void;
  onStatus: (status: MailStatus) => void;
  onDelete: () => void;
}) {
  const next = mailTransitions[letter.status];
  // 'sent' by hand only for a simple letter outside any register (sales.md §5).
  const canSendByHand = next.includes('sent') && letter.kind === 'simple' && letter.registerId === null;
  const editable = letter.status === 'draft' || letter.status === 'printed';
  const items = canAccess
    ? [
        editable ? { key: 'edit', label: m.edit, icon: PencilIcon, run: onEdit } : null,
        next.includes('printed')
          ? { key: 'printed', label: m.markPrinted, icon: PrinterIcon, run: () => onStatus('printed') }
          : null,
        canSendByHand ? { key: 'sent', label: m.markSent, icon: SendIcon, run: () => onStatus('sent') } : null,
        next.includes('delivered')
          ? { key: 'delivered', label: m.markDelivered, icon: CheckCheckIcon, run: () => onStatus('delivered') }
          : null,
        next.includes('returned')
          ? { key: 'returned', label: m.markReturned, icon: Undo2Icon, run: () => onStatus('returned') }
          : null,
      ].filter((x) => x !== null)
    : [];
  const destructive = canAccess
    ? [
        next.includes('cancelled')
          ? { key: 'cancel', label: m.cancelLetter, icon: BanIcon, run: () => onStatus('cancelled') }
          : null,
        letter.status === 'draft' ? { key: 'delete', label: m.deleteLetter, icon: Trash2Icon, run: onDelete } : null,
      ].filter((x) => x !== null)
    : [];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={m.actions(letter.number)} disabled={busy}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {!editable || !canAccess ? (
          <DropdownMenuItem onSelect={onEdit}>
            <FileTextIcon aria-hidden="true" />
            {m.open(letter.number)}
          </DropdownMenuItem>
        ) : null}
        {items.map((item) => (
          <DropdownMenuItem key={item.key} onSelect={item.run}>
            <item.icon aria-hidden="true" />
            {item.label}
          </DropdownMenuItem>
        ))}
        {letter.body ? (
          <DropdownMenuItem onSelect={() => window.open(letterPrintUrl(letter.id), '_blank')}>
            <FileTextIcon aria-hidden="true" />
            {m.printLetter}
          </DropdownMenuItem>
        ) : null}
        {destructive.length ? <DropdownMenuSeparator /> : null}
        {destructive.map((item) => (
          <DropdownMenuItem key={item.key} variant="destructive" onSelect={item.run}>
            <item.icon aria-hidden="true" />
            {item.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
