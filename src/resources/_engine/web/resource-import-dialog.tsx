// Import of a declared resource (reference-data §0): pick a CSV/XLSX file → dry run → preview with the column
// mapping, the counts and every row's status → commit, all or nothing. Changing a column's field re-runs the
// dry run with `&mapping=`. A file with an error row cannot be committed: the user fixes it and uploads again.
import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUpIcon, Loader2Icon, UploadIcon } from 'lucide-react';
import type { ResourceDef } from '@/resources/_engine/define-resource.ts';
import { resourceMessages } from '@/resources/_engine/define-resource.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button, buttonVariants } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import {
  importAccept,
  importFileType,
  lookupBase,
  resourceApi,
  resourceBase,
  type ImportMapping,
  type ImportPreview,
  type ImportRow,
  type ImportRowStatus,
} from './resource-api.ts';
import { resourcePageMessages } from './resource.messages.ts';
import { IS_ACTIVE } from './resource-values.ts';

const messages = resourcePageMessages.importDialog;
/** Radix Select items cannot have an empty value; this one stands for "do not import this column". */
const SKIP = '__skip__';
/** Enough to see every error of a realistic file without rendering tens of thousands of rows. */
const MAX_PREVIEW_ROWS = 200;

const statusOrder: Record<ImportRowStatus, number> = { error: 0, new: 1, update: 2 };

const statusClasses: Record<ImportRowStatus, string> = {
  new: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400',
  update: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  error: 'bg-destructive/15 text-destructive dark:text-red-300',
};

type DryRunInput = { file: File; mapping: ImportMapping | undefined; seq: number };

