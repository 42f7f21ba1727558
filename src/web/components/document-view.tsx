// The parts of a document shown as it is (a posted or cancelled one, a draft in a drawer or to a reader): the
// status's tone and the description of a draft, posted or cancelled document, the facts of its header with the trail
// (posted, cancelled, why, notes), a titled section, the print button, the name of a record the document gives only
// by id, and 'Скасувати' with its required reason.
import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { PrinterIcon } from 'lucide-react';
import { cmp, dec } from '@/shared/decimal.ts';
import { ReasonDialog } from '@/web/components/document-actions.tsx';
import type { StatusTone } from '@/web/components/document-parts.tsx';
import { lineQtyText } from '@/web/components/document-unit-select.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatMoney, formatQty, formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';

/** The life of a posted document: a draft, then posted, perhaps cancelled (reversed). */
export type PostingStatus = 'draft' | 'posted' | 'cancelled';

export const postingStatusTones: Record<PostingStatus, StatusTone> = {
  draft: 'amber',
  posted: 'emerald',
  cancelled: 'struck',
};

/** What the dates of a document's life are. */
export interface PostingTrail {
  status: PostingStatus;
  postedAt: string | null;
  cancelledAt: string | null;
}

/** The description under a document's title: by its status, with when it was posted or cancelled; `none` without one. */
export function postingDescription(
  doc: PostingTrail | undefined,
  texts: { none: string; draft: string; posted: (at: string) => string; cancelled: (at: string) => string },
): string {
  if (doc?.status === 'draft') return texts.draft;
  if (doc?.status === 'posted') return texts.posted(formatTimestampUk(doc.postedAt ?? ''));
  if (doc?.status === 'cancelled') return texts.cancelled(formatTimestampUk(doc.cancelledAt ?? ''));
  return texts.none;
}

/** A fact of the document's header: its label and value. */
export type DocumentFact = [label: string, value: ReactNode];

/** The end of a document's facts: when it was posted and cancelled, why, and its notes — each only when there is one. */
export function trailFacts(
  doc: PostingTrail & { cancelReason: string | null; notes: string | null },
  texts: { postedAt: string; cancelledAt: string; cancelReason: string; notes: string },
): DocumentFact[] {
  const facts: DocumentFact[] = [];
  if (doc.postedAt) facts.push([texts.postedAt, formatTimestampUk(doc.postedAt)]);
  if (doc.cancelledAt) facts.push([texts.cancelledAt, formatTimestampUk(doc.cancelledAt)]);
  if (doc.cancelReason) facts.push([texts.cancelReason, doc.cancelReason]);
  if (doc.notes) facts.push([texts.notes, doc.notes]);
  return facts;
}

