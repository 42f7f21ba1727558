// The counting grid (warehouse.md §8): one row per line, worked by keyboard — type the count, Enter saves it and moves
// to the next row's count. Lines with movements after the snapshot are highlighted for a recount; a blind count hides
// the system quantities. A surplus of an item with no average asks for its unit cost.
import { useRef, useState, type KeyboardEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangleIcon } from 'lucide-react';
import type { Audit, AuditLine } from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { formatMoney, formatQty } from './audit-format.ts';
import { cmp, dec, isNegative, isZero } from '@/shared/decimal.ts';
import { decimalInput } from '@/web/lib/document-format.ts';
import { Input } from '@/web/components/ui/input.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { failureToast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { auditsKeyHead, auditQueryKey, auditsApi } from './inventory-audits.api.ts';
import { auditsWebMessages } from './inventory-audits.messages.ts';
import { AuditSerialsCell } from './audit-serials-cell.tsx';
import { AuditUnitHint, AuditUnitSelect } from './audit-unit-cell.tsx';

const g = auditsWebMessages.grid;
const QTY_INPUT = /^\d+([.,]\d{1,4})?$/;
const COST_INPUT = /^\d+([.,]\d{1,6})?$/;

/** The API's decimal as an input shows it ('12.5000' → '12,5'), empty when there is none. */
const inputOf = (value: string | null) => (value === null ? '' : decimalInput(value));
const toApi = (text: string) => text.trim().replace(',', '.');
/** The count as typed: in its entered unit when it was typed in another one. */
const typedCount = (line: AuditLine) => inputOf(line.enteredUnitId !== null ? line.enteredQty : line.countedQty);

/** The stored count with the unit it was typed in under it ('2 750' / '2,75 кг'). */
function CountedText({ line }: { line: AuditLine }) {
  if (line.countedQty === null) return <span className="tabular-nums">{g.noValue}</span>;
  return (
    <span className="grid justify-items-end tabular-nums">
      {formatQty(line.countedQty)}
      {line.enteredUnitId !== null && line.enteredQty !== null && line.enteredUnitShortName ? (
        <span className="text-xs text-muted-foreground">
          {g.entered(formatQty(line.enteredQty), line.enteredUnitShortName)}
        </span>
      ) : null}
    </span>
  );
}

function VarianceText({ value, money }: { value: string | null; money?: boolean }) {
  if (value === null) return <span className="text-muted-foreground">{g.noValue}</span>;
  const d = dec(value);
  return (
    <span
      className={cn(
        'tabular-nums',
        isNegative(d) && 'text-destructive dark:text-red-400',
        !isNegative(d) && !isZero(d) && 'text-emerald-700 dark:text-emerald-400',
      )}
    >
      {!isNegative(d) && !isZero(d) ? '+' : ''}
      {money ? formatMoney(value) : formatQty(value)}
    </span>
  );
}

