// The posting dialogs of a manufacturing order (production.md §4 'Issue, backflush, output'): the issue of materials
// (default lines = the remaining requirement, negative = return) and the output (good quantity and serials, picked
// from the allocated ones or scanned). Each one refreshes the page's data after the server agrees.
import { useId, useState } from 'react';
import {
  moIssueLineInputSchema,
  moOutputSchema,
  type MoDetail,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import { cmp, dec, fixed, isNegative, isZero, neg, sub, type Dec } from '@/shared/decimal.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { SerialPicker } from '@/modules/serial-numbers/web/index.ts';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { decimalInput, formatQty } from './manufacturing-parts.tsx';
import { moRequests } from './manufacturing.api.ts';
import { moWebMessages } from './manufacturing.messages.ts';
import { FormDialog, failureOf, postingSummary, useMoMutation } from './mo-actions.tsx';

const a = moWebMessages.actions;

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
  const allocated = mo.serials.filter((s) => s.status === 'allocated').map((s) => s.value);
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
              <SerialPicker
                sku={mo.sku}
                qty={qtyForSerials}
                value={serials}
                editable
                choices={allocated.length ? { serials: allocated } : null}
                onChange={(next) => {
                  setSerials(next);
                  setSerialsError(null);
                }}
              />
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
