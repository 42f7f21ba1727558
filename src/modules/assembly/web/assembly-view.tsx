// The document drawer of an assembly or disassembly (production.md §8): the kit, its quantity and warehouse, the
// component lines (a draft with the warehouse's available quantity now, a posted one with the cost each moved at),
// the serials of serial-tracked items, and the actions in the toolkit's DocumentActionBar — 'Провести' (primary),
// 'Редагувати', and in 'Ще' 'Видалити' for a draft; 'Скасувати' (with a reason) for a posted one.
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BanIcon, CheckCheckIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import {
  assemblyMessages,
  assemblyStatusLabels,
  assemblyTypeLabels,
  type Assembly,
  type AssemblyStatus,
} from '@/modules/assembly/assembly.contract.ts';
import { SerialPicker } from '@/modules/serial-numbers/web/index.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { DocumentActionBar, type DocumentAction } from '@/web/components/document-actions.tsx';
import { DeleteDraftDialog, DocumentLoadState } from '@/web/components/document-dialog.tsx';
import { ConfirmDialog, FormFailure, StatusBadge } from '@/web/components/document-parts.tsx';
import {
  CancelDocumentDialog,
  DocumentFacts,
  DocumentSection,
  postingDescription,
  postingStatusTones,
  trailFacts,
  withUnit,
  type DocumentFact,
} from '@/web/components/document-view.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/web/components/ui/sheet.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { assemblyApi, assemblyQueryKey, isAssemblyListQuery } from './assembly.api.ts';
import { assemblyWebMessages } from './assembly.messages.ts';

const v = assemblyWebMessages.view;
const toasts = assemblyWebMessages.toast;
const none = assemblyWebMessages.none;

export function AssemblyStatusBadge({ status }: { status: AssemblyStatus }) {
  return <StatusBadge label={assemblyStatusLabels[status]} tone={postingStatusTones[status]} />;
}

type Confirming = 'post' | 'delete' | 'cancel' | null;

/** A tracked item of the document whose serials are typed in the drawer: the kit or a line. */
interface TrackedItem {
  key: string;
  itemId: number;
  sku: string;
  qty: string;
  serials: string[];
  /** Leaving the warehouse: chosen among those on its shelf; arriving: new ones (or none, from the template). */
  leaving: boolean;
}

function trackedItems(doc: Assembly): TrackedItem[] {
  const assembling = doc.type === 'assembly';
  const kit: TrackedItem[] = doc.serialTracking
    ? [{ key: 'kit', itemId: doc.itemId, sku: doc.sku, qty: doc.qty, serials: doc.serials, leaving: !assembling }]
    : [];
  const lines = doc.lines
    .filter((line) => line.serialTracking)
    .map((line) => ({
      key: `line-${line.id}`,
      itemId: line.itemId,
      sku: line.sku,
      qty: line.qty,
      serials: line.serials,
      leaving: assembling,
    }));
  return assembling ? [...lines, ...kit] : [...kit, ...lines];
}

