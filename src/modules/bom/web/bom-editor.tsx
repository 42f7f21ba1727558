// The BOM editor (production.md §1): name, output quantity, status and notes, and the lines — component picker,
// quantity in any unit of the component's unit type (the server converts it to the stock unit), scrap %, designators.
// Checked with the contract's own schema before sending; the server's field errors come back onto the same inputs.
// From 768 px the lines are grid rows under one header; below that each line is a card with its own labels.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PlusIcon, SaveIcon, Trash2Icon } from 'lucide-react';
import {
  bomCreateSchema,
  bomStatusLabels,
  bomUpdateSchema,
  MAX_BOM_LINES,
  type Bom,
  type BomItemRow,
  type BomUnit,
} from '@/modules/bom/bom.contract.ts';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { decimalInput } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { BomItemPicker } from './bom-item-picker.tsx';
import { bomApi, bomUnitsQueryKey, refreshBoms } from './bom.api.ts';
import { bomWebMessages } from './bom.messages.ts';

const e = bomWebMessages.editor;
const GRID = 'md:grid-cols-[minmax(0,1fr)_6.5rem_6rem_5.5rem_minmax(0,10rem)_2.5rem]';

export interface EditorLine {
  key: string;
  id: number | null;
  componentItemId: number | null;
  label: string | null;
  stockUnitId: number | null;
  stockUnitShortName: string | null;
  unitId: number | null;
  qty: string;
  scrapPercent: string;
  designators: string;
  notes: string | null;
}

export interface EditorValues {
  name: string;
  outputQty: string;
  status: 'draft' | 'active';
  notes: string;
  lines: EditorLine[];
}

let lineSeq = 0;
const newKey = () => `line-${++lineSeq}`;

export const emptyLine = (): EditorLine => ({
  key: newKey(),
  id: null,
  componentItemId: null,
  label: null,
  stockUnitId: null,
  stockUnitShortName: null,
  unitId: null,
  qty: '',
  scrapPercent: '0',
  designators: '',
  notes: null,
});

export function editorValuesOf(bom: Bom | null): EditorValues {
  if (!bom) return { name: 'Основна', outputQty: '1', status: 'draft', notes: '', lines: [emptyLine()] };
  return {
    name: bom.name,
    outputQty: decimalInput(bom.outputQty),
    status: bom.status === 'active' ? 'active' : 'draft',
    notes: bom.notes ?? '',
    lines: bom.lines.map((l) => ({
      key: newKey(),
      id: l.id,
      componentItemId: l.componentItemId,
      label: `${l.name} (${l.sku})`,
      stockUnitId: l.unitId,
      stockUnitShortName: l.unitShortName,
      unitId: l.enteredUnitId ?? l.unitId,
      qty: decimalInput(l.enteredQty ?? l.qty),
      scrapPercent: decimalInput(l.scrapPercent),
      designators: l.designators ?? '',
      notes: l.notes,
    })),
  };
}

/** The body the contract expects, from what was typed. */
export function editorBody(values: EditorValues) {
  return {
    name: values.name,
    outputQty: values.outputQty,
    status: values.status,
    notes: values.notes,
    lines: values.lines.map((l) => ({
      ...(l.id ? { id: l.id } : {}),
      componentItemId: l.componentItemId,
      qty: l.qty,
      unitId: l.unitId,
      scrapPercent: l.scrapPercent === '' ? '0' : l.scrapPercent,
      designators: l.designators,
      notes: l.notes,
    })),
  };
}

type Errors = Record<string, string>;

/** The schema's issues as 'lines.0.qty' → message (the first per field). */
function issuesOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

