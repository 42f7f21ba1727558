// The document drawer of an assembly or disassembly (production.md §8): the kit, its quantity and warehouse, the
// component lines (a draft with the warehouse's available quantity now, a posted one with the cost each moved at),
// the serials of serial-tracked items, and the actions in the toolkit's DocumentActionBar — 'Провести' (primary),
// 'Редагувати', and in 'Ще' 'Видалити' for a draft; 'Скасувати' (with a reason) for a posted one.
import { useState, type ReactNode } from 'react';
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
import { DocumentDrawer, useDocumentDrawer } from '@/web/components/document-drawer.tsx';
import { StatusBadge } from '@/web/components/document-parts.tsx';
import {
  DocumentFacts,
  DocumentSection,
  MovedLinesTable,
  postingDescription,
  postingStatusTones,
  trailFacts,
  withUnit,
  type DocumentFact,
} from '@/web/components/document-view.tsx';
import { formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { assemblyApi, assemblyQueryKey, isAssemblyListQuery } from './assembly.api.ts';
import { assemblyWebMessages } from './assembly.messages.ts';

const v = assemblyWebMessages.view;
const toasts = assemblyWebMessages.toast;

export function AssemblyStatusBadge({ status }: { status: AssemblyStatus }) {
  return <StatusBadge label={assemblyStatusLabels[status]} tone={postingStatusTones[status]} />;
}

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
  /** The serials typed or scanned for the draft's serial-tracked items, by item (sent with 'Провести'). */
  const [serials, setSerials] = useState<Record<number, string[]>>({});
  const drawer = useDocumentDrawer<Assembly>({
    queryKey: assemblyQueryKey(assemblyId),
    isListQuery: isAssemblyListQuery,
    toasts,
    post: (d) =>
      assemblyApi.post(
        d.id,
        d.version,
        trackedItems(d)
          .filter((item) => (serials[item.itemId] ?? []).length)
          .map((item) => ({ itemId: item.itemId, serials: serials[item.itemId]! })),
      ),
    remove: (d) => assemblyApi.remove(d.id),
    onClose,
  });
  const { doc, busy, setConfirming, setFailure } = drawer;

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

  function actionsOf(d: Assembly): ReactNode {
    if (!canChange) return null;
    if (d.status === 'draft') {
      const primary: DocumentAction = {
        id: 'post',
        label: v.post,
        icon: <CheckCheckIcon aria-hidden="true" />,
        pending: drawer.post.isPending,
        disabled: busy,
        onSelect: () => askToPost(d),
      };
      const edit: DocumentAction = {
        id: 'edit',
        label: v.edit,
        icon: <PencilIcon aria-hidden="true" />,
        disabled: busy,
        onSelect: () => onEdit(d),
      };
      const remove: DocumentAction = {
        id: 'delete',
        label: v.delete,
        icon: <Trash2Icon aria-hidden="true" />,
        destructive: true,
        disabled: busy,
        onSelect: () => setConfirming('delete'),
      };
      return <DocumentActionBar primary={primary} secondary={[edit]} more={[remove]} />;
    }
    if (d.status === 'posted') {
      const cancel: DocumentAction = {
        id: 'cancel',
        label: v.cancel,
        icon: <BanIcon aria-hidden="true" />,
        destructive: true,
        onSelect: () => setConfirming('cancel'),
      };
      return <DocumentActionBar primary={null} secondary={[]} more={[cancel]} />;
    }
    return null;
  }

  return (
    <DocumentDrawer
      state={drawer}
      title={doc ? `${assemblyTypeLabels[doc.type]} ${doc.number}` : assemblyWebMessages.title}
      status={doc ? <AssemblyStatusBadge status={doc.status} /> : null}
      description={postingDescription(doc, {
        none: v.loading,
        draft: v.draftDescription,
        posted: v.postedDescription,
        cancelled: v.cancelledDescription,
      })}
      loadTexts={{ ...v, retry: assemblyWebMessages.retry }}
      footer={actionsOf}
      confirmPost={(d) => ({
        title: assemblyWebMessages.confirmPost.title[d.type],
        description: assemblyWebMessages.confirmPost.description[d.type](formatQty(d.qty), d.itemName),
        confirm: assemblyWebMessages.confirmPost.confirm,
        cancel: assemblyWebMessages.confirmPost.cancel,
      })}
      cancel={(d) => ({
        texts: assemblyWebMessages.confirmCancel,
        description: assemblyWebMessages.confirmCancel.description(d.number),
        requiredMessage: assemblyMessages.reason,
        toasts,
        cancel: (reason) => assemblyApi.cancel(d.id, reason),
      })}
    >
      {(d) => (
        <AssemblyDetails
          doc={d}
          canChange={canChange}
          serials={serials}
          onSerialsChange={(itemId, next) => setSerials((all) => ({ ...all, [itemId]: next }))}
        />
      )}
    </DocumentDrawer>
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
        <MovedLinesTable
          lines={doc.lines}
          draft={draft}
          markShort={doc.type === 'assembly'}
          texts={v}
          none={assemblyWebMessages.none}
        />
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
