// 'Реєстри' (sales.md §5): the post office registers — a paged, sortable list; a register opens in a side panel
// with its letters and totals, where a draft is sent (with confirmation), printed as the list of grouped mailings,
// trimmed or deleted. 'Додати до реєстру' (from the letters tab) puts letters into a new or a draft register.
import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PrinterIcon, SearchIcon, SendIcon, Trash2Icon, XIcon } from 'lucide-react';
import {
  mailKindLabels,
  postalServiceLabels,
  postalServices,
  registerStatuses,
  registerStatusLabels,
  type Letter,
  type PostalService,
  type Register,
  type RegisterStatus,
  type RegisterSummary,
} from '@/modules/client-mail/client-mail.contract.ts';
import { InlineQueryStatus, ListPagination, ListStates, RowAction, SortableHead } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk, formatMoney, formatTimestampUk, todayIso } from '@/web/lib/document-format.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import {
  draftRegistersQueryKey,
  mailApi,
  refreshMail,
  registerListQueryFn,
  registerListQueryKey,
  registerPrintUrl,
  registerQueryKey,
  type RegisterListFilter,
} from './client-mail.api.ts';
import { mailWebMessages } from './client-mail.messages.ts';
import { ConfirmDialog, FormFailure, MailStatusBadge, RegisterStatusBadge } from './mail-parts.tsx';

const m = mailWebMessages.registers;
const ALL = 'all';
const NEW = 'new';
export const REGISTERS_PAGE_SIZE = 20;

const initialFilter: RegisterListFilter = {
  page: 1,
  limit: REGISTERS_PAGE_SIZE,
  search: '',
  sort: '-registerDate',
  status: ALL,
};

type SortField = 'number' | 'registerDate' | 'status' | 'itemCount' | 'sentAt';

