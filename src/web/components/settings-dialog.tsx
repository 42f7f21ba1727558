// The gear dialog of a page's settings (domain README §10: settings are edited on the owning page), once (issue 20):
// `SettingsDialog` is the shell — title, description, the settings loading, their load error — and hands the loaded
// settings to the module's fields; `SettingsForm` (inside it) is the form — the save request with its pending state,
// the server's error line, the toast, Cancel and Save; `SettingsSwitch` and `SettingsNumberField` are the two kinds
// of field these dialogs have. The module keeps its fields' state, its texts and its API calls.
import { createContext, use, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
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
import { Switch } from '@/web/components/ui/switch.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';

/** What a settings dialog says; the module keeps these in its messages. */
export interface SettingsDialogTexts {
  title: string;
  description: string;
  loading: string;
  /**
   * With `retry`: settings that failed to load show this (with the server's reason) and a retry button. Without
   * them the dialog shows the server's reason, or `failed`, as an error line.
   */
  loadError?: string;
  retry?: string;
  /** The toast after a save. */
  saved: string;
  /** The error line when a save failed and the server gave no reason. */
  failed: string;
  cancel: string;
  save: string;
}

interface SettingsContext {
  texts: SettingsDialogTexts;
  queryKey: QueryKey;
  onClose: () => void;
}

const SettingsDialogContext = createContext<SettingsContext | null>(null);

/**
 * The dialog: loads the settings at `queryKey` (by default dropped from the cache when it closes, so every opening
 * reads them again) and renders `children(settings)` once they are there — a component of the module's own that
 * keeps its fields' state and renders a `SettingsForm`.
 */
export function SettingsDialog<T>({
  texts,
  queryKey,
  cache = { gcTime: 0 },
  className,
  onClose,
  children,
}: {
  texts: SettingsDialogTexts;
  queryKey: QueryKey;
  cache?: { gcTime?: number; staleTime?: number };
  /** Added to the dialog's content, e.g. its width ('sm:max-w-md'). */
  className?: string;
  onClose: () => void;
  children: (settings: T) => ReactNode;
}) {
  const query = useQuery<T>({ queryKey, ...cache });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={cn('gap-5 p-4 sm:p-6', className)}>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        {query.data ? (
          <SettingsDialogContext value={{ texts, queryKey, onClose }}>{children(query.data)}</SettingsDialogContext>
        ) : query.isError ? (
          texts.loadError && texts.retry ? (
            <StateMessage>
              <ListLoadError
                error={query.error}
                message={texts.loadError}
                retryText={texts.retry}
                onRetry={query.refetch}
              />
            </StateMessage>
          ) : (
            <FormFailure>{serverMessageOf(query.error) ?? texts.failed}</FormFailure>
          )
        ) : (
          <StateMessage>
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
            <span role="status">{texts.loading}</span>
          </StateMessage>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** What `submit` of a `SettingsForm` returns: the change to send, a message for the error line, or null. */
export type SettingsSubmit<P> = P | string | null;

/**
 * The form of a `SettingsDialog`. On Save it asks `submit` for the change: null — a field is wrong and says so itself;
 * a string — shown in the error line; an empty change — the dialog closes without a request; otherwise `save` sends it,
 * the answer replaces the cached settings, the queries `invalidates` picks are refreshed, the toast says `saved` and
 * the dialog closes. A failed save shows the server's reason (or `failed`) and hands the server's field errors to
 * `fieldErrors`.
 */
export function SettingsForm<P extends object>({
  save,
  submit,
  invalidates,
  fieldErrors,
  submitOnEnter = true,
  failurePlacement = 'bottom',
  children,
}: {
  save: (patch: P) => Promise<unknown>;
  submit: () => SettingsSubmit<P>;
  /** The queries the saved settings change (their rows, statuses), refreshed after a save. */
  invalidates?: (query: Query) => boolean;
  /** Where the server's error of a field goes, by the field's name: `{ days: setDaysError }`. */
  fieldErrors?: Record<string, (message: string) => void>;
  /** False: Enter in a field does not save (a form of many text fields); only the Save button does. */
  submitOnEnter?: boolean;
  /** Where the error line stands: above the fields or above the buttons. */
  failurePlacement?: 'top' | 'bottom';
  children: ReactNode;
}) {
  const context = use(SettingsDialogContext);
  if (!context) throw new Error('SettingsForm is rendered by the children of a SettingsDialog');
  const { texts, queryKey, onClose } = context;
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      if (invalidates) void queryClient.invalidateQueries({ predicate: invalidates });
      toast({ title: texts.saved });
      onClose();
    },
    onError: (err) => {
      setFailure(serverMessageOf(err) ?? texts.failed);
      const fields = err instanceof ApiError ? err.fields : undefined;
      for (const [name, show] of Object.entries(fieldErrors ?? {})) {
        const message = fields?.[name];
        if (message) show(message);
      }
    },
  });

  function onSubmit(event?: FormEvent) {
    event?.preventDefault();
    setFailure(null);
    const patch = submit();
    if (patch === null) return;
    if (typeof patch === 'string') {
      setFailure(patch);
      return;
    }
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    mutation.mutate(patch);
  }

  const failureLine = failure ? <FormFailure>{failure}</FormFailure> : null;
  const body = (
    <>
      {failurePlacement === 'top' ? failureLine : null}
      {children}
      {failurePlacement === 'bottom' ? failureLine : null}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={mutation.isPending} onClick={onClose}>
          {texts.cancel}
        </Button>
        <Button
          type={submitOnEnter ? 'submit' : 'button'}
          disabled={mutation.isPending}
          onClick={submitOnEnter ? undefined : () => onSubmit()}
        >
          {mutation.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {texts.save}
        </Button>
      </DialogFooter>
    </>
  );
  return submitOnEnter ? (
    <form className="grid gap-5" noValidate onSubmit={onSubmit}>
      {body}
    </form>
  ) : (
    <div className="grid gap-5">{body}</div>
  );
}

/** A yes/no setting: its label and hint on the left (the hint describes the switch), the switch on the right. */
export function SettingsSwitch({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} aria-describedby={`${id}-hint`} onCheckedChange={onCheckedChange} />
    </div>
  );
}

/** A number typed as text (the module checks it on Save): the label, the input, and its error or hint under it. */
export function SettingsNumberField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  inputMode = 'numeric',
  className,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'numeric' | 'decimal';
  /** Added to the input, e.g. its width. */
  className?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode={inputMode}
        autoComplete="off"
        className={className}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldMessage id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}