export function BomEditor({
  itemId,
  bom,
  onSaved,
  onCancel,
}: {
  itemId: number;
  /** null: a new BOM of the item. */
  bom: Bom | null;
  onSaved: (saved: Bom) => void;
  onCancel: () => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<EditorValues>(() => editorValuesOf(bom));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const units = useQuery<BomUnit[]>({ queryKey: bomUnitsQueryKey, staleTime: 5 * 60_000 });

  const save = useMutation({
    mutationFn: async () => {
      const body = editorBody(values);
      if (bom) {
        const parsed = bomUpdateSchema.safeParse({ ...body, version: bom.version });
        if (!parsed.success) throw new ValidationFailure(issuesOf(parsed.error.issues));
        return bomApi.update(bom.id, parsed.data);
      }
      const parsed = bomCreateSchema.safeParse({ ...body, itemId });
      if (!parsed.success) throw new ValidationFailure(issuesOf(parsed.error.issues));
      return bomApi.create(parsed.data);
    },
    onMutate: () => {
      setFailure(null);
      setErrors({});
    },
    onSuccess: (saved) => {
      toast({ title: bom ? e.saved : e.created, description: saved.name });
      void refreshBoms(queryClient);
      onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ValidationFailure) {
        setErrors(error.errors);
        setFailure(e.fixErrors);
        return;
      }
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(serverMessageOf(error) ?? e.saveFailed);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  /** A changed input no longer shows the error it had. */
  const clearErrors = (...keys: string[]) =>
    setErrors((current) =>
      keys.some((k) => k in current)
        ? Object.fromEntries(Object.entries(current).filter(([k]) => !keys.includes(k)))
        : current,
    );

  const setLine = (index: number, change: Partial<EditorLine>) => {
    setValues((v) => ({ ...v, lines: v.lines.map((l, i) => (i === index ? { ...l, ...change } : l)) }));
    const keys = Object.keys(change).map((k) => `lines.${index}.${k}`);
    if ('componentItemId' in change) keys.push(`lines.${index}.unitId`, `lines.${index}.id`, 'lines');
    clearErrors(...keys);
  };

  function pick(index: number, row: BomItemRow) {
    setLine(index, {
      componentItemId: row.id,
      label: `${row.name} (${row.sku})`,
      stockUnitId: row.unitId,
      stockUnitShortName: row.unitShortName,
      unitId: row.unitId,
    });
  }

  const field = (name: string) => ({
    id: `${formId}-${name.replace(/\./g, '-')}`,
    error: errors[name],
  });

  const headerField = (
    name: 'name' | 'outputQty',
    label: string,
    extra: { placeholder?: string; decimal?: boolean },
  ) => {
    const { id, error } = field(name);
    return (
      <div className="grid content-start gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          value={values[name]}
          placeholder={extra.placeholder}
          inputMode={extra.decimal ? 'decimal' : undefined}
          className={cn(extra.decimal && 'text-right tabular-nums')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          onChange={(event) => {
            setValues((v) => ({ ...v, [name]: event.target.value }));
            clearErrors(name);
          }}
        />
        <FieldMessage id={`${id}-message`} error={error} />
      </div>
    );
  };

  const statusField = field('status');
  const notesField = field('notes');
  const linesError = errors.lines;

  return (
    <form
      className="grid min-w-0 gap-4"
      noValidate
      onSubmit={submit}
      aria-label={bom ? e.editTitle(bom.name) : e.createTitle}
    >
      <h3 className="text-base font-semibold">{bom ? e.editTitle(bom.name) : e.createTitle}</h3>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_12rem_12rem]">
        {headerField('name', e.name, { placeholder: e.namePlaceholder })}
        {headerField('outputQty', e.outputQty, { decimal: true })}
        <div className="grid content-start gap-1.5">
          <Label htmlFor={statusField.id}>{e.status}</Label>
          <Select
            value={values.status}
            onValueChange={(status) => setValues((v) => ({ ...v, status: status as EditorValues['status'] }))}
          >
            <SelectTrigger id={statusField.id} aria-invalid={statusField.error ? true : undefined}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(['draft', 'active'] as const).map((s) => (
                <SelectItem key={s} value={s}>
                  {bomStatusLabels[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldMessage id={`${statusField.id}-message`} error={statusField.error} />
        </div>
      </div>

      <section className="grid min-w-0 gap-2" aria-labelledby={`${formId}-lines`}>
        <h4 id={`${formId}-lines`} className="text-sm font-semibold">
          {e.lines}
        </h4>
        <div
          className={cn('hidden gap-3 px-3 text-xs font-medium text-muted-foreground md:grid', GRID)}
          aria-hidden="true"
        >
          <span>{e.component}</span>
          <span className="text-right">{e.qty}</span>
          <span>{e.unit}</span>
          <span className="text-right">{e.scrap}</span>
          <span>{e.designators}</span>
          <span />
        </div>
        <ol className="grid gap-2">
          {values.lines.map((line, index) => (
            <LineFields
              key={line.key}
              formId={formId}
              index={index}
              line={line}
              itemId={itemId}
              units={units.data ?? []}
              errors={errors}
              onPick={(row) => pick(index, row)}
              onChange={(change) => setLine(index, change)}
              onRemove={() => setValues((v) => ({ ...v, lines: v.lines.filter((_, i) => i !== index) }))}
            />
          ))}
        </ol>
        <FieldMessage id={`${formId}-lines-message`} error={linesError} />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={values.lines.length >= MAX_BOM_LINES}
            onClick={() => setValues((v) => ({ ...v, lines: [...v.lines, emptyLine()] }))}
          >
            <PlusIcon aria-hidden="true" />
            {e.addLine}
          </Button>
          {values.lines.length >= MAX_BOM_LINES ? (
            <span className="text-xs text-muted-foreground">{e.linesLimit(MAX_BOM_LINES)}</span>
          ) : null}
        </div>
      </section>

      <div className="grid gap-1.5">
        <Label htmlFor={notesField.id}>{e.notes}</Label>
        <Textarea
          id={notesField.id}
          rows={2}
          value={values.notes}
          aria-invalid={notesField.error ? true : undefined}
          onChange={(event) => setValues((v) => ({ ...v, notes: event.target.value }))}
        />
        <FieldMessage id={`${notesField.id}-message`} error={notesField.error} />
      </div>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" disabled={save.isPending} onClick={onCancel}>
          {e.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SaveIcon aria-hidden="true" />
          )}
          {save.isPending ? e.saving : e.save}
        </Button>
      </div>
    </form>
  );
}

class ValidationFailure extends Error {
  readonly errors: Errors;
  constructor(errors: Errors) {
    super('validation');
    this.errors = errors;
  }
}

function LineFields({
  formId,
  index,
  line,
  itemId,
  units,
  errors,
  onPick,
  onChange,
  onRemove,
}: {
  formId: string;
  index: number;
  line: EditorLine;
  itemId: number;
  units: readonly BomUnit[];
  errors: Errors;
  onPick: (row: BomItemRow) => void;
  onChange: (change: Partial<EditorLine>) => void;
  onRemove: () => void;
}) {
  const number = index + 1;
  const at = (name: string) => `lines.${index}.${name}`;
  const idOf = (name: string) => `${formId}-line-${index}-${name}`;
  const stockUnit = units.find((u) => u.id === line.stockUnitId);
  const choices = stockUnit ? units.filter((u) => u.type === stockUnit.type) : [];
  const componentError = errors[at('componentItemId')] ?? errors[at('id')];

  const textField = (
    name: 'qty' | 'scrapPercent' | 'designators',
    label: string,
    opts: { decimal?: boolean; placeholder?: string },
  ) => {
    const id = idOf(name);
    const error = errors[at(name)];
    return (
      <div className="grid min-w-0 content-start gap-1.5">
        <Label htmlFor={id} className="md:sr-only">
          {label}
        </Label>
        <Input
          id={id}
          value={line[name]}
          inputMode={opts.decimal ? 'decimal' : undefined}
          placeholder={opts.placeholder}
          autoComplete="off"
          className={cn(opts.decimal && 'text-right tabular-nums')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          onChange={(event) => onChange({ [name]: event.target.value })}
        />
        <FieldMessage id={`${id}-message`} error={error} />
      </div>
    );
  };

  const unitId = idOf('unitId');
  const unitError = errors[at('unitId')];

  return (
    <li className="rounded-lg border p-3">
      <fieldset className={cn('grid min-w-0 grid-cols-2 gap-3', GRID)}>
        <legend className="sr-only">{e.line(number)}</legend>
        <span className="col-span-2 text-sm font-semibold md:hidden" aria-hidden="true">
          {e.line(number)}
        </span>
        <div className="col-span-2 grid min-w-0 content-start gap-1.5 md:col-span-1">
          <Label htmlFor={idOf('component')} className="md:sr-only">
            {e.component}
          </Label>
          <BomItemPicker
            id={idOf('component')}
            value={line.componentItemId}
            valueLabel={line.label}
            exceptId={itemId}
            placeholder={e.componentPlaceholder}
            aria-label={`${e.component} ${number}`}
            aria-invalid={componentError ? true : undefined}
            aria-describedby={`${idOf('component')}-message`}
            aria-required
            onChange={onPick}
          />
          <FieldMessage
            id={`${idOf('component')}-message`}
            error={componentError}
            hint={line.stockUnitShortName ? e.stockUnit(line.stockUnitShortName) : undefined}
          />
        </div>
        {textField('qty', e.qty, { decimal: true, placeholder: '0' })}
        <div className="grid min-w-0 content-start gap-1.5">
          <Label htmlFor={unitId} className="md:sr-only">
            {e.unit}
          </Label>
          <Select
            value={line.unitId ? String(line.unitId) : undefined}
            disabled={!choices.length}
            onValueChange={(value) => onChange({ unitId: Number(value) })}
          >
            <SelectTrigger id={unitId} aria-label={`${e.unit} ${number}`} aria-invalid={unitError ? true : undefined}>
              <SelectValue placeholder={line.stockUnitShortName ?? '—'} />
            </SelectTrigger>
            <SelectContent>
              {choices.map((u) => (
                <SelectItem key={u.id} value={String(u.id)}>
                  {u.shortName}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldMessage id={`${unitId}-message`} error={unitError} />
        </div>
        {textField('scrapPercent', e.scrap, { decimal: true, placeholder: '0' })}
        <div className="col-span-2 min-w-0 md:col-span-1">
          {textField('designators', e.designators, { placeholder: e.designatorsPlaceholder })}
        </div>
        <div className="col-span-2 flex items-start justify-end md:col-span-1">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-10 text-destructive hover:text-destructive md:w-10 md:px-0 dark:text-red-400"
            aria-label={e.removeLine(number)}
            title={e.removeLine(number)}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
