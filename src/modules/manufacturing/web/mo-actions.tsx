// The dialogs of a manufacturing order's actions (production.md §4 state table): plain confirmations (release,
// unrelease, delete, child orders), the reasoned ones (cancel the order, cancel a posting), and the forms — issue of
// materials (default lines = the remaining requirement, negative = return), output (good quantity and serials, picked
// from the allocated ones or scanned), completion ('Завершити з недовипуском', what to do with excess materials) and
// the foreman's correction of a time entry. Each one refreshes the page's data after the server agrees.
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Loader2Icon } from 'lucide-react';
import {
  moActionLabels,
  moCancelSchema,
  moExcessLabels,
  moExcessOptions,
  moIssueLineInputSchema,
  moOutputSchema,
  moPostingKindLabels,
  timeEntryUpdateSchema,
  type MoDetail,
  type MoExcess,
  type MoPostingResult,
  type MoPostingRow,
  type TimeEntryRow,
  type TimeEntryUpdateInput,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import { cmp, dec, fixed, isNegative, isZero, neg, sub, type Dec } from '@/shared/decimal.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { SerialsInput } from '@/web/components/serials-input.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
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
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { ConfirmDialog, FormFailure, decimalInput, formatQty } from './manufacturing-parts.tsx';
import { isMoQuery, moRequests } from './manufacturing.api.ts';
import { moWebMessages } from './manufacturing.messages.ts';

const a = moWebMessages.actions;

/** A request of this page: on success the page's data refreshes and a toast says what happened. */
function useMoMutation<T, V = void>(
  request: (variables: V) => Promise<T>,
  {
    done,
    description,
    onSuccess,
  }: { done: string; description?: (answer: T) => string | undefined; onSuccess: (answer: T) => void },
) {
  const queryClient = useQueryClient();
  return useMutation<T, Error, V>({
    mutationFn: request,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ predicate: isMoQuery });
      toast({ title: done, description: description?.(answer) });
      onSuccess(answer);
    },
  });
}

/** The posting's number, the backflush issue posted with it, and the server's warnings (under-issued materials). */
const postingSummary = (answer: MoPostingResult) =>
  [[answer.number, answer.backflushIssue?.number].filter(Boolean).join(', '), ...(answer.warnings ?? [])].join('. ');

const failureOf = (error: unknown) => (error ? (serverMessageOf(error) ?? a.failed) : null);

export type SimpleAction = 'release' | 'unrelease' | 'delete' | 'childOrders';

/** Release, unrelease, delete and child orders: one question, one request. */
export function SimpleActionDialog({
  mo,
  action,
  onDone,
  onDeleted,
}: {
  mo: MoDetail;
  action: SimpleAction;
  onDone: () => void;
  onDeleted: () => void;
}) {
  const run = useMoMutation<unknown>(
    () => {
      switch (action) {
        case 'delete':
          return moRequests.remove(mo.id);
        case 'childOrders':
          return moRequests.childOrders(mo.id);
        default:
          return moRequests.action(mo.id, action);
      }
    },
    {
      done: a.done[action],
      description: (answer) =>
        action === 'childOrders' && Array.isArray(answer)
          ? a.childOrders.created((answer as { number: string }[]).map((c) => c.number))
          : mo.number,
      onSuccess: () => {
        onDone();
        if (action === 'delete') onDeleted();
      },
    },
  );
  const texts: Record<SimpleAction, [string, string, string]> = {
    release: [a.release.title, a.release.description, moActionLabels.release],
    unrelease: [a.unrelease.title, a.unrelease.description, moActionLabels.unrelease],
    delete: [a.delete.title, a.delete.description(mo.number), moWebMessages.drawer.delete],
    childOrders: [a.childOrders.title, a.childOrders.description, a.childOrders.confirm],
  };
  const [title, description, confirm] = texts[action];
  const failure = failureOf(run.error);
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={confirm}
      cancelLabel={a.keep}
      pending={run.isPending}
      destructive={action === 'delete'}
      onConfirm={() => run.mutate()}
      onClose={onDone}
    >
      {failure ? <FormFailure>{failure}</FormFailure> : null}
    </ConfirmDialog>
  );
}

