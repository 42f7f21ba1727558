// The 'Шаблони' tab (sales.md §4): the serial templates with their next values (read from the counters, never taken),
// the one default marked; create and edit in a dialog whose preview follows the pattern as it is typed; 'Зробити
// основним' and 'Видалити' (confirmed; the default and templates in use are refused by the server).
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PencilIcon, PlusIcon, StarIcon, Trash2Icon } from 'lucide-react';
import {
  patternProblem,
  renderPattern,
  resetPeriodLabels,
  resetPeriods,
  SERIALS_ROUTE,
  templateCreateSchema,
  type ResetPeriod,
  type SerialTemplate,
  type TemplatePreview,
} from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { ListStates, RowAction } from '@/web/components/data-list.tsx';
import { ConfirmDialog, FormFailure, StatusBadge } from '@/web/components/document-parts.tsx';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { todayIso } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import {
  isSerialsQuery,
  serialsApi,
  templateListQueryFn,
  templatePreviewQueryKey,
  templatesQueryKey,
} from './serial-numbers.api.ts';
import { serialsWebMessages } from './serial-numbers.messages.ts';

const m = serialsWebMessages.templates;
const SAMPLE_SKU = 'АРТИКУЛ';

type FormState = { kind: 'create' } | { kind: 'edit'; template: SerialTemplate } | null;

