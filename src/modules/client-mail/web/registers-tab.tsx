// 'Реєстри' (sales.md §5): the post office registers — a paged, sortable list; a register opens in a side panel
// with its letters and totals, where a draft is sent (with confirmation), printed as the list of grouped mailings,
// trimmed or deleted. 'Додати до реєстру' (from the letters tab) puts letters into a new or a draft register.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PrinterIcon, SendIcon, Trash2Icon, XIcon } from 'lucide-react';
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
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { DataTable, documentNumberColumn, type DataColumn } from '@/web/components/data-table.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { ChoiceFilter, ListToolbar, PagedListCard, statusOptions, usePagedList } from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk, formatMoney, formatTimestampUk, todayIso } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
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

export function RegistersTab({ canAccess }: { canAccess: boolean }) {
  const { list, query: listQuery } = usePagedList(initialFilter, {
    key: registerListQueryKey,
    queryFn: registerListQueryFn,
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const open = (register: RegisterSummary) => setOpenId(register.id);

  return (
    <div className="grid min-w-0 gap-4">
      <ListToolbar
        id="registers"
        searchLabel={m.searchLabel}
        searchPlaceholder={m.searchPlaceholder}
        searchText={list.searchText}
        onSearch={list.changeSearch}
        filtered={list.filtered}
        onReset={list.reset}
      >
        <ChoiceFilter
          label={mailWebMessages.letters.statusLabel}
          allLabel={m.statusAll}
          allValue={ALL}
          options={statusOptions(registerStatuses, registerStatusLabels)}
          value={list.filter.status}
          onChange={(status) => list.changeFilter({ status: status as RegisterStatus | typeof ALL })}
          className="w-48"
        />
      </ListToolbar>
      {canAccess ? <p className="text-sm text-muted-foreground">{m.newHint}</p> : null}

      <PagedListCard
        list={list}
        query={listQuery}
        texts={{
          ...m,
          title: mailWebMessages.tabs.registers,
          retry: mailWebMessages.retry,
          // Filtered: widen the filter; otherwise: where a register comes from.
          emptyHint: mailWebMessages.letters.emptyHint,
          emptyStart: m.emptyHint,
        }}
        emptySummary={m.total(0)}
        canCreate
        table={{
          id: 'client-mail-registers',
          columns: registerColumns(open),
          rowKey: (register) => register.id,
          rowLabel: (register) => register.number,
          onRowClick: open,
          minWidthRem: 44,
        }}
      />
      {openId !== null ? <RegisterSheet id={openId} canAccess={canAccess} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

/** The list's columns; the number (like the row) opens the register's panel. */
function registerColumns(onOpen: (register: RegisterSummary) => void): DataColumn<RegisterSummary>[] {
  const c = m.columns;
  return [
    documentNumberColumn({ header: c.number, number: (r) => r.number, openLabel: m.open, onOpen }),
    {
      id: 'registerDate',
      header: c.registerDate,
      sortField: 'registerDate',
      className: 'tabular-nums',
      cell: (r) => formatDateUk(r.registerDate),
    },
    { id: 'postalService', header: c.postalService, cell: (r) => postalServiceLabels[r.postalService] },
    { id: 'itemCount', header: c.itemCount, sortField: 'itemCount', numeric: true, cell: (r) => r.itemCount },
    { id: 'totalPostage', header: c.totalPostage, numeric: true, cell: (r) => formatMoney(r.totalPostage) },
    { id: 'status', header: c.status, sortField: 'status', cell: (r) => <RegisterStatusBadge status={r.status} /> },
    {
      id: 'sentAt',
      header: c.sentAt,
      sortField: 'sentAt',
      className: 'tabular-nums',
      cell: (r) => (r.sentAt ? formatTimestampUk(r.sentAt) : '—'),
    },
  ];
}

/** The letters of a register in its panel; a draft's letter can be taken out of it. */
function registerItemColumns(): DataColumn<Letter>[] {
  const c = mailWebMessages.letters.columns;
  return [
    { id: 'number', header: '№', primary: true, className: 'font-mono text-xs', cell: (letter) => letter.number },
    {
      id: 'recipient',
      header: c.recipient,
      className: 'whitespace-normal',
      cell: (letter) => (
        <>
          <span className="block font-medium">{letter.recipientName}</span>
          <span className="block text-xs whitespace-pre-line text-muted-foreground">{letter.recipientAddress}</span>
        </>
      ),
    },
    { id: 'kind', header: c.kind, cell: (letter) => mailKindLabels[letter.kind] },
    {
      id: 'tracking',
      header: c.tracking,
      className: 'font-mono text-xs',
      cell: (letter) => letter.trackingNumber ?? '—',
    },
    { id: 'status', header: c.status, cell: (letter) => <MailStatusBadge status={letter.status} /> },
  ];
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
                  <DataTable
                    id="client-mail-register-items"
                    label={m.items}
                    columns={registerItemColumns()}
                    rows={register.items}
                    rowKey={(letter) => letter.id}
                    rowLabel={(letter) => letter.number}
                    actions={
                      canAccess && draft
                        ? (letter) => [
                            {
                              label: m.removeItem(letter.number),
                              icon: <XIcon aria-hidden="true" />,
                              onSelect: () => act.mutate({ kind: 'remove', letter }),
                              disabled: act.isPending,
                              destructive: true,
                              inline: true,
                            },
                          ]
                        : undefined
                    }
                    empty={<span className="text-muted-foreground">{m.noItems}</span>}
                    minWidthRem={36}
                  />
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
                    <DateField id={`${formId}-date`} aria-required value={registerDate} onChange={setRegisterDate} />
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