/** A line of text (an address, a user name, a folder): the label and the input. */
export function SettingsTextField({
  id,
  label,
  value,
  onChange,
  placeholder,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * A password the server keeps and never shows (write-only): empty while the user types none, which keeps the saved
 * one; the placeholder says whether one is saved (`placeholders.saved`) or not (`placeholders.none`).
 */
export function SettingsSecretField({
  id,
  label,
  value,
  onChange,
  saved,
  placeholders,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  saved: boolean;
  placeholders: { saved: string; none: string };
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete="new-password"
        value={value}
        placeholder={saved ? placeholders.saved : placeholders.none}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * Dates typed one a line as people write them (дд.мм.рррр): the ISO dates ascending, each once, or the first wrong
 * line's number. Blank lines are skipped.
 */
export function parseDateLines(text: string): { dates: string[] } | { badLine: number } {
  const dates = new Set<string>();
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(line);
    const iso = match ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : '';
    const day = new Date(`${iso}T00:00:00Z`);
    if (!match || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== iso) return { badLine: index + 1 };
    dates.add(iso);
  }
  return { dates: [...dates].sort() };
}

/** ISO dates shown one a line as дд.мм.рррр (the text `parseDateLines` reads back). */
export const dateLines = (dates: readonly string[]) =>
  dates.map((d) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`).join('\n');

/** A list of dates, one a line (holidays): `parseDateLines` reads what it holds. */
export function SettingsDateListField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={4}
        autoComplete="off"
        className="max-w-48 font-mono tabular-nums"
        placeholder="01.01.2027"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldMessage id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}

/** The keys of `T` whose values are of type `V`. */
type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;

/** A setting of a declared settings dialog: a yes/no switch, or a whole number from 0 to `max`. */
export type DeclaredSetting<T> =
  | { kind: 'switch'; key: KeysOf<T, boolean>; label: string; hint: string }
  | { kind: 'whole'; key: KeysOf<T, number>; label: string; hint: string; max: number; error: string };

/**
 * A settings dialog made of switches and whole numbers only, declared by `fields` (in their order): each starts
 * from the loaded settings; Save checks the numbers (each names its own error) and sends only what changed.
 */
export function DeclaredSettingsDialog<T extends object, P extends object>({
  texts,
  queryKey,
  fields,
  save,
  invalidates,
  onClose,
}: {
  texts: SettingsDialogTexts;
  queryKey: QueryKey;
  fields: readonly DeclaredSetting<T>[];
  save: (patch: P) => Promise<unknown>;
  invalidates?: (query: Query) => boolean;
  onClose: () => void;
}) {
  return (
    <SettingsDialog<T> texts={texts} queryKey={queryKey} className="sm:max-w-md" onClose={onClose}>
      {(settings) => (
        <DeclaredSettingsFields settings={settings} fields={fields} save={save} invalidates={invalidates} />
      )}
    </SettingsDialog>
  );
}

function DeclaredSettingsFields<T extends object, P extends object>({
  settings,
  fields,
  save,
  invalidates,
}: {
  settings: T;
  fields: readonly DeclaredSetting<T>[];
  save: (patch: P) => Promise<unknown>;
  invalidates?: (query: Query) => boolean;
}) {
  const id = useId();
  const stored = settings as Record<string, unknown>;
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(
      fields.map((field) => [
        field.key,
        field.kind === 'switch' ? Boolean(stored[field.key]) : String(stored[field.key]),
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const setValue = (key: string, value: string | boolean) => setValues((all) => ({ ...all, [key]: value }));
  const setError = (key: string) => (message: string | undefined) => setErrors((all) => ({ ...all, [key]: message }));

  function submit(): SettingsSubmit<P> {
    const patch: Record<string, unknown> = {};
    const wrong: Record<string, string> = {};
    for (const field of fields) {
      const value = values[field.key];
      if (field.kind === 'switch') {
        if (value !== stored[field.key]) patch[field.key] = value;
        continue;
      }
      const text = String(value).trim();
      if (!new RegExp(`^\\d{1,${String(field.max).length}}$`).test(text) || Number(text) > field.max) {
        wrong[field.key] = field.error;
      } else if (Number(text) !== stored[field.key]) {
        patch[field.key] = Number(text);
      }
    }
    setErrors(wrong);
    return Object.keys(wrong).length ? null : (patch as P);
  }

  const numbers = fields.filter((field) => field.kind === 'whole');
  return (
    <SettingsForm
      save={save}
      submit={submit}
      invalidates={invalidates}
      fieldErrors={Object.fromEntries(numbers.map((field) => [field.key, setError(field.key)]))}
    >
      {fields.map((field) =>
        field.kind === 'switch' ? (
          <SettingsSwitch
            key={field.key}
            id={`${id}-${field.key}`}
            label={field.label}
            hint={field.hint}
            checked={values[field.key] === true}
            onCheckedChange={(checked) => setValue(field.key, checked)}
          />
        ) : (
          <SettingsNumberField
            key={field.key}
            id={`${id}-${field.key}`}
            label={field.label}
            hint={field.hint}
            error={errors[field.key]}
            value={String(values[field.key])}
            onChange={(value) => setValue(field.key, value)}
          />
        ),
      )}
    </SettingsForm>
  );
}