export function TemplatesTab() {
  const queryClient = useQueryClient();
  const { canAccess } = usePermission(SERIALS_ROUTE);
  const query = useQuery({ queryKey: templatesQueryKey, queryFn: templateListQueryFn });
  const [form, setForm] = useState<FormState>(null);
  const [removing, setRemoving] = useState<SerialTemplate | null>(null);
  const makeDefault = useMutation({
    mutationFn: (id: number) => serialsApi.updateTemplate(id, { isDefault: true }),
    onSuccess: async () => {
      toast({ title: m.defaultChanged });
      await queryClient.invalidateQueries({ predicate: isSerialsQuery });
    },
    onError: (error) => toast({ title: m.saveFailed, description: serverMessageOf(error), variant: 'destructive' }),
  });
  const templates = query.data?.items ?? [];

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{m.title}</h2>
          <p className="text-sm text-muted-foreground">{m.description}</p>
        </div>
        {canAccess ? (
          <Button onClick={() => setForm({ kind: 'create' })}>
            <PlusIcon aria-hidden="true" />
            {m.add}
          </Button>
        ) : null}
      </div>
      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates
          query={query}
          loadingText={m.loading}
          loadErrorText={m.loadError}
          retryText={serialsWebMessages.retry}
        >
          <Table className="min-w-[48rem]" aria-label={m.title}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{m.columns.name}</TableHead>
                <TableHead>{m.columns.pattern}</TableHead>
                <TableHead>{m.columns.resetPeriod}</TableHead>
                <TableHead>{m.columns.next}</TableHead>
                <TableHead>{m.columns.usage}</TableHead>
                {canAccess ? <TableHead className="w-32 text-right">{m.columns.actions}</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {templates.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={6} className="py-10 text-center text-muted-foreground">
                    {m.empty}
                  </TableCell>
                </TableRow>
              ) : (
                templates.map((t) => (
                  <TableRow key={t.id}>
                    <TableCell>
                      <span className="flex flex-wrap items-center gap-2">
                        {t.name}
                        {t.isDefault ? <StatusBadge label={m.default} tone="emerald" /> : null}
                      </span>
                    </TableCell>
                    <TableCell className="font-mono whitespace-nowrap">{t.pattern}</TableCell>
                    <TableCell>{resetPeriodLabels[t.resetPeriod]}</TableCell>
                    <TableCell>
                      <NextValues id={t.id} />
                    </TableCell>
                    <TableCell className="text-sm text-muted-foreground">
                      {m.usage(t.itemCount, t.categoryCount)}
                    </TableCell>
                    {canAccess ? (
                      <TableCell className="text-right whitespace-nowrap">
                        <RowAction label={m.edit} onClick={() => setForm({ kind: 'edit', template: t })}>
                          <PencilIcon aria-hidden="true" />
                        </RowAction>
                        {t.isDefault ? null : (
                          <>
                            <RowAction
                              label={m.makeDefault}
                              disabled={makeDefault.isPending}
                              onClick={() => makeDefault.mutate(t.id)}
                            >
                              <StarIcon aria-hidden="true" />
                            </RowAction>
                            <RowAction label={m.remove} destructive onClick={() => setRemoving(t)}>
                              <Trash2Icon aria-hidden="true" />
                            </RowAction>
                          </>
                        )}
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </ListStates>
      </div>
      {form ? (
        <TemplateDialog
          key={form.kind === 'edit' ? form.template.id : 'new'}
          template={form.kind === 'edit' ? form.template : null}
          onClose={() => setForm(null)}
        />
      ) : null}
      {removing ? <DeleteTemplateDialog template={removing} onClose={() => setRemoving(null)} /> : null}
    </div>
  );
}

function NextValues({ id }: { id: number }) {
  const preview = useQuery<TemplatePreview>({ queryKey: templatePreviewQueryKey(id) });
  if (!preview.data) return <span className="text-sm text-muted-foreground">{m.previewLoading}</span>;
  return <span className="font-mono text-sm break-all">{preview.data.values.join(', ')}</span>;
}

type Field = 'name' | 'pattern' | 'resetPeriod';

function TemplateDialog({ template, onClose }: { template: SerialTemplate | null; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(template?.name ?? '');
  const [pattern, setPattern] = useState(template?.pattern ?? '{YY}{MM}-{N:5}');
  const [resetPeriod, setResetPeriod] = useState<ResetPeriod>(template?.resetPeriod ?? 'monthly');
  const [isDefault, setIsDefault] = useState(template?.isDefault ?? false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // The saved template's next counter value starts the live preview; a new one starts at 1.
  const saved = useQuery<TemplatePreview>({
    queryKey: templatePreviewQueryKey(template?.id ?? 0),
    enabled: template !== null,
  });
  const start = template && saved.data ? saved.data.nextValue : 1;
  const problem = patternProblem(pattern, resetPeriod);
  const today = todayIso();
  const live = problem
    ? []
    : [0, 1, 2].map((i) => renderPattern(pattern, { date: today, sku: SAMPLE_SKU, n: start + i }));

  const save = useMutation({
    mutationFn: () => {
      const body = { name, pattern, resetPeriod, isDefault };
      return template ? serialsApi.updateTemplate(template.id, body) : serialsApi.createTemplate(body);
    },
    onSuccess: async () => {
      toast({ title: m.saved });
      await queryClient.invalidateQueries({ predicate: isSerialsQuery });
      onClose();
    },
  });
  const failure = save.error ? (serverMessageOf(save.error) ?? m.saveFailed) : null;

  function submit() {
    const parsed = templateCreateSchema.safeParse({ name, pattern, resetPeriod, isDefault });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate();
  }

  const aria = (field: Field) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': `${id}-${field}-message`,
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{template ? m.editTitle(template.name) : m.createTitle}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>{m.name}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
              {...aria('name')}
            />
            <FieldMessage id={`${id}-name-message`} error={errors.name} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-pattern`}>{m.pattern}</Label>
            <Input
              id={`${id}-pattern`}
              className="font-mono"
              value={pattern}
              maxLength={100}
              spellCheck={false}
              autoCapitalize="off"
              onChange={(e) => setPattern(e.target.value)}
              {...aria('pattern')}
            />
            <FieldMessage id={`${id}-pattern-message`} error={errors.pattern} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-reset`}>{m.resetPeriod}</Label>
            <Select value={resetPeriod} onValueChange={(v) => setResetPeriod(v as ResetPeriod)}>
              <SelectTrigger id={`${id}-reset`} {...aria('resetPeriod')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {resetPeriods.map((p) => (
                  <SelectItem key={p} value={p}>
                    {resetPeriodLabels[p]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldMessage id={`${id}-resetPeriod-message`} error={errors.resetPeriod} />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-default`}
              checked={isDefault}
              disabled={template?.isDefault === true}
              onCheckedChange={(checked) => setIsDefault(checked === true)}
            />
            <Label htmlFor={`${id}-default`} className="font-normal">
              {m.isDefault}
            </Label>
          </div>
          <section aria-label={m.livePreview} className="grid gap-1 rounded-md border border-dashed p-3">
            <p className="text-sm font-medium">{m.livePreview}</p>
            {problem ? (
              <p className="text-sm text-destructive dark:text-red-400">{problem}</p>
            ) : (
              <>
                <p className="font-mono text-sm break-all" data-testid="template-live-preview">
                  {live.join(', ')}
                </p>
                <p className="text-xs text-muted-foreground">{m.livePreviewHint(SAMPLE_SKU)}</p>
              </>
            )}
          </section>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={save.isPending} onClick={onClose}>
            {m.cancel}
          </Button>
          <Button disabled={save.isPending} onClick={submit}>
            {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {m.save}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function DeleteTemplateDialog({ template, onClose }: { template: SerialTemplate; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => serialsApi.removeTemplate(template.id),
    onSuccess: async () => {
      toast({ title: m.deleted });
      await queryClient.invalidateQueries({ predicate: isSerialsQuery });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title={m.deleteTitle}
      description={m.deleteDescription(template.name)}
      confirmLabel={m.remove}
      cancelLabel={m.cancel}
      pending={remove.isPending}
      destructive
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      {remove.error ? <FormFailure>{serverMessageOf(remove.error) ?? m.deleteFailed}</FormFailure> : null}
    </ConfirmDialog>
  );
}
