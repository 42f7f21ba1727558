// The header fields of a document's form (receipts, transfers, any document form): each input's id under the form's
// own id, its aria (invalid, described by its message, required), and the labelled box around it — the label with
// '*' when required, the input, its error or hint.
import type { ReactNode } from 'react';
import type { FieldErrors, FieldPath, FieldValues } from 'react-hook-form';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { uiMessages } from '@/web/lib/ui.messages.ts';
import { cn } from '@/web/lib/utils.ts';

/** How a field's box is laid out: '*' after a required one's label, a hint under it, its place in the grid. */
export interface FieldBoxOptions {
  required?: boolean;
  hint?: string;
  className?: string;
}

/** A labelled field: the label ('*' when required), the input (`children`), its error or hint. */
export function FormField({
  id,
  label,
  error,
  required = false,
  hint,
  className,
  children,
}: FieldBoxOptions & { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className={cn('grid min-w-0 content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span
            className="text-destructive dark:text-red-400"
            title={uiMessages.documentForm.required}
            aria-hidden="true"
          >
            *
          </span>
        ) : null}
      </Label>
      {children}
      <FieldMessage id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}

/**
 * The fields of the form `formId`: `idOf` a field's id, `errorOf` its message, `aria` what its input carries, and
 * `box` the labelled FormField around an input.
 */
export function formFields<V extends FieldValues>(formId: string, errors: FieldErrors<V>) {
  const idOf = (name: string) => `${formId}-${name}`;
  const errorOf = (name: FieldPath<V>) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const aria = (name: FieldPath<V>, required = false) =>
    ({
      id: idOf(name),
      'aria-invalid': errorOf(name) ? true : undefined,
      'aria-describedby': `${idOf(name)}-message`,
      'aria-required': required ? true : undefined,
    }) as const;
  const box = (
    name: FieldPath<V>,
    label: string,
    input: ReactNode,
    { required, hint, className }: FieldBoxOptions = {},
  ) => (
    <FormField
      id={idOf(name)}
      label={label}
      error={errorOf(name)}
      required={required}
      hint={hint}
      className={className}
    >
      {input}
    </FormField>
  );
  return { idOf, errorOf, aria, box };
}