export function AuditLinesGrid({
  audit,
  lines,
  editable,
  showSystem,
  linesKey,
}: {
  audit: Audit;
  lines: readonly AuditLine[];
  /** Counting, and the user may change audits. */
  editable: boolean;
  /** Show the system quantities and variances (false while a blind count is under way). */
  showSystem: boolean;
  /** The query key of the shown lines, to update a saved line in place. */
  linesKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  /** The unit each row's count is being typed in, where it was changed (null: the stock unit). */
  const [unitDrafts, setUnitDrafts] = useState<Record<number, number | null>>({});
  const sending = useRef(new Map<number, string | null>());
  const unitOf = (line: AuditLine) => (line.id in unitDrafts ? unitDrafts[line.id]! : line.enteredUnitId);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const posted = audit.status === 'posted' || (audit.status === 'cancelled' && audit.postedAt !== null);

  function adopt(saved: AuditLine) {
    queryClient.setQueryData<AuditLine[]>(linesKey, (current) =>
      current?.map((line) => (line.id === saved.id ? saved : line)),
    );
    // The other filters and the header's progress and totals.
    void queryClient.invalidateQueries({
      predicate: (q) =>
        q.queryKey[0] === auditsKeyHead &&
        q.queryKey[1] === audit.id &&
        (q.queryKey.length === 2 || JSON.stringify(q.queryKey) !== JSON.stringify(linesKey)),
    });
    void queryClient.invalidateQueries({ queryKey: auditQueryKey(audit.id), exact: true });
  }

  const save = useMutation({
    mutationFn: ({
      line,
      body,
    }: {
      line: AuditLine;
      body: { countedQty?: string | null; unitId?: number | null; unitCost?: string | null; serials?: string[] };
    }) =>
      body.serials
        ? auditsApi.countSerials(audit.id, line.id, body.serials)
        : 'countedQty' in body
          ? auditsApi.count(audit.id, line.id, body.countedQty ?? null, body.unitId ?? null)
          : auditsApi.updateLine(audit.id, line.id, body),
    onSettled: (_data, _error, { line }) => sending.current.delete(line.id),
    onSuccess: (saved) => {
      setDrafts((current) => {
        const next = { ...current };
        delete next[saved.id];
        return next;
      });
      setUnitDrafts((current) => {
        const next = { ...current };
        delete next[saved.id];
        return next;
      });
      adopt(saved);
    },
    onError: failureToast(g.saveFailed),
  });

  /**
   * Saves the row's typed count (in its unit: `unit`, else the row's) when it differs from the stored one; answers
   * false when the text is not a number.
   */
  function commit(line: AuditLine, unit: number | null = unitOf(line)): boolean {
    const text = drafts[line.id];
    if (text === undefined) return true;
    // Another unit chosen and nothing typed in it yet: the stored count stays.
    if (text.trim() === '' && unit !== line.enteredUnitId) return true;
    const trimmed = text.trim();
    if (trimmed !== '' && !QTY_INPUT.test(trimmed)) {
      setErrors((current) => ({ ...current, [line.id]: g.badNumber }));
      return false;
    }
    setErrors((current) => {
      const next = { ...current };
      delete next[line.id];
      return next;
    });
    const value = trimmed === '' ? null : toApi(trimmed);
    const stored = line.enteredUnitId !== null ? line.enteredQty : line.countedQty;
    const same =
      value === null
        ? line.countedQty === null
        : unit === line.enteredUnitId && stored !== null && sameDecimal(value, stored);
    // Enter then the blur of leaving the field must not send the same count twice.
    const key = value === null ? null : `${value} ${unit ?? ''}`;
    if (same || (sending.current.has(line.id) && sending.current.get(line.id) === key)) return true;
    sending.current.set(line.id, key);
    save.mutate({ line, body: { countedQty: value, unitId: unit } });
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    const line = lines[index]!;
    if (event.key === 'Enter' || event.key === 'ArrowDown') {
      event.preventDefault();
      if (!commit(line)) return;
      const next = inputs.current[index + 1];
      if (next) {
        next.focus();
        next.select();
      }
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (!commit(line)) return;
      const previous = inputs.current[index - 1];
      previous?.focus();
      previous?.select();
    } else if (event.key === 'Escape') {
      setDrafts((current) => {
        const next = { ...current };
        delete next[line.id];
        return next;
      });
    }
  }

  if (!lines.length) return null;

  return (
    <div className="min-w-0 overflow-x-auto">
      <Table aria-label={g.label} className="min-w-[44rem]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-10">{g.no}</TableHead>
            <TableHead>{g.item}</TableHead>
            {showSystem ? (
              <>
                <TableHead className="text-right">{g.snapshot}</TableHead>
                <TableHead className="text-right">{posted ? g.expected : g.onHand}</TableHead>
              </>
            ) : null}
            <TableHead className="w-32 text-right">{g.counted}</TableHead>
            {showSystem ? (
              <>
                <TableHead className="text-right">{g.variance}</TableHead>
                <TableHead className="text-right">{g.value}</TableHead>
              </>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line, index) => {
            const text = drafts[line.id] ?? typedCount(line);
            const error = errors[line.id];
            const needsCost =
              editable &&
              line.avgCost === null &&
              line.variance !== null &&
              !isNegative(dec(line.variance)) &&
              !isZero(dec(line.variance));
            return (
              <TableRow
                key={line.id}
                data-moved={line.movedSinceSnapshot ? true : undefined}
                className={cn(line.movedSinceSnapshot && 'bg-amber-500/10 hover:bg-amber-500/15')}
              >
                <TableCell className="align-top tabular-nums">{index + 1}</TableCell>
                <TableCell className="min-w-52 align-top">
                  <span className="block">{line.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {g.sku(line.sku)}
                    {line.unitShortName ? ` · ${line.unitShortName}` : ''}
                  </span>
                  {line.movedSinceSnapshot ? (
                    <span
                      className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-500/20 px-2 py-0.5 text-xs font-medium text-amber-900 dark:text-amber-200"
                      title={g.movedHint}
                    >
                      <AlertTriangleIcon className="size-3" aria-hidden="true" />
                      {g.moved}
                    </span>
                  ) : null}
                  {needsCost ? (
                    <CostInput line={line} onSave={(unitCost) => save.mutate({ line, body: { unitCost } })} />
                  ) : null}
                </TableCell>
                {showSystem ? (
                  <>
                    <TableCell className="text-right align-top tabular-nums">
                      {line.snapshotQty === null ? g.noValue : formatQty(line.snapshotQty)}
                    </TableCell>
                    <TableCell className="text-right align-top tabular-nums">
                      {formatQty(posted && line.expectedQty !== null ? line.expectedQty : line.onHand)}
                    </TableCell>
                  </>
                ) : null}
                <TableCell className="text-right align-top">
                  {line.serialTracking ? (
                    <>
                      <span className="tabular-nums">
                        {line.countedQty === null ? g.noValue : formatQty(line.countedQty)}
                      </span>
                      <AuditSerialsCell
                        line={line}
                        editable={editable}
                        showSystem={showSystem}
                        pending={save.isPending}
                        onSave={(serials) => save.mutate({ line, body: { serials } })}
                      />
                    </>
                  ) : editable ? (
                    <div className="grid justify-items-end gap-1">
                      <Input
                        ref={(element) => {
                          inputs.current[index] = element;
                        }}
                        inputMode="decimal"
                        autoComplete="off"
                        aria-label={g.countedOf(line.sku)}
                        aria-invalid={error ? true : undefined}
                        title={g.enterHint}
                        className="h-9 w-28 text-right tabular-nums"
                        value={text}
                        onChange={(event) => setDrafts((current) => ({ ...current, [line.id]: event.target.value }))}
                        onKeyDown={(event) => onKeyDown(event, index)}
                        onBlur={() => commit(line)}
                        onFocus={(event) => event.target.select()}
                      />
                      <AuditUnitSelect
                        line={line}
                        value={unitOf(line)}
                        onChange={(unit) => {
                          setUnitDrafts((current) => ({ ...current, [line.id]: unit }));
                          // A count typed already is saved in the new unit; else the count is typed afresh in it.
                          if (drafts[line.id] !== undefined) commit(line, unit);
                          else setDrafts((current) => ({ ...current, [line.id]: '' }));
                        }}
                      />
                      <AuditUnitHint line={line} unitId={unitOf(line)} text={text} />
                      {error ? (
                        <span role="alert" className="text-xs text-destructive dark:text-red-400">
                          {error}
                        </span>
                      ) : null}
                    </div>
                  ) : (
                    <CountedText line={line} />
                  )}
                </TableCell>
                {showSystem ? (
                  <>
                    <TableCell className="text-right align-top">
                      <VarianceText value={line.variance} />
                    </TableCell>
                    <TableCell className="text-right align-top whitespace-nowrap">
                      <VarianceText value={line.varianceValue} money />
                    </TableCell>
                  </>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

const sameDecimal = (a: string, b: string) => cmp(dec(a), dec(b)) === 0;

/** The unit cost a surplus of an item with no average needs; saved on Enter or when leaving the field. */
function CostInput({ line, onSave }: { line: AuditLine; onSave: (unitCost: string | null) => void }) {
  const [text, setText] = useState(inputOf(line.unitCost));
  const [error, setError] = useState<string | null>(null);
  function commit() {
    const trimmed = text.trim();
    if (trimmed !== '' && !COST_INPUT.test(trimmed)) {
      setError(g.badNumber);
      return;
    }
    setError(null);
    const value = trimmed === '' ? null : toApi(trimmed);
    if (value === null ? line.unitCost !== null : line.unitCost === null || !sameDecimal(value, line.unitCost))
      onSave(value);
  }
  return (
    <label className="mt-2 grid max-w-48 gap-1 text-xs">
      <span className="text-muted-foreground">{g.unitCost}</span>
      <Input
        inputMode="decimal"
        autoComplete="off"
        aria-label={g.unitCostOf(line.sku)}
        aria-invalid={error ? true : undefined}
        className="h-8 text-right tabular-nums"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      {error ? (
        <span role="alert" className="text-destructive dark:text-red-400">
          {error}
        </span>
      ) : null}
    </label>
  );
}