/** The document's header as label–value pairs; `className` sets its columns ('sm:grid-cols-2'). */
export function DocumentFacts({
  facts,
  className = 'sm:grid-cols-2',
}: {
  facts: readonly DocumentFact[];
  className?: string;
}) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-3', className)}>
      {facts.map(([label, value]) => (
        <div key={label} className="grid min-w-0 gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-sm break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A part of the document under its own heading (its lines, its serials), named by it; `hint` under the heading. */
export function DocumentSection({
  title,
  hint,
  className = 'gap-3',
  children,
}: {
  title: string;
  hint?: ReactNode;
  /** The gap between its parts. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={cn('grid min-w-0', className)} aria-label={title}>
      <h3 className="text-base font-semibold">{title}</h3>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      {children}
    </section>
  );
}

/** A quantity with its unit after it ('12 шт'), or alone when the unit is not known. */
export const withUnit = (qty: string, unit: string | null) => (unit ? `${qty} ${unit}` : qty);

/** A line of stock that a document moves: the item, its quantity, what is available now and what it moved at. */
export interface MovedLine {
  id: number;
  lineNo: number;
  itemName: string;
  sku: string;
  qty: string;
  unitShortName: string | null;
  available: string | null;
  unitCost: string | null;
  value: string | null;
  /** A line typed in another unit: as typed, shown beside the stock quantity ('2,5 кг (= 2 500 г)'). */
  enteredQty?: string;
  enteredUnitId?: number | null;
  enteredUnitShortName?: string | null;
}

/**
 * The lines of a document that moves stock: a draft with the quantity available now (a line asking for more is
 * marked when `markShort`), a posted or cancelled one with the cost each line moved at.
 */
export function MovedLinesTable({
  lines,
  draft,
  markShort,
  texts,
  none,
}: {
  lines: readonly MovedLine[];
  draft: boolean;
  markShort: boolean;
  texts: {
    lines: string;
    item: string;
    qty: string;
    available: string;
    unitCost: string;
    value: string;
    shortHint: string;
  };
  /** What an unknown value reads as. */
  none: string;
}) {
  return (
    <div className="min-w-0 overflow-x-auto rounded-lg border">
      <Table aria-label={texts.lines} className="min-w-[30rem]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-10">№</TableHead>
            <TableHead>{texts.item}</TableHead>
            <TableHead className="text-right">{texts.qty}</TableHead>
            {draft ? <TableHead className="text-right">{texts.available}</TableHead> : null}
            {!draft ? <TableHead className="text-right whitespace-normal">{texts.unitCost}</TableHead> : null}
            {!draft ? <TableHead className="text-right">{texts.value}</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => {
            const short = draft && markShort && line.available !== null && cmp(dec(line.qty), dec(line.available)) > 0;
            return (
              <TableRow key={line.id}>
                <TableCell className="tabular-nums">{line.lineNo}</TableCell>
                <TableCell className="min-w-40">
                  <span className="block">{line.itemName}</span>
                  <span className="block font-mono text-xs text-muted-foreground">{line.sku}</span>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {lineQtyText({
                    ...line,
                    enteredQty: line.enteredQty ?? line.qty,
                    enteredUnitId: line.enteredUnitId ?? null,
                    enteredUnitShortName: line.enteredUnitShortName ?? null,
                  })}
                </TableCell>
                {draft ? (
                  <TableCell
                    className={cn(
                      'text-right whitespace-nowrap tabular-nums',
                      short && 'font-medium text-amber-700 dark:text-amber-300',
                    )}
                    title={short ? texts.shortHint : undefined}
                  >
                    {line.available === null ? none : formatQty(line.available)}
                    {short ? <span className="sr-only"> ({texts.shortHint})</span> : null}
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
  );
}

/** 'Друк': the document's printed form (a PDF) in a new tab. */
export function PrintButton({ url, label }: { url: string; label: string }) {
  return (
    <Button type="button" variant="outline" onClick={() => window.open(url, '_blank')}>
      <PrinterIcon aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * The name of a record the document gives only by id (a company, a pre-filled warehouse), asked of its lookup
 * (`lookupUrl`: the resource engine's lookupBase(route)); `known` when the form has it already.
 */
export function useLookupLabel(lookupUrl: string, id: number | null, known: string | null = null): string | null {
  const query = useQuery<{ id: number; label: string }[]>({
    queryKey: [lookupUrl, { ids: String(id) }],
    enabled: id !== null && known === null,
  });
  if (id === null) return null;
  return known ?? query.data?.find((item) => item.id === id)?.label ?? null;
}

/**
 * 'Скасувати' a posted document: the reason is required (`requiredMessage`, the contract's own words), then the
 * reversal is asked for; the dialog stays open until the server answers and shows its refusal under the reason.
 */
export function CancelDocumentDialog<T extends { number: string }>({
  texts,
  description,
  requiredMessage,
  toasts,
  cancel,
  onCancelled,
  onClose,
}: {
  texts: { title: string; confirm: string; cancel: string; reason: string; reasonPlaceholder: string };
  description: ReactNode;
  requiredMessage: string;
  toasts: { cancelled: string; cancelFailed: string };
  cancel: (reason: string) => Promise<T>;
  onCancelled: (cancelled: T) => void;
  onClose: () => void;
}) {
  const mutation = useMutation({
    mutationFn: cancel,
    onSuccess: (cancelled) => {
      toast({ title: toasts.cancelled, description: cancelled.number });
      onCancelled(cancelled);
    },
  });
  const failure = mutation.error ? (serverMessageOf(mutation.error) ?? toasts.cancelFailed) : null;

  return (
    <ReasonDialog
      title={texts.title}
      description={description}
      confirmLabel={texts.confirm}
      cancelLabel={texts.cancel}
      pending={mutation.isPending}
      reasonLabel={texts.reason}
      placeholder={texts.reasonPlaceholder}
      requiredMessage={requiredMessage}
      error={failure ?? undefined}
      onConfirm={(reason) => mutation.mutate(reason)}
      onClose={onClose}
    />
  );
}