export function AssemblyDrawer({
  assemblyId,
  canChange,
  onEdit,
  onClose,
}: {
  assemblyId: number;
  canChange: boolean;
  onEdit: (doc: Assembly) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery<Assembly>({ queryKey: assemblyQueryKey(assemblyId), gcTime: 0 });
  const doc = query.data;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The serials typed or scanned for the draft's serial-tracked items, by item (sent with 'Провести'). */
  const [serials, setSerials] = useState<Record<number, string[]>>({});

  function changed(next: Assembly) {
    queryClient.setQueryData(assemblyQueryKey(assemblyId), next);
    void queryClient.invalidateQueries({ predicate: isAssemblyListQuery });
  }

  const post = useMutation({
    mutationFn: (d: Assembly) =>
      assemblyApi.post(
        d.id,
        d.version,
        trackedItems(d)
          .filter((item) => (serials[item.itemId] ?? []).length)
          .map((item) => ({ itemId: item.itemId, serials: serials[item.itemId]! })),
      ),
    onMutate: () => setFailure(null),
    onSuccess: (posted) => {
      setConfirming(null);
      toast({ title: toasts.posted, description: posted.number });
      changed(posted);
    },
    onError: (error) => {
      setConfirming(null);
      setFailure(serverMessageOf(error) ?? toasts.postFailed);
      void query.refetch();
    },
  });
  const remove = useMutation({
    mutationFn: (d: Assembly) => assemblyApi.remove(d.id),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      toast({ title: toasts.deleted, description: doc?.number });
      void queryClient.invalidateQueries({ predicate: isAssemblyListQuery });
      onClose();
    },
    onError: (error) => {
      setConfirming(null);
      setFailure(serverMessageOf(error) ?? toasts.deleteFailed);
    },
  });
  const busy = post.isPending || remove.isPending;

  function askToPost(d: Assembly) {
    // Every leaving serial-tracked item names exactly its quantity of serials before posting is asked.
    const incomplete = trackedItems(d).find(
      (item) => item.leaving && cmp(dec((serials[item.itemId] ?? []).length), dec(item.qty)) !== 0,
    );
    if (incomplete) {
      const count = (serials[incomplete.itemId] ?? []).length;
      setFailure(v.serialsIncomplete(incomplete.sku, count, formatQty(incomplete.qty)));
      return;
    }
    setFailure(null);
    setConfirming('post');
  }

  let actions: { primary: DocumentAction | null; secondary: DocumentAction[]; more: DocumentAction[] } | null = null;
  if (doc && canChange && doc.status === 'draft') {
    actions = {
      primary: {
        id: 'post',
        label: v.post,
        icon: <CheckCheckIcon aria-hidden="true" />,
        pending: post.isPending,
        disabled: busy,
        onSelect: () => askToPost(doc),
      },
      secondary: [
        {
          id: 'edit',
          label: v.edit,
          icon: <PencilIcon aria-hidden="true" />,
          disabled: busy,
          onSelect: () => onEdit(doc),
        },
      ],
      more: [
        {
          id: 'delete',
          label: v.delete,
          icon: <Trash2Icon aria-hidden="true" />,
          destructive: true,
          disabled: busy,
          onSelect: () => setConfirming('delete'),
        },
      ],
    };
  } else if (doc && canChange && doc.status === 'posted') {
    actions = {
      primary: null,
      secondary: [],
      more: [
        {
          id: 'cancel',
          label: v.cancel,
          icon: <BanIcon aria-hidden="true" />,
          destructive: true,
          onSelect: () => setConfirming('cancel'),
        },
      ],
    };
  }

  const body: ReactNode = doc ? (
    <AssemblyDetails
      doc={doc}
      canChange={canChange}
      serials={serials}
      onSerialsChange={(itemId, next) => setSerials((all) => ({ ...all, [itemId]: next }))}
    />
  ) : (
    <DocumentLoadState query={query} texts={{ ...v, retry: assemblyWebMessages.retry }} />
  );

  return (
    <Sheet open onOpenChange={(open) => !open && !busy && onClose()}>
      <SheetContent className="w-full gap-0 sm:max-w-2xl">
        <SheetHeader className="border-b">
          <SheetTitle className="flex flex-wrap items-center gap-2 pr-8">
            {doc ? `${assemblyTypeLabels[doc.type]} ${doc.number}` : assemblyWebMessages.title}
            {doc ? <AssemblyStatusBadge status={doc.status} /> : null}
          </SheetTitle>
          <SheetDescription>
            {postingDescription(doc, {
              none: v.loading,
              draft: v.draftDescription,
              posted: v.postedDescription,
              cancelled: v.cancelledDescription,
            })}
          </SheetDescription>
        </SheetHeader>
        <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto p-4">
          {failure ? <FormFailure>{failure}</FormFailure> : null}
          {body}
        </div>
        {actions ? (
          <SheetFooter className="border-t sm:flex-row sm:justify-end">
            <DocumentActionBar primary={actions.primary} secondary={actions.secondary} more={actions.more} />
          </SheetFooter>
        ) : null}
      </SheetContent>

      {doc && confirming === 'post' ? (
        <ConfirmDialog
          title={assemblyWebMessages.confirmPost.title[doc.type]}
          description={assemblyWebMessages.confirmPost.description[doc.type](formatQty(doc.qty), doc.itemName)}
          confirmLabel={assemblyWebMessages.confirmPost.confirm}
          cancelLabel={assemblyWebMessages.confirmPost.cancel}
          pending={post.isPending}
          onConfirm={() => post.mutate(doc)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {doc && confirming === 'delete' ? (
        <DeleteDraftDialog
          number={doc.number}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(doc)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {doc && confirming === 'cancel' ? (
        <CancelDocumentDialog
          texts={assemblyWebMessages.confirmCancel}
          description={assemblyWebMessages.confirmCancel.description(doc.number)}
          requiredMessage={assemblyMessages.reason}
          toasts={toasts}
          cancel={(reason) => assemblyApi.cancel(doc.id, reason)}
          onCancelled={(cancelled) => {
            setConfirming(null);
            changed(cancelled);
          }}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </Sheet>
  );
}

function AssemblyDetails({
  doc,
  canChange,
  serials,
  onSerialsChange,
}: {
  doc: Assembly;
  canChange: boolean;
  serials: Record<number, string[]>;
  onSerialsChange: (itemId: number, serials: string[]) => void;
}) {
  const draft = doc.status === 'draft';
  const facts: DocumentFact[] = [
    [v.type, assemblyTypeLabels[doc.type]],
    [v.documentDate, formatDateUk(doc.documentDate)],
    [v.kit, `${doc.itemName} (${doc.sku})`],
    [v.kitQty, withUnit(formatQty(doc.qty), doc.unitShortName)],
    [v.warehouse, doc.warehouseName],
  ];
  if (draft && doc.type === 'disassembly') facts.push([v.kitAvailable, formatQty(doc.available ?? '0')]);
  if (doc.unitCost !== null) facts.push([v.kitUnitCost, formatMoney(doc.unitCost)]);
  if (doc.value !== null) facts.push([v.kitValue, formatMoney(doc.value)]);
  if (doc.notes) facts.push([v.notes, doc.notes]);
  facts.push(...trailFacts(doc, v));
  const tracked = trackedItems(doc);
  return (
    <div className="grid min-w-0 gap-5">
      {draft && !canChange ? <p className="text-sm text-muted-foreground">{v.readOnlyHint}</p> : null}
      <DocumentFacts facts={facts} />
      <DocumentSection title={v.lines} className="gap-2">
        <div className="min-w-0 overflow-x-auto rounded-lg border">
          <Table aria-label={v.lines} className="min-w-[30rem]">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="w-10">№</TableHead>
                <TableHead>{v.item}</TableHead>
                <TableHead className="text-right">{v.qty}</TableHead>
                {draft ? <TableHead className="text-right">{v.available}</TableHead> : null}
                {!draft ? <TableHead className="text-right whitespace-normal">{v.unitCost}</TableHead> : null}
                {!draft ? <TableHead className="text-right">{v.value}</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {doc.lines.map((line) => {
                const short =
                  draft &&
                  doc.type === 'assembly' &&
                  line.available !== null &&
                  cmp(dec(line.qty), dec(line.available)) > 0;
                return (
                  <TableRow key={line.id}>
                    <TableCell className="tabular-nums">{line.lineNo}</TableCell>
                    <TableCell className="min-w-40">
                      <span className="block">{line.itemName}</span>
                      <span className="block font-mono text-xs text-muted-foreground">{line.sku}</span>
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {withUnit(formatQty(line.qty), line.unitShortName)}
                    </TableCell>
                    {draft ? (
                      <TableCell
                        className={cn(
                          'text-right whitespace-nowrap tabular-nums',
                          short && 'font-medium text-amber-700 dark:text-amber-300',
                        )}
                        title={short ? v.shortHint : undefined}
                      >
                        {line.available === null ? none : formatQty(line.available)}
                        {short ? <span className="sr-only"> ({v.shortHint})</span> : null}
                      </TableCell>
                    ) : (
                      <>
                        <TableCell className="text-right tabular-nums">
                          {line.unitCost === null ? none : formatMoney(line.unitCost)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">
                          {line.value === null ? none : formatMoney(line.value)}
                        </TableCell>
                      </>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      </DocumentSection>
      {tracked.length ? (
        <DocumentSection title={v.serials}>
          {tracked.map((item) => (
            <div key={item.key} className="grid gap-1">
              {draft && canChange ? (
                <p className="text-xs text-muted-foreground">{item.leaving ? v.serialsLeaving : v.serialsArriving}</p>
              ) : null}
              <SerialPicker
                sku={item.sku}
                qty={item.qty}
                value={draft ? (serials[item.itemId] ?? []) : item.serials}
                editable={draft && canChange}
                choices={item.leaving ? { itemId: item.itemId, warehouseId: doc.warehouseId } : null}
                onChange={(next) => onSerialsChange(item.itemId, next)}
              />
            </div>
          ))}
        </DocumentSection>
      ) : null}
    </div>
  );
}