function mappingOf(preview: ImportPreview): ImportMapping {
  return Object.fromEntries(preview.columns.map((column) => [column.header, column.field ?? '']));
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return resourcePageMessages.emptyValue;
  if (typeof value === 'boolean') return value ? resourcePageMessages.yes : resourcePageMessages.no;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function ResourceImportDialog({ def, onClose }: { def: ResourceDef; onClose: () => void }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const api = useMemo(() => resourceApi(def), [def]);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /**
   * Set once the user changes a column (until then the server's own matching applies); after each dry run it
   * is what the server actually applied, so the commit imports exactly what the preview showed.
   */
  const [mapping, setMapping] = useState<ImportMapping | undefined>(undefined);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  /** A refused file (unreadable, no key column…) or a refused commit, in the server's words. */
  const [problem, setProblem] = useState<string | null>(null);
  // Only the answer to the latest dry run is shown (the mapping can change while one is under way).
  const latest = useRef(0);

  const fieldOptions = useMemo(() => {
    const options = def.fields.map((field) => ({ value: field.name, label: field.label }));
    return def.hasActiveFlag ? [...options, { value: IS_ACTIVE, label: resourceMessages.isActive }] : options;
  }, [def]);
  const keyLabels = def.importKey
    .map((name) => def.fields.find((field) => field.name === name)?.label ?? name)
    .join(', ');
  const displayLabel = def.fields.find((field) => field.name === def.displayField)?.label ?? def.displayField;

  const dryRun = useMutation({
    mutationFn: ({ file: body, mapping: columns }: DryRunInput) => api.importDryRun(body, columns),
    onSuccess: (answer, { seq, mapping: sent }) => {
      if (seq !== latest.current) return;
      setPreview(answer);
      if (sent) setMapping(mappingOf(answer));
    },
    onError: (error, { seq }) => {
      if (seq !== latest.current) return;
      const message = serverMessageOf(error) ?? resourcePageMessages.toast.importFailed;
      setPreview(null);
      setProblem(message);
      toast({ variant: 'destructive', title: resourcePageMessages.toast.error, description: message });
    },
  });

  function run(body: File, columns: ImportMapping | undefined) {
    latest.current += 1;
    dryRun.mutate({ file: body, mapping: columns, seq: latest.current });
  }

  const commit = useMutation({
    mutationFn: ({ file: body, mapping: columns }: { file: File; mapping: ImportMapping | undefined }) =>
      api.importCommit(body, columns),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [resourceBase(def)] }),
        queryClient.invalidateQueries({ queryKey: [lookupBase(def.route)] }),
      ]);
      toast({ title: resourcePageMessages.toast.imported(result.created, result.updated) });
      onClose();
    },
    onError: (error, input) => {
      const message = serverMessageOf(error) ?? resourcePageMessages.toast.importFailed;
      setProblem(message);
      toast({ variant: 'destructive', title: resourcePageMessages.toast.error, description: message });
      // 422: the data changed since the dry run and some rows are now wrong; show them again.
      if (error instanceof ApiError && error.status === 422) run(input.file, input.mapping);
    },
  });

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setProblem(null);
    setPreview(null);
    setMapping(undefined);
    if (!chosen) {
      setFile(null);
      return;
    }
    if (importFileType(chosen.name) === undefined) {
      setFile(null);
      setFileError(messages.badType);
      return;
    }
    setFileError(null);
    setFile(chosen);
    run(chosen, undefined);
  }

  function changeColumn(header: string, field: string) {
    if (!file || !preview) return;
    const next = { ...(mapping ?? mappingOf(preview)), [header]: field === SKIP ? '' : field };
    setMapping(next);
    setProblem(null);
    run(file, next);
  }

  const busy = dryRun.isPending || commit.isPending;
  const counts = preview?.counts;
  const canImport = file !== null && counts !== undefined && counts.error === 0 && counts.new + counts.update > 0;
  const rows = useMemo(
    () => [...(preview?.rows ?? [])].sort((a, b) => statusOrder[a.status] - statusOrder[b.status] || a.row - b.row),
    [preview],
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !commit.isPending && onClose()}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{messages.title(def.title)}</DialogTitle>
          <DialogDescription>
            {messages.description} {keyLabels ? messages.keyHint(keyLabels) : null}
          </DialogDescription>
        </DialogHeader>

        <div className="grid min-w-0 gap-4">
          <div className="grid gap-2">
            {/* The browser's own file button speaks the browser's language; this label is always Ukrainian. */}
            <div className="flex min-w-0 flex-wrap items-center gap-3">
              <input
                id={inputId}
                type="file"
                accept={importAccept}
                disabled={busy}
                aria-invalid={fileError ? true : undefined}
                aria-describedby={`${inputId}-message ${inputId}-name`}
                className="peer sr-only"
                onChange={chooseFile}
              />
              <Label
                htmlFor={inputId}
                className={cn(
                  buttonVariants({ variant: 'outline' }),
                  'cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
                )}
              >
                <FileUpIcon aria-hidden="true" />
                {messages.file}
              </Label>
              <span id={`${inputId}-name`} className="min-w-0 truncate text-sm text-muted-foreground">
                {file?.name ?? messages.noFile}
              </span>
            </div>
            <FieldMessage id={`${inputId}-message`} error={fileError ?? undefined} />
          </div>

          {busy ? <ProgressBar label={commit.isPending ? messages.importing : messages.processing} /> : null}

          {problem ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
            >
              {problem}
            </p>
          ) : null}

          {preview ? (
            <div className={cn('grid min-w-0 gap-4', dryRun.isPending && 'opacity-60')}>
              <section className="grid min-w-0 gap-2" aria-labelledby={`${inputId}-mapping`}>
                <h3 id={`${inputId}-mapping`} className="text-sm font-medium">
                  {messages.mapping}
                </h3>
                <div className="min-w-0 rounded-md border">
                  <Table>
                    <TableHeader>
                      <TableRow className="hover:bg-transparent">
                        <TableHead className="whitespace-normal">{messages.fileColumn}</TableHead>
                        <TableHead className="whitespace-normal">{messages.field}</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {preview.columns.map((column) => {
                        const current = mapping?.[column.header] ?? column.field ?? '';
                        const known = fieldOptions.some((option) => option.value === current);
                        return (
                          <TableRow key={column.header} className="hover:bg-transparent">
                            <TableCell className="font-medium break-words">{column.header}</TableCell>
                            <TableCell className="w-1/2">
                              <Select
                                value={current ? current : SKIP}
                                onValueChange={(field) => changeColumn(column.header, field)}
                                disabled={commit.isPending}
                              >
                                <SelectTrigger aria-label={messages.fieldFor(column.header)} className="h-9">
                                  <SelectValue />
                                </SelectTrigger>
                                <SelectContent>
                                  <SelectItem value={SKIP}>{messages.skip}</SelectItem>
                                  {fieldOptions.map((option) => (
                                    <SelectItem key={option.value} value={option.value}>
                                      {option.label}
                                    </SelectItem>
                                  ))}
                                  {current && !known ? <SelectItem value={current}>{current}</SelectItem> : null}
                                </SelectContent>
                              </Select>
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </div>
              </section>

              <dl className="grid grid-cols-3 gap-2 text-center" aria-live="polite">
                <Count label={messages.countNew} value={preview.counts.new} tone="new" />
                <Count label={messages.countUpdate} value={preview.counts.update} tone="update" />
                <Count label={messages.countError} value={preview.counts.error} tone="error" />
              </dl>

              {preview.counts.error > 0 ? (
                <p className="text-sm text-destructive dark:text-red-400">{messages.fixFile}</p>
              ) : null}

              <PreviewRows rows={rows} displayField={def.displayField} displayLabel={displayLabel} />
            </div>
          ) : null}
        </div>

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={commit.isPending}>
            {resourcePageMessages.cancel}
          </Button>
          <Button
            type="button"
            disabled={!canImport || busy}
            onClick={() => {
              if (!file) return;
              setProblem(null);
              commit.mutate({ file, mapping });
            }}
          >
            {commit.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <UploadIcon aria-hidden="true" />
            )}
            {messages.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Indeterminate: the one fetch helper cannot report upload progress, and the server's work (parsing,
 * checking every row) dominates for the files this page takes.
 */
function ProgressBar({ label }: { label: string }) {
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-busy="true"
        className="relative h-2 overflow-hidden rounded-full bg-primary/15"
      >
        <div className="absolute inset-y-0 left-0 w-1/3 rounded-full bg-primary motion-safe:animate-[resource-import-progress_1.2s_ease-in-out_infinite] motion-reduce:w-full motion-reduce:animate-pulse" />
      </div>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
        {label}
      </p>
      <style href="resource-import-progress" precedence="default">
        {progressKeyframes}
      </style>
    </div>
  );
}

// Owned here rather than in index.css, which belongs to the shell.
const progressKeyframes =
  '@keyframes resource-import-progress{0%{transform:translateX(-100%)}100%{transform:translateX(300%)}}';

function Count({ label, value, tone }: { label: string; value: number; tone: ImportRowStatus }) {
  return (
    <div className={cn('grid gap-0.5 rounded-md px-3 py-2', statusClasses[tone])}>
      <dt className="text-xs font-medium">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function PreviewRows({
  rows,
  displayField,
  displayLabel,
}: {
  rows: ImportRow[];
  displayField: string;
  displayLabel: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{messages.noRows}</p>;
  const shown = rows.slice(0, MAX_PREVIEW_ROWS);
  return (
    <section className="grid min-w-0 gap-2" aria-label={messages.rows}>
      <div className="max-h-80 min-w-0 overflow-y-auto rounded-md border">
        <Table className="min-w-[36rem]" aria-label={messages.rows}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-20">{messages.row}</TableHead>
              <TableHead className="w-32">{messages.statusColumn}</TableHead>
              <TableHead>{displayLabel}</TableHead>
              <TableHead>{messages.messagesColumn}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.row} className="hover:bg-transparent">
                <TableCell className="tabular-nums">{row.row}</TableCell>
                <TableCell>
                  <span
                    className={cn(
                      'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
                      statusClasses[row.status],
                    )}
                  >
                    {messages.status[row.status]}
                  </span>
                </TableCell>
                <TableCell>{valueText(row.values[displayField])}</TableCell>
                <TableCell>
                  {row.messages.length > 0 ? (
                    <ul className="grid gap-0.5">
                      {row.messages.map((message, index) => (
                        <li key={index} className={cn(row.status === 'error' && 'text-destructive dark:text-red-400')}>
                          {message}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    resourcePageMessages.emptyValue
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {rows.length > shown.length ? (
        <p className="text-xs text-muted-foreground">{messages.shownRows(shown.length, rows.length)}</p>
      ) : null}
    </section>
  );
}