/** A reason is required: cancelling the order, or cancelling one of its postings. */
export function ReasonDialog({
  mo,
  posting,
  onDone,
}: {
  mo: MoDetail;
  /** Absent: the order itself is cancelled. */
  posting?: MoPostingRow;
  onDone: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const texts = posting ? a.cancelPosting : a.cancel;
  const run = useMoMutation<unknown>(
    () =>
      posting
        ? moRequests.cancelPosting(posting.id, reason.trim())
        : moRequests.action(mo.id, 'cancel', { reason: reason.trim() }),
    {
      done: posting ? a.done.cancelPosting : a.done.cancel,
      description: () => posting?.number ?? mo.number,
      onSuccess: onDone,
    },
  );
  function confirm() {
    const parsed = moCancelSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? texts.reason);
      return;
    }
    setError(null);
    run.mutate();
  }
  const failure = failureOf(run.error);
  return (
    <ConfirmDialog
      title={posting ? a.cancelPosting.title(posting.number) : a.cancel.title}
      description={
        posting
          ? `${moPostingKindLabels[posting.kind]} ${posting.number}. ${a.cancelPosting.description}`
          : a.cancel.description
      }
      confirmLabel={posting ? moActionLabels.cancelPosting : moActionLabels.cancel}
      cancelLabel={a.keep}
      pending={run.isPending}
      destructive
      onConfirm={confirm}
      onClose={onDone}
    >
      <div className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>
            {texts.reason}
            <span className="text-destructive dark:text-red-400" aria-hidden="true">
              *
            </span>
          </Label>
          <Textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={500}
            placeholder={texts.reasonPlaceholder}
            value={reason}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-reason-message`}
            onChange={(event) => {
              setReason(event.target.value);
              if (error) setError(null);
            }}
          />
          <FieldMessage id={`${id}-reason-message`} error={error ?? undefined} />
        </div>
        {failure ? <FormFailure>{failure}</FormFailure> : null}
      </div>
    </ConfirmDialog>
  );
}

/** The frame of a form dialog: title, description, body, failure, and the two buttons. */
function FormDialog({
  title,
  description,
  submitLabel,
  pending,
  failure,
  wide,
  children,
  onSubmit,
  onClose,
}: {
  title: string;
  description: ReactNode;
  submitLabel: string;
  pending: boolean;
  failure: string | null;
  wide?: boolean;
  children: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent
        className={`max-h-[95vh] gap-5 overflow-y-auto p-4 sm:p-6 ${wide ? 'sm:max-w-3xl' : 'sm:max-w-lg'}`}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid min-w-0 gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <fieldset disabled={pending} className="grid min-w-0 gap-4">
            {children}
          </fieldset>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={onClose}>
              {moWebMessages.form.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const positiveOrZero = (value: Dec) => (isNegative(value) ? dec(0) : value);
const DECIMAL_TYPED = /^-?\d+([.,]\d+)?$/;

interface IssueRow {
  moMaterialId: number;
  itemId: number;
  sku: string;
  name: string;
  unit: string | null;
  remaining: string;
  issued: string;
  available: string;
  qty: string;
}

/** 'Видати матеріали': one line per material, the remaining requirement by default; − returns. */
export function IssueDialog({ mo, onDone }: { mo: MoDetail; onDone: () => void }) {
  const id = useId();
  const [rows, setRows] = useState<IssueRow[]>(() =>
    mo.materials.map((mat) => {
      const remaining = positiveOrZero(sub(dec(mat.requiredQty), dec(mat.issuedQty)));
      return {
        moMaterialId: mat.id,
        itemId: mat.itemId,
        sku: mat.sku,
        name: mat.itemName,
        unit: mat.unitShortName,
        remaining: fixed(remaining, 4),
        issued: mat.issuedQty,
        available: mat.availableQty,
        qty: decimalInput(fixed(remaining, 4)),
      };
    }),
  );
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const run = useMoMutation(
    (body: { lines: { moMaterialId: number; itemId: number; qty: string }[]; notes: string | null }) =>
      moRequests.issue(mo.id, body),
    { done: a.done.issue, description: postingSummary, onSuccess: onDone },
  );

  function submit() {
    const next: Record<number, string> = {};
    const lines: { moMaterialId: number; itemId: number; qty: string }[] = [];
    for (const row of rows) {
      const typed = row.qty.trim().replace(/\s/g, '');
      if (typed === '' || (DECIMAL_TYPED.test(typed) && isZero(dec(typed.replace(',', '.'))))) continue;
      const parsed = moIssueLineInputSchema.safeParse({
        moMaterialId: row.moMaterialId,
        itemId: row.itemId,
        qty: typed,
      });
      if (!parsed.success) {
        next[row.moMaterialId] = parsed.error.issues[0]?.message ?? a.failed;
        continue;
      }
      const qty = dec(parsed.data.qty);
      if (isNegative(qty) && cmp(neg(qty), dec(row.issued)) > 0) {
        next[row.moMaterialId] = a.issue.returnTooMuch(row.name, formatQty(row.issued));
        continue;
      }
      lines.push({ moMaterialId: row.moMaterialId, itemId: row.itemId, qty: parsed.data.qty });
    }
    setErrors(next);
    if (Object.keys(next).length) {
      setFormError(null);
      return;
    }
    if (!lines.length) {
      setFormError(a.issue.nothing);
      return;
    }
    setFormError(null);
    run.mutate({ lines, notes: notes.trim() || null });
  }

  return (
    <FormDialog
      title={a.issue.title}
      description={a.issue.description(mo.materialsWarehouseName)}
      submitLabel={a.issue.submit}
      pending={run.isPending}
      failure={formError ?? failureOf(run.error)}
      wide
      onSubmit={submit}
      onClose={onDone}
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{a.issue.noMaterials}</p>
      ) : (
        <div className="min-w-0 overflow-x-auto rounded-lg border">
          <Table aria-label={a.issue.title} className="min-w-[34rem]">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{a.issue.item}</TableHead>
                <TableHead className="text-right">{a.issue.remaining}</TableHead>
                <TableHead className="text-right">{a.issue.issued}</TableHead>
                <TableHead className="text-right">{a.issue.available}</TableHead>
                <TableHead className="w-36">{a.issue.qty}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => {
                const inputId = `${id}-qty-${row.moMaterialId}`;
                const error = errors[row.moMaterialId];
                const returning = row.qty.trim().startsWith('-');
                return (
                  <TableRow key={row.moMaterialId}>
                    <TableCell className="min-w-40">
                      <span className="block">{row.name}</span>
                      <span className="block text-xs text-muted-foreground">{row.sku}</span>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatQty(row.remaining)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatQty(row.issued)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatQty(row.available)}</TableCell>
                    <TableCell>
                      <Label htmlFor={inputId} className="sr-only">
                        {a.issue.qtyOf(row.name)}
                      </Label>
                      <div className="flex items-center gap-1">
                        <Input
                          id={inputId}
                          inputMode="decimal"
                          autoComplete="off"
                          className="text-right"
                          value={row.qty}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={`${inputId}-message`}
                          onChange={(event) => {
                            const qty = event.target.value;
                            setRows((current) =>
                              current.map((r) => (r.moMaterialId === row.moMaterialId ? { ...r, qty } : r)),
                            );
                          }}
                        />
                        {row.unit ? <span className="text-xs text-muted-foreground">{row.unit}</span> : null}
                      </div>
                      <FieldMessage
                        id={`${inputId}-message`}
                        error={error}
                        hint={returning ? a.issue.returnHint : undefined}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-notes`}>{a.issue.notes}</Label>
        <Textarea
          id={`${id}-notes`}
          rows={2}
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>
    </FormDialog>
  );
}

