// 'Листи' (sales.md §5): a server-paged, sortable list of letters with search and status/kind filters, on the
// toolkit's table (issue 20). Rows are selected for 'Друкувати конверти' and 'Додати до реєстру'; each row's menu (in
// the sticky last column, or in the card on a phone) takes the letter one step along its state machine (destructive
// steps ask first). New letters one by one or in bulk.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BanIcon,
  CheckCheckIcon,
  FileTextIcon,
  ListPlusIcon,
  MailPlusIcon,
  PencilIcon,
  PlusIcon,
  PrinterIcon,
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
import { RowOpenButton, type DataColumn, type RowActionItem } from '@/web/components/data-table.tsx';
import { ChoiceFilter, ListToolbar, PagedListCard, statusOptions, usePagedList } from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
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
  const { list, query: listQuery } = usePagedList(initialFilter, {
    key: letterListQueryKey,
    queryFn: letterListQueryFn,
  });
  const { filter, changeFilter } = list;
  const [selected, setSelected] = useState<Map<number, Letter>>(new Map());
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = listQuery.data?.items ?? [];

  function select(letters: readonly Letter[], on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      for (const letter of letters) {
        if (on) next.set(letter.id, letter);
        else next.delete(letter.id);
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
        select([action.letter], false);
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

  const open = (letter: Letter) => setDialog({ kind: 'open', letter });
  const onStatus = (letter: Letter, status: MailStatus) =>
    status === 'printed'
      ? step.mutate({ kind: 'status', letter, status })
      : status === 'cancelled'
        ? setDialog({ kind: 'cancel', letter })
        : setDialog({ kind: 'status', letter, status: status as 'sent' | 'delivered' | 'returned' });

  const chosen = [...selected.values()];

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <ListToolbar
            id="letters"
            searchLabel={m.searchLabel}
            searchPlaceholder={m.searchPlaceholder}
            searchText={list.searchText}
            onSearch={list.changeSearch}
            filtered={list.filtered}
            onReset={list.reset}
          >
            <ChoiceFilter
              label={m.statusLabel}
              allLabel={m.statusAll}
              allValue={ALL}
              options={statusOptions(mailStatuses, mailStatusLabels)}
              value={filter.status}
              onChange={(status) => changeFilter({ status: status as MailStatus | typeof ALL })}
              className="w-44"
            />
            <ChoiceFilter
              label={m.kindLabel}
              allLabel={m.kindAll}
              allValue={ALL}
              options={statusOptions(mailKinds, mailKindLabels)}
              value={filter.kind}
              onChange={(kind) => changeFilter({ kind: kind as MailKind | typeof ALL })}
              className="w-44"
            />
          </ListToolbar>
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

      <PagedListCard
        list={list}
        query={listQuery}
        texts={{ ...m, title: mailWebMessages.tabs.letters, retry: mailWebMessages.retry }}
        emptySummary={m.total(0)}
        canCreate={canAccess}
        table={{
          id: 'client-mail-letters',
          columns: letterColumns(open),
          rowKey: (letter) => letter.id,
          rowLabel: (letter) => letter.number,
          actions: (letter) =>
            letterActions(letter, {
              canAccess,
              busy: step.isPending,
              onOpen: () => open(letter),
              onStatus: (status) => onStatus(letter, status),
              onDelete: () => setDialog({ kind: 'delete', letter }),
            }),
          selection: canAccess
            ? {
                selected: new Set(selected.keys()),
                onToggle: (id, on) =>
                  select(
                    rows.filter((letter) => letter.id === id),
                    on,
                  ),
                onToggleAll: (on) => select(rows, on),
                label: (id) => m.selectOne(rows.find((letter) => letter.id === id)?.number ?? String(id)),
              }
            : undefined,
          minWidthRem: 64,
        }}
      />

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

/** The list's columns; the number opens the letter (its form, or read-only once it left the office). */
function letterColumns(onOpen: (letter: Letter) => void): DataColumn<Letter>[] {
  const c = m.columns;
  return [
    {
      id: 'number',
      header: c.number,
      sortField: 'number',
      primary: true,
      className: 'font-medium',
      cell: (letter) => (
        <RowOpenButton label={m.open(letter.number)} onOpen={() => onOpen(letter)}>
          {letter.number}
        </RowOpenButton>
      ),
    },
    {
      id: 'createdAt',
      header: c.createdAt,
      sortField: 'createdAt',
      className: 'tabular-nums',
      cell: (letter) => formatTimestampUk(letter.createdAt),
    },
    {
      id: 'recipient',
      header: c.recipient,
      sortField: 'recipientName',
      className: 'max-w-72 whitespace-normal',
      cell: (letter) => (
        <>
          <span className="block font-medium">{letter.recipientName}</span>
          <span className="line-clamp-2 text-xs whitespace-pre-line text-muted-foreground">
            {letter.recipientAddress}
          </span>
        </>
      ),
    },
    {
      id: 'subject',
      header: c.subject,
      className: 'max-w-56 whitespace-normal',
      cell: (letter) => <span className="line-clamp-2">{letter.subject ?? '—'}</span>,
    },
    { id: 'kind', header: c.kind, sortField: 'kind', cell: (letter) => mailKindLabels[letter.kind] },
    {
      id: 'format',
      header: c.format,
      sortField: 'envelopeFormat',
      cell: (letter) => {
        const size = envelopeSizes[letter.envelopeFormat];
        return <span title={`${size.widthMm}×${size.heightMm} мм`}>{letter.envelopeFormat}</span>;
      },
    },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (letter) => <MailStatusBadge status={letter.status} />,
    },
    {
      id: 'register',
      header: c.register,
      className: 'font-mono text-xs',
      cell: (letter) => letter.registerNumber ?? '—',
    },
    {
      id: 'tracking',
      header: c.tracking,
      className: 'font-mono text-xs',
      cell: (letter) => letter.trackingNumber ?? '—',
    },
  ];
}

/**
 * A letter's menu: the steps its state allows (for those who may change letters), the letter's text to print, and
 * cancelling or deleting a draft last, in red. Nothing is chosen while a step is under way.
 */
function letterActions(
  letter: Letter,
  {
    canAccess,
    busy,
    onOpen,
    onStatus,
    onDelete,
  }: {
    canAccess: boolean;
    busy: boolean;
    onOpen: () => void;
    onStatus: (status: MailStatus) => void;
    onDelete: () => void;
  },
): RowActionItem[] {
  const next = mailTransitions[letter.status];
  // 'sent' by hand only for a simple letter outside any register (sales.md §5).
  const canSendByHand = next.includes('sent') && letter.kind === 'simple' && letter.registerId === null;
  const editable = letter.status === 'draft' || letter.status === 'printed';
  const step = (status: MailStatus, label: string, Icon: typeof PencilIcon, destructive = false): RowActionItem => ({
    label,
    icon: <Icon aria-hidden="true" />,
    onSelect: () => onStatus(status),
    disabled: busy,
    destructive,
  });
  const items: (RowActionItem | false)[] = [
    (!editable || !canAccess) && {
      label: m.open(letter.number),
      icon: <FileTextIcon aria-hidden="true" />,
      onSelect: onOpen,
      disabled: busy,
    },
    canAccess &&
      editable && { label: m.edit, icon: <PencilIcon aria-hidden="true" />, onSelect: onOpen, disabled: busy },
    canAccess && next.includes('printed') && step('printed', m.markPrinted, PrinterIcon),
    canAccess && canSendByHand && step('sent', m.markSent, SendIcon),
    canAccess && next.includes('delivered') && step('delivered', m.markDelivered, CheckCheckIcon),
    canAccess && next.includes('returned') && step('returned', m.markReturned, Undo2Icon),
    !!letter.body && {
      label: m.printLetter,
      icon: <FileTextIcon aria-hidden="true" />,
      onSelect: () => window.open(letterPrintUrl(letter.id), '_blank'),
      disabled: busy,
    },
    canAccess && next.includes('cancelled') && step('cancelled', m.cancelLetter, BanIcon, true),
    canAccess &&
      letter.status === 'draft' && {
        label: m.deleteLetter,
        icon: <Trash2Icon aria-hidden="true" />,
        onSelect: onDelete,
        disabled: busy,
        destructive: true,
      },
  ];
  return items.filter((item) => item !== false);
}
