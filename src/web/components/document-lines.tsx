// The lines editor of a document's draft form (receipts, transfers, and any document of item lines): from 640 px on
// the lines are rows of a grid under one header, below that each line is a card with its own labels. The section
// (title, the empty state, the column header, 'Додати рядок' and the limit), a line's fieldset, its labelled cells,
// the item cell (any item picker wired to the form) and the remove button; the cells themselves are the module's.
import type { ComponentProps, ReactNode } from 'react';
import { Controller, type FieldPath, type FieldValues, type RefCallBack, type UseFormReturn } from 'react-hook-form';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { pickLineItem, type ItemLinesFormValues } from '@/web/components/document-form.ts';
import { uiMessages } from '@/web/lib/ui.messages.ts';
import { cn } from '@/web/lib/utils.ts';

const lineTexts = uiMessages.documentForm.lines;

/** The editor's own words; a module words only what differs ('Додайте товари…'). */
export type DocumentLinesTexts = {
  [K in keyof typeof lineTexts]: (typeof lineTexts)[K] extends string ? string : (typeof lineTexts)[K];
};

/** A column of the grid's header (from 640 px on); `numeric` ones are right-aligned like their inputs. */
export interface LineColumn {
  label: ReactNode;
  numeric?: boolean;
}

/**
 * The lines section: its title, 'Рядків ще немає' (outlined red while the grid's own error stands), the column header
 * over the rows (`children`, each a DocumentLineRow), the grid's error, 'Додати рядок' and the limit once it is reached.
 * `grid` is the columns of a row from 640 px on, the remove button's last.
 */
export function DocumentLinesEditor({
  formId,
  lines,
  max,
  grid,
  columns,
  texts,
  children,
}: {
  formId: string;
  lines: { fields: readonly unknown[]; rootError: string | undefined; add: () => void };
  max: number;
  grid: string;
  columns: readonly LineColumn[];
  texts?: Partial<DocumentLinesTexts>;
  children: ReactNode;
}) {
  const t = { ...lineTexts, ...texts };
  const count = lines.fields.length;
  const { rootError } = lines;
  const rootId = `${formId}-lines-message`;
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby={`${formId}-lines-title`}>
      <h3 id={`${formId}-lines-title`} className="text-base font-semibold">
        {t.title}
      </h3>
      {count === 0 ? (
        <div
          className={cn(
            'rounded-lg border border-dashed px-4 py-8 text-center',
            rootError && 'border-destructive dark:border-red-400',
          )}
        >
          <p className="font-medium">{t.empty}</p>
          <p className="text-sm text-muted-foreground">{t.emptyHint}</p>
        </div>
      ) : (
        <div className="grid min-w-0 gap-2">
          <div
            className={cn('hidden gap-3 px-3 text-xs font-medium text-muted-foreground sm:grid', grid)}
            aria-hidden="true"
          >
            {columns.map((column, index) => (
              <span key={index} className={column.numeric ? 'text-right' : undefined}>
                {column.label}
              </span>
            ))}
            <span />
          </div>
          <ol className="grid gap-2">{children}</ol>
        </div>
      )}
      <FieldMessage id={rootId} error={rootError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={count >= max}
          aria-describedby={rootError ? rootId : undefined}
          onClick={lines.add}
        >
          <PlusIcon aria-hidden="true" />
          {t.add}
        </Button>
        {count >= max ? <span className="text-xs text-muted-foreground">{t.limit(max)}</span> : null}
      </div>
    </section>
  );
}

/**
 * One line: a card below 640 px, a grid row from there on (`className`: its columns). Its fieldset is named
 * 'Рядок n'; `narrowTitle` shows that name on the card too (a card of many fields).
 */
export function DocumentLineRow({
  number,
  className,
  narrowTitle = false,
  children,
}: {
  number: number;
  className: string;
  narrowTitle?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="rounded-lg border p-3">
      <fieldset className={cn('grid min-w-0 gap-3', className)}>
        <legend className="sr-only">{lineTexts.line(number)}</legend>
        {narrowTitle ? (
          <div className="col-span-2 flex items-center justify-between sm:hidden" aria-hidden="true">
            <span className="text-sm font-semibold">{lineTexts.line(number)}</span>
          </div>
        ) : null}
        {children}
      </fieldset>
    </li>
  );
}

/**
 * A cell of a line: its label (only on the card: the grid's header names the column), the input, and its message —
 * the error, else a `warning` that does not block ('Ціна відрізняється…'), else the `hint`.
 */