export function RegistersTab({ canAccess }: { canAccess: boolean }) {
  const [filter, setFilter] = useState<RegisterListFilter>(initialFilter);
  const [searchText, setSearchText] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const debounce = useDebouncedAction(300);
  const listQuery = useQuery({
    queryKey: registerListQueryKey(filter),
    queryFn: registerListQueryFn,
    placeholderData: keepPreviousData,
  });
  const total = listQuery.data?.total ?? 0;
  const rows = listQuery.data?.items ?? [];
  const filtered = filter.search !== '' || filter.status !== ALL;
  const change = (c: Partial<Omit<RegisterListFilter, 'page' | 'limit'>>) =>
    setFilter((current) => ({ ...current, ...c, page: 1 }));
  const toggleSort = (field: SortField) => change({ sort: filter.sort === field ? `-${field}` : field });

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_auto]" role="search">
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
              debounce(() => change({ search: text.trim() }));
            }}
          />
        </div>
        <Select
          value={filter.status}
          onValueChange={(status) => change({ status: status as RegisterStatus | typeof ALL })}
        >
          <SelectTrigger aria-label={mailWebMessages.letters.statusLabel}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{m.statusAll}</SelectItem>
            {registerStatuses.map((s) => (
              <SelectItem key={s} value={s}>
                {registerStatusLabels[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
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
      </div>
      {canAccess ? <p className="text-sm text-muted-foreground">{m.newHint}</p> : null}

      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates
          query={listQuery}
          loadingText={m.loading}
          loadErrorText={m.loadError}
          retryText={mailWebMessages.retry}
        >
          <Table className="min-w-[44rem]" aria-label={mailWebMessages.tabs.registers}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <SortableHead field="number" sort={filter.sort} onSort={toggleSort}>
                  {m.columns.number}
                </SortableHead>
                <SortableHead field="registerDate" sort={filter.sort} onSort={toggleSort}>
                  {m.columns.registerDate}
                </SortableHead>
                <TableHead>{m.columns.postalService}</TableHead>
                <SortableHead field="itemCount" sort={filter.sort} onSort={toggleSort} numeric>
                  {m.columns.itemCount}
                </SortableHead>
                <TableHead className="text-right">{m.columns.totalPostage}</TableHead>
                <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                  {m.columns.status}
                </SortableHead>
                <SortableHead field="sentAt" sort={filter.sort} onSort={toggleSort}>
                  {m.columns.sentAt}
                </SortableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={7} className="py-12 text-center">
                    <p className="font-medium">{m.empty}</p>
                    <p className="text-sm text-muted-foreground">
                      {filtered ? mailWebMessages.letters.emptyHint : m.emptyHint}
                    </p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((r) => <RegisterRow key={r.id} register={r} onOpen={() => setOpenId(r.id)} />)
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
      {openId !== null ? <RegisterSheet id={openId} canAccess={canAccess} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

function RegisterRow({ register, onOpen }: { register: RegisterSummary; onOpen: () => void }) {
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell className="font-medium whitespace-nowrap">
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={m.open(register.number)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {register.number}
        </button>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDateUk(register.registerDate)}</TableCell>
      <TableCell>{postalServiceLabels[register.postalService]}</TableCell>
      <TableCell className="text-right tabular-nums">{register.itemCount}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(register.totalPostage)}</TableCell>
      <TableCell>
        <RegisterStatusBadge status={register.status} />
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {register.sentAt ? formatTimestampUk(register.sentAt) : '—'}
      </TableCell>
    </TableRow>
  );
}

function RegisterSheet({ id, canAccess, onClose }: { id: number; canAccess: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const query = useQuery<Register>({ queryKey: registerQueryKey(id) });
  const [confirm, setConfirm] = useState<'send' | 'delete' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const register = query.data;
  const act = useMutation({
    mutationFn: async (action: { kind: 'send' } | { kind: 'delete' } | { kind: 'remove'; letter: Letter }) => {
      if (action.kind === 'send') return mailApi.sendRegister(id);
      if (action.kind === 'delete') return mailApi.deleteRegister(id);
      return mailApi.removeFromRegister(id, action.letter.id);
    },
    onMutate: () => setFailure(null),
    onSuccess: async (_result, action) => {
      setConfirm(null);
      if (action.kind === 'send') toast({ title: m.sent(register?.number ?? '') });
      if (action.kind === 'delete') {
        toast({ title: m.deleted, description: register?.number });
        onClose();
      }
      await refreshMail(queryClient);
    },
    onError: (error) => {
      setConfirm(null);
      setFailure(serverMessageOf(error) ?? mailWebMessages.failed);
    },
  });
  const draft = register?.status === 'draft';
  return (
    <Sheet open onOpenChange={(open) => !open && !act.isPending && onClose()}>
      <SheetContent className="w-full gap-0 overflow-y-auto sm:max-w-2xl">
        <SheetHeader>
          <SheetTitle>{register ? m.title(register.number) : m.loadingOne}</SheetTitle>
          <SheetDescription>
            {register
              ? `${formatDateUk(register.registerDate)} · ${postalServiceLabels[register.postalService]}${
                  register.companyName ? ` · ${register.companyName}` : ''
                }`
              : ''}
          </SheetDescription>
        </SheetHeader>
        <div className="grid gap-4 p-4">
          <InlineQueryStatus
            query={query}
            loadingText={m.loadingOne}
            errorText={m.loadOneError}
            retryText={mailWebMessages.retry}
          />
          {register ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <RegisterStatusBadge status={register.status} />
                {register.sentAt ? (
                  <span className="text-sm text-muted-foreground">{formatTimestampUk(register.sentAt)}</span>
                ) : null}
              </div>
              <p className="text-sm">
                {m.totals(register.itemCount, formatMoney(register.totalPostage), formatMoney(register.totalDeclared))}
              </p>
              {register.notes ? <p className="text-sm text-muted-foreground">{register.notes}</p> : null}
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => window.open(registerPrintUrl(register.id), '_blank')}>
                  <PrinterIcon aria-hidden="true" />
                  {m.print}
                </Button>
                {canAccess && draft ? (
                  <>
                    <Button disabled={act.isPending || register.itemCount === 0} onClick={() => setConfirm('send')}>
                      <SendIcon aria-hidden="true" />
                      {m.send}
                    </Button>
                    <Button variant="outline" disabled={act.isPending} onClick={() => setConfirm('delete')}>
                      <Trash2Icon aria-hidden="true" />
                      {m.deleteRegister}
                    </Button>
                  </>
                ) : null}
              </div>
              {failure ? <FormFailure>{failure}</FormFailure> : null}
              <section className="grid min-w-0 gap-2" aria-label={m.items}>
                <h3 className="text-base font-semibold">{m.items}</h3>
                <div className="min-w-0 rounded-md border">
                  <Table className="min-w-[36rem]" aria-label={m.items}>
                    <TableHeader>
                      <TableRow className="hover:bg-transparent">
                        <TableHead>№</TableHead>
                        <TableHead>{mailWebMessages.letters.columns.recipient}</TableHead>
                        <TableHead>{mailWebMessages.letters.columns.kind}</TableHead>
                        <TableHead>{mailWebMessages.letters.columns.tracking}</TableHead>
                        <TableHead>{mailWebMessages.letters.columns.status}</TableHead>
                        {canAccess && draft ? <TableHead className="w-10" /> : null}
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {register.items.length === 0 ? (
                        <TableRow className="hover:bg-transparent">
                          <TableCell colSpan={6} className="py-6 text-center text-muted-foreground">
                            {m.noItems}
                          </TableCell>
                        </TableRow>
                      ) : (
                        register.items.map((letter) => (
                          <TableRow key={letter.id}>
                            <TableCell className="font-mono text-xs whitespace-nowrap">{letter.number}</TableCell>
                            <TableCell>
                              <span className="block font-medium">{letter.recipientName}</span>
                              <span className="block text-xs whitespace-pre-line text-muted-foreground">
                                {letter.recipientAddress}
                              </span>
                            </TableCell>
                            <TableCell className="whitespace-nowrap">{mailKindLabels[letter.kind]}</TableCell>
                            <TableCell className="font-mono text-xs">{letter.trackingNumber ?? '—'}</TableCell>
                            <TableCell>
                              <MailStatusBadge status={letter.status} />
                            </TableCell>
                            {canAccess && draft ? (
                              <TableCell>
                                <RowAction
                                  label={m.removeItem(letter.number)}
                                  disabled={act.isPending}
                                  destructive
                                  onClick={() => act.mutate({ kind: 'remove', letter })}
                                >
                                  <XIcon aria-hidden="true" />
                                </RowAction>
                              </TableCell>
                            ) : null}
                          </TableRow>
                        ))
                      )}
                    </TableBody>
                  </Table>
                </div>
              </section>
            </>
          ) : null}
        </div>
        {register && confirm === 'send' ? (
          <ConfirmDialog
            title={m.sendTitle(register.number)}
            description={m.sendDescription(register.itemCount)}
            confirmLabel={m.send}
            cancelLabel={mailWebMessages.cancel}
            pending={act.isPending}
            onConfirm={() => act.mutate({ kind: 'send' })}
            onClose={() => setConfirm(null)}
          />
        ) : null}
        {register && confirm === 'delete' ? (
          <ConfirmDialog
            title={m.deleteTitle(register.number)}
            description={m.deleteDescription}
            confirmLabel={m.deleteRegister}
            cancelLabel={mailWebMessages.cancel}
            destructive
            pending={act.isPending}
            onConfirm={() => act.mutate({ kind: 'delete' })}
            onClose={() => setConfirm(null)}
          />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

/** 'Додати до реєстру': the selected letters go into a new register or into a draft one. */
export function AddToRegisterDialog({
  letters,
  onDone,
  onClose,
}: {
  letters: readonly Letter[];
  onDone: () => void;
  onClose: () => void;
}) {
  const a = mailWebMessages.addToRegister;
  const formId = useId();
  const queryClient = useQueryClient();
  const drafts = useQuery<RegisterSummary[]>({ queryKey: draftRegistersQueryKey });
  const [target, setTarget] = useState<string>(NEW);
  const [registerDate, setRegisterDate] = useState(todayIso());
  const [postalService, setPostalService] = useState<PostalService>('ukrposhta');
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => {
      const letterIds = letters.map((l) => l.id);
      return target === NEW
        ? mailApi.createRegister({ registerDate, postalService, notes, letterIds })
        : mailApi.addToRegister(Number(target), letterIds);
    },
    onMutate: () => setFailure(null),
    onSuccess: async (register) => {
      toast({ title: a.added(register.number) });
      await refreshMail(queryClient);
      onDone();
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? mailWebMessages.failed),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && !add.isPending && onClose()}>
      <DialogContent className="p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{a.title(letters.length)}</DialogTitle>
          <DialogDescription>{a.description}</DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <fieldset disabled={add.isPending} className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${formId}-target`}>{a.target}</Label>
              <Select value={target} onValueChange={setTarget}>
                <SelectTrigger id={`${formId}-target`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NEW}>{a.newRegister}</SelectItem>
                  {(drafts.data ?? []).map((r) => (
                    <SelectItem key={r.id} value={String(r.id)}>
                      {a.existing(r.number, r.itemCount)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {target === NEW ? (
              <>
                <div className="grid gap-4 sm:grid-cols-2">
                  <div className="grid gap-2">
                    <Label htmlFor={`${formId}-date`}>{a.registerDate}</Label>
                    <Input
                      id={`${formId}-date`}
                      type="date"
                      required
                      value={registerDate}
                      onChange={(e) => setRegisterDate(e.target.value)}
                    />
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor={`${formId}-service`}>{a.postalService}</Label>
                    <Select value={postalService} onValueChange={(v) => setPostalService(v as PostalService)}>
                      <SelectTrigger id={`${formId}-service`}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {postalServices.map((s) => (
                          <SelectItem key={s} value={s}>
                            {postalServiceLabels[s]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </div>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={`${formId}-notes`}>{a.notes}</Label>
                  <Textarea
                    id={`${formId}-notes`}
                    rows={2}
                    maxLength={2000}
                    value={notes}
                    onChange={(e) => setNotes(e.target.value)}
                  />
                </div>
              </>
            ) : null}
          </fieldset>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </form>
        <DialogFooter>
          <Button variant="outline" disabled={add.isPending} onClick={onClose}>
            {mailWebMessages.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={add.isPending || !registerDate}>
            {add.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {a.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
