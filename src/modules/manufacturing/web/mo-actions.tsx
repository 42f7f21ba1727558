// The dialogs of a manufacturing order's actions (production.md §4 state table): plain confirmations (release,
// unrelease, delete, child orders), the reasoned ones (cancel the order, cancel a posting), and the forms — completion
// ('Завершити з недовипуском', what to do with excess materials) and the foreman's correction of a time entry. The
// issue and output forms are in mo-posting-dialogs.tsx. Each one refreshes the page's data after the server agrees.
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Loader2Icon } from 'lucide-react';
import {
  moActionLabels,
  moCancelSchema,
  moExcessLabels,
  moExcessOptions,
  moMessages,
  moPostingKindLabels,
  timeEntryUpdateSchema,
  type MoDetail,
  type MoExcess,
  type MoPostingResult,
  type MoPostingRow,
  type TimeEntryRow,
  type TimeEntryUpdateInput,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
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
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { ConfirmDialog, FormFailure, decimalInput, formatQty } from './manufacturing-parts.tsx';
import { isMoQuery, moRequests } from './manufacturing.api.ts';
import { moWebMessages } from './manufacturing.messages.ts';
import { MaterialsAvailability } from './mo-availability.tsx';

const a = moWebMessages.actions;

/** A request of this page: on success the page's data refreshes and a toast says what happened. */
export function useMoMutation<T, V = void>(
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
export const postingSummary = (answer: MoPostingResult) =>
  [
    [answer.number, answer.backflushIssue?.number].filter(Boolean).join(', '),
    ...(answer.warnings ?? []),
    ...(answer.completed ? [moMessages.autoCompleted] : []),
  ].join('. ');

export const failureOf = (error: unknown) => (error ? (serverMessageOf(error) ?? a.failed) : null);

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
          return moRequests[action](mo.id);
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
      {action === 'release' ? <MaterialsAvailability short={mo.materialsShort} /> : null}
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
    () => (posting ? moRequests.cancelPosting(posting.id, reason.trim()) : moRequests.cancel(mo.id, reason.trim())),
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
export function FormDialog({
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