/** 'Випустити продукцію': the good quantity and, for a serial-tracked item, which serials. */
export function OutputDialog({ mo, onDone }: { mo: MoDetail; onDone: () => void }) {
  const id = useId();
  const left = positiveOrZero(sub(dec(mo.qty), dec(mo.producedQty)));
  const [goodQty, setGoodQty] = useState(isZero(left) ? '' : decimalInput(fixed(left, 4)));
  const [mode, setMode] = useState<'auto' | 'pick'>('auto');
  const [serials, setSerials] = useState<string[]>([]);
  const [qtyError, setQtyError] = useState<string | null>(null);
  const [serialsError, setSerialsError] = useState<string | null>(null);
  const run = useMoMutation((body: { goodQty: string; serials?: string[] }) => moRequests.output(mo.id, body), {
    done: a.done.output,
    description: postingSummary,
    onSuccess: onDone,
  });
  const allocated = mo.serials.filter((s) => s.status === 'allocated' && !serials.includes(s.value));
  const typedQty = goodQty.trim().replace(',', '.');
  const qtyForSerials = /^\d+(\.\d+)?$/.test(typedQty) ? typedQty : '0';

  function submit() {
    const picking = mo.serialTracking && mode === 'pick';
    const parsed = moOutputSchema.safeParse({ goodQty, ...(picking ? { serials } : {}) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'goodQty') {
        setQtyError(issue.message);
        return;
      }
    }
    setQtyError(null);
    if (!parsed.success) return;
    if (picking && cmp(dec(serials.length), dec(parsed.data.goodQty)) !== 0) {
      setSerialsError(a.output.serialsCount(formatQty(parsed.data.goodQty), serials.length));
      return;
    }
    setSerialsError(null);
    run.mutate(picking ? { goodQty: parsed.data.goodQty, serials } : { goodQty: parsed.data.goodQty });
  }

  return (
    <FormDialog
      title={a.output.title}
      description={a.output.description(mo.outputWarehouseName)}
      submitLabel={a.output.submit}
      pending={run.isPending}
      failure={failureOf(run.error)}
      onSubmit={submit}
      onClose={onDone}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-good`}>
          {a.output.goodQty}
          <span className="text-destructive dark:text-red-400" aria-hidden="true">
            *
          </span>
        </Label>
        <Input
          id={`${id}-good`}
          inputMode="decimal"
          autoComplete="off"
          value={goodQty}
          aria-required
          aria-invalid={qtyError ? true : undefined}
          aria-describedby={`${id}-good-message`}
          onChange={(event) => {
            setGoodQty(event.target.value);
            if (qtyError) setQtyError(null);
          }}
        />
        <FieldMessage
          id={`${id}-good-message`}
          error={qtyError ?? undefined}
          hint={a.output.goodHint(formatQty(fixed(left, 4)))}
        />
      </div>
      {mo.serialTracking ? (
        <fieldset className="grid gap-3 rounded-lg border p-3">
          <legend className="px-1 text-sm font-medium">{a.output.serialsTitle}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(
              [
                ['auto', a.output.serialsAuto],
                ['pick', a.output.serialsPick],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={value}
                  checked={mode === value}
                  className="size-4 accent-primary"
                  onChange={() => setMode(value)}
                />
                {label}
              </label>
            ))}
          </div>
          {mode === 'pick' ? (
            <div className="grid gap-3">
              <SerialsInput
                sku={mo.sku}
                qty={qtyForSerials}
                value={serials}
                editable
                onChange={(next) => {
                  setSerials(next);
                  setSerialsError(null);
                }}
              />
              {allocated.length ? (
                <div className="grid gap-1.5">
                  <p className="text-xs text-muted-foreground">{a.output.allocated}</p>
                  <ul className="flex max-h-32 flex-wrap gap-1.5 overflow-y-auto">
                    {allocated.map((s) => (
                      <li key={s.id}>
                        <button
                          type="button"
                          className="rounded-md border px-2 py-0.5 font-mono text-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50"
                          aria-label={a.output.addSerial(s.value)}
                          disabled={cmp(dec(serials.length), dec(qtyForSerials)) >= 0}
                          onClick={() => setSerials((current) => [...current, s.value])}
                        >
                          {s.value}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {serialsError ? (
                <p role="alert" className="text-sm text-destructive dark:text-red-400">
                  {serialsError}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}
    </FormDialog>
  );
}

/** 'Завершити': the short confirmation when produced < planned, and the choice for excess materials. */
export function CompleteDialog({ mo, onDone }: { mo: MoDetail; onDone: () => void }) {
  const id = useId();
  const short = cmp(dec(mo.producedQty), dec(mo.qty)) < 0;
  const [confirmShort, setConfirmShort] = useState(false);
  const [excess, setExcess] = useState<MoExcess | null>(null);
  const [shortError, setShortError] = useState<string | null>(null);
  const [excessError, setExcessError] = useState<string | null>(null);
  const run = useMoMutation(
    () =>
      moRequests.complete(mo.id, {
        ...(short ? { confirmShort: true } : {}),
        ...(excess ? { excess } : {}),
      }),
    { done: a.done.complete, description: () => mo.number, onSuccess: onDone },
  );
  const produced = formatQty(mo.producedQty);
  const qty = formatQty(mo.qty);

  function confirm() {
    const needShort = short && !confirmShort;
    const needExcess = mo.excessLines.length > 0 && excess === null;
    setShortError(needShort ? a.complete.shortRequired : null);
    setExcessError(needExcess ? a.complete.excessRequired : null);
    if (needShort || needExcess) return;
    run.mutate();
  }
  const failure = failureOf(run.error);

  return (
    <ConfirmDialog
      title={a.complete.title}
      description={a.complete.description(produced, qty)}
      confirmLabel={short ? moActionLabels.confirmShort : a.complete.submit}
      cancelLabel={a.keep}
      pending={run.isPending}
      onConfirm={confirm}
      onClose={onDone}
    >
      <div className="grid gap-4">
        {short ? (
          <div className="grid gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3">
            <p className="text-sm">{a.complete.short(produced, qty)}</p>
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${id}-short`}
                checked={confirmShort}
                aria-invalid={shortError ? true : undefined}
                aria-describedby={`${id}-short-message`}
                onCheckedChange={(checked) => {
                  setConfirmShort(checked === true);
                  setShortError(null);
                }}
              />
              <Label htmlFor={`${id}-short`}>{a.complete.confirmShort}</Label>
            </div>
            <FieldMessage id={`${id}-short-message`} error={shortError ?? undefined} />
          </div>
        ) : null}
        {mo.excessLines.length ? (
          <fieldset className="grid gap-2 rounded-md border p-3" aria-describedby={`${id}-excess-message`}>
            <legend className="px-1 text-sm font-medium">{a.complete.excessTitle}</legend>
            <p className="text-sm text-muted-foreground">{a.complete.excessHint}</p>
            <ul className="grid gap-0.5 text-sm">
              {mo.excessLines.map((line) => (
                <li key={line.moMaterialId} className="flex justify-between gap-2">
                  <span>{line.itemName}</span>
                  <span className="tabular-nums">{formatQty(line.qty)}</span>
                </li>
              ))}
            </ul>
            <div className="grid gap-2 sm:grid-cols-2">
              {moExcessOptions.map((option) => (
                <label key={option} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-excess`}
                    value={option}
                    checked={excess === option}
                    className="size-4 accent-primary"
                    onChange={() => {
                      setExcess(option);
                      setExcessError(null);
                    }}
                  />
                  {moExcessLabels[option]}
                </label>
              ))}
            </div>
            <FieldMessage id={`${id}-excess-message`} error={excessError ?? undefined} />
          </fieldset>
        ) : null}
        {failure ? <FormFailure>{failure}</FormFailure> : null}
      </div>
    </ConfirmDialog>
  );
}

const toLocalInput = (iso: string | null) => (iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : '');
const fromLocalInput = (local: string) => (local ? new Date(local).toISOString() : null);

/** The foreman's correction of a time entry (audited on the server). */
export function TimeEntryDialog({ entry, onDone }: { entry: TimeEntryRow; onDone: () => void }) {
  const id = useId();
  const t = a.timeEntry;
  const [values, setValues] = useState({
    startedAt: toLocalInput(entry.startedAt),
    endedAt: toLocalInput(entry.endedAt),
    goodQty: decimalInput(entry.goodQty),
    scrapQty: decimalInput(entry.scrapQty),
    scrapReason: entry.scrapReason ?? '',
    reason: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = useMoMutation((body: TimeEntryUpdateInput) => moRequests.updateTimeEntry(entry.id, body), {
    done: a.done.timeEntry,
    description: () => entry.workerName,
    onSuccess: onDone,
  });

  function submit() {
    const next: Record<string, string> = {};
    if (!values.startedAt) next.startedAt = t.startRequired;
    if (values.startedAt && values.endedAt && new Date(values.endedAt) <= new Date(values.startedAt)) {
      next.endedAt = t.endAfterStart;
    }
    const body: TimeEntryUpdateInput = {};
    const startedAt = fromLocalInput(values.startedAt);
    const endedAt = fromLocalInput(values.endedAt);
    if (values.startedAt !== toLocalInput(entry.startedAt) && startedAt) body.startedAt = startedAt;
    if (values.endedAt !== toLocalInput(entry.endedAt)) body.endedAt = endedAt;
    if (values.goodQty !== decimalInput(entry.goodQty)) body.goodQty = values.goodQty;
    if (values.scrapQty !== decimalInput(entry.scrapQty)) body.scrapQty = values.scrapQty;
    if (values.scrapReason !== (entry.scrapReason ?? '')) body.scrapReason = values.scrapReason;
    if (values.reason.trim()) body.reason = values.reason;
    const parsed = timeEntryUpdateSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'reason');
        next[key] ??= issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    run.mutate(body);
  }

  const input = (name: keyof typeof values, label: string, props: Record<string, unknown> = {}) => (
    <div className="grid min-w-0 content-start gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-message`}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        {...props}
      />
      <FieldMessage id={`${id}-${name}-message`} error={errors[name]} />
    </div>
  );

  return (
    <FormDialog
      title={t.title}
      description={t.description(entry.workerName)}
      submitLabel={t.submit}
      pending={run.isPending}
      failure={failureOf(run.error)}
      onSubmit={submit}
      onClose={onDone}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {input('startedAt', t.startedAt, { type: 'datetime-local' })}
        {input('endedAt', t.endedAt, { type: 'datetime-local' })}
        {input('goodQty', t.goodQty, { inputMode: 'decimal', autoComplete: 'off' })}
        {input('scrapQty', t.scrapQty, { inputMode: 'decimal', autoComplete: 'off' })}
      </div>
      {input('scrapReason', t.scrapReason, { maxLength: 300 })}
      {input('reason', t.reason, { maxLength: 500 })}
    </FormDialog>
  );
}