export function LineField({
  id,
  label,
  error,
  hint,
  warning,
  className,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  warning?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
      <Label htmlFor={id} className="sm:sr-only">
        {label}
      </Label>
      {children}
      {warning && !error ? (
        <p id={`${id}-message`} role="status" className="text-xs text-amber-700 dark:text-amber-300">
          {warning}
        </p>
      ) : (
        <FieldMessage id={`${id}-message`} error={error} hint={hint} />
      )}
    </div>
  );
}

/** A quantity or a price as typed: a decimal keyboard, right-aligned figures, required unless told otherwise. */
export function LineDecimalInput({ className, ...props }: ComponentProps<typeof Input>) {
  return (
    <Input
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      className={cn('text-right tabular-nums', className)}
      aria-required
      {...props}
    />
  );
}

/**
 * A quantity or price cell bound to `lines.<index>.<name>`: its label, the decimal input and its message (the error,
 * else the `warning`, else the `hint`).
 */
export function LineDecimalField<V extends FieldValues, B>({
  form,
  index,
  name,
  id,
  label,
  error,
  hint,
  warning,
  placeholder,
}: {
  form: UseFormReturn<V, unknown, B>;
  index: number;
  name: string;
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  warning?: string;
  placeholder?: string;
}) {
  return (
    <LineField id={id} label={label} error={error} hint={hint} warning={warning}>
      <LineDecimalInput
        id={id}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        {...form.register(`lines.${index}.${name}` as FieldPath<V>)}
      />
    </LineField>
  );
}

/** The VAT rate cell bound to `lines.<index>.vatRate`: a select of the given rates ('20 %'). */
export function LineVatRateField<V extends FieldValues, B>({
  form,
  index,
  id,
  label,
  error,
  rates,
}: {
  form: UseFormReturn<V, unknown, B>;
  index: number;
  id: string;
  label: string;
  error: string | undefined;
  rates: readonly string[];
}) {
  return (
    <LineField id={id} label={label} error={error}>
      <Controller
        control={form.control}
        name={`lines.${index}.vatRate` as FieldPath<V>}
        render={({ field }) => (
          <Select value={field.value as string} onValueChange={field.onChange}>
            <SelectTrigger
              ref={field.ref}
              id={id}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-message`}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {rates.map((rate) => (
                <SelectItem key={rate} value={rate}>
                  {lineTexts.vatRateOption(rate)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </LineField>
  );
}

/** What a line's item picker is given (the items module's ItemSourcePicker takes these). */
export interface LineItemPickerProps {
  id: string;
  value: number | null;
  onChange: (id: number | null, label: string | null) => void;
  onBlur: () => void;
  pickerRef: RefCallBack;
  error: boolean;
}

/**
 * The line's item: the module's picker (`picker`) bound to `lines.<index>.itemId`; a pick keeps the item's name and
 * drops what was known of the one before (pickLineItem, with the line's own `alsoClear`).
 */
export function LineItemField<V extends ItemLinesFormValues, B>({
  form,
  index,
  id,
  label,
  error,
  hint,
  alsoClear,
  picker,
}: {
  form: UseFormReturn<V, unknown, B>;
  index: number;
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  alsoClear?: readonly string[];
  picker: (props: LineItemPickerProps) => ReactNode;
}) {
  return (
    <LineField id={id} label={label} error={error} hint={hint} className="col-span-2 sm:col-span-1">
      <Controller
        control={form.control}
        name={`lines.${index}.itemId` as FieldPath<V>}
        render={({ field }) => (
          <>
            {picker({
              id,
              value: field.value as number | null,
              onChange: (itemId, itemLabel) => pickLineItem(form, index, { id: itemId, label: itemLabel }, alsoClear),
              onBlur: field.onBlur,
              pickerRef: field.ref,
              error: Boolean(error),
            })}
          </>
        )}
      />
    </LineField>
  );
}

/**
 * 'Видалити рядок n': a bin in the row's last column. `narrowLabel` shows 'Видалити' beside the bin on the card
 * (below 640 px, where the card has room for it).
 */
export function RemoveLineButton({
  number,
  narrowLabel = false,
  className,
  onRemove,
}: {
  number: number;
  narrowLabel?: boolean;
  className?: string;
  onRemove: () => void;
}) {
  return (
    <div className={cn('flex items-start justify-end', className)}>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-10 text-destructive hover:text-destructive sm:w-10 sm:px-0 dark:text-red-400"
        aria-label={lineTexts.remove(number)}
        title={lineTexts.remove(number)}
        onClick={onRemove}
      >
        <Trash2Icon aria-hidden="true" />
        <span className={narrowLabel ? 'sm:sr-only' : 'sr-only'}>{lineTexts.removeShort}</span>
      </Button>
    </div>
  );
}
