// 'Нове завдання' and the edit dialog of a card (production.md §5): item (made items only), quantity, due date,
// priority, assignee, notes and recipe. Creating makes a planned MO; editing changes the MO by its own rules (the
// quantity never below what is produced, the recipe only while planned). A completed task is shown read-only.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ExternalLinkIcon, Loader2Icon, SaveIcon } from 'lucide-react';
import {
  moPriorities,
  moPriorityLabels,
  moStatusLabels,
  taskColumnLabels,
  type MoPriority,
  type ProductionTaskDetail,
  type TaskOption,
  type TaskUpdateInput,
} from '@/modules/production-tasks/production-tasks.contract.ts';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { decimalInput, formatQty } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { OptionPicker } from './option-picker.tsx';
import { isTasksQuery, moPageUrl, recipesQueryKey, taskQueryKey, tasksApi } from './production-tasks.api.ts';
import { tasksWebMessages as messages } from './production-tasks.messages.ts';

type Field = 'itemId' | 'qty' | 'dueDate' | 'priority' | 'assigneeWorkerId' | 'notes' | 'recipeId';
const DEFAULT_RECIPE = 'default';
const QTY = /^\d+(\.\d{1,4})?$/;

interface FormState {
  item: { id: number | null; label: string | null };
  qty: string;
  dueDate: string;
  priority: MoPriority;
  assignee: { id: number | null; label: string | null };
  notes: string;
  recipeId: number | null;
}

const blank: FormState = {
  item: { id: null, label: null },
  qty: '1',
  dueDate: '',
  priority: 'normal',
  assignee: { id: null, label: null },
  notes: '',
  recipeId: null,
};

function stateOf(task: ProductionTaskDetail): FormState {
  return {
    item: { id: task.itemId, label: task.title },
    qty: decimalInput(task.quantity),
    dueDate: task.dueDate ?? '',
    priority: task.priority,
    assignee: { id: task.assignee?.workerId ?? null, label: task.assignee?.name ?? null },
    notes: task.notes ?? '',
    recipeId: task.recipeId,
  };
}

/** A task dialog: `taskId` edits (or shows) that card, none creates a new one. */
export function TaskDialog({
  taskId,
  canChange,
  onClose,
}: {
  taskId?: number;
  canChange: boolean;
  onClose: () => void;
}) {
  const detail = useQuery<ProductionTaskDetail>({ queryKey: taskQueryKey(taskId ?? 0), enabled: taskId !== undefined });
  if (taskId === undefined) return <TaskForm canChange={canChange} onClose={onClose} />;
  if (!detail.data) {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{messages.detailLoading}</DialogTitle>
            <DialogDescription className="sr-only">{messages.detailLoading}</DialogDescription>
          </DialogHeader>
          <InlineQueryStatus
            query={detail}
            loadingText={messages.detailLoading}
            errorText={messages.detailError}
            retryText={messages.retry}
          />
        </DialogContent>
      </Dialog>
    );
  }
  return <TaskForm key={detail.data.version} task={detail.data} canChange={canChange} onClose={onClose} />;
}

function TaskForm({
  task,
  canChange,
  onClose,
}: {
  task?: ProductionTaskDetail;
  canChange: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => (task ? stateOf(task) : blank));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const readOnly = !canChange || task?.moStatus === 'completed';
  const recipeEditable = !readOnly && (!task || task.moStatus === 'planned');

  const recipes = useQuery<TaskOption[]>({
    queryKey: recipesQueryKey(form.item.id ?? 0),
    enabled: form.item.id !== null && recipeEditable,
  });

  const save = useMutation({
    mutationFn: async () => {
      const qty = form.qty.trim().replace(',', '.').replace(/\s/g, '');
      const common = {
        qty,
        dueDate: form.dueDate === '' ? null : form.dueDate,
        priority: form.priority,
        assigneeWorkerId: form.assignee.id,
        notes: form.notes.trim() === '' ? null : form.notes.trim(),
      };
      if (!task) {
        const created = await tasksApi.create({ itemId: form.item.id!, ...common, recipeId: form.recipeId });
        return { number: created.moNumber };
      }
      const patch: TaskUpdateInput = { version: task.version };
      const initial = stateOf(task);
      if (form.qty !== initial.qty) patch.qty = qty;
      if (common.dueDate !== task.dueDate) patch.dueDate = common.dueDate;
      if (common.priority !== task.priority) patch.priority = common.priority;
      if (common.assigneeWorkerId !== (task.assignee?.workerId ?? null)) {
        patch.assigneeWorkerId = common.assigneeWorkerId;
      }
      if (common.notes !== task.notes) patch.notes = common.notes;
      if (recipeEditable && form.recipeId !== task.recipeId) patch.recipeId = form.recipeId;
      await tasksApi.update(task.id, patch);
      return { number: task.moNumber };
    },
    onSuccess: async ({ number }) => {
      toast({ title: task ? messages.saved : messages.created(number) });
      await queryClient.invalidateQueries({ predicate: isTasksQuery });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        const next: Partial<Record<Field, string>> = {};
        for (const [name, message] of Object.entries(error.fields)) {
          const key = name === 'responsibleWorkerId' ? 'assigneeWorkerId' : name;
          if (['itemId', 'qty', 'dueDate', 'priority', 'assigneeWorkerId', 'notes', 'recipeId'].includes(key)) {
            next[key as Field] = message;
          }
        }
        setErrors(next);
      }
    },
  });
  const failure = save.error ? (serverMessageOf(save.error) ?? messages.saveFailed) : null;

  function submit() {
    const next: Partial<Record<Field, string>> = {};
    if (!task && form.item.id === null) next.itemId = messages.itemRequired;
    const qty = form.qty.trim().replace(',', '.').replace(/\s/g, '');
    if (!QTY.test(qty) || !/[1-9]/.test(qty)) next.qty = messages.qtyInvalid;
    if (form.dueDate !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(form.dueDate)) next.dueDate = messages.dateInvalid;
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate();
  }

  const aria = (field: Field) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': `${id}-${field}-message`,
  });
  const required = (
    <span className="text-destructive dark:text-red-400" aria-hidden="true">
      *
    </span>
  );
  const set = (change: Partial<FormState>, field?: Field) => {
    setForm((current) => ({ ...current, ...change }));
    if (field && errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const title = task ? messages.editTitle(task.moNumber) : messages.newTitle;
  const description = !task ? messages.newDescription : readOnly ? messages.viewDescription : messages.editDescription;

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {description}
            {task ? (
              <span className="mt-1 block">
                {taskColumnLabels[task.status]} · {moStatusLabels[task.moStatus]} · {formatQty(task.producedQuantity)} /{' '}
                {formatQty(task.quantity)} {task.unit ?? ''}
              </span>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!readOnly) submit();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-item`}>
              {messages.itemField}
              {task ? null : required}
            </Label>
            {task ? (
              <p id={`${id}-item`} className="text-sm">
                {task.title} <span className="font-mono text-xs text-muted-foreground">{task.sku}</span>
              </p>
            ) : (
              <OptionPicker
                id={`${id}-item`}
                list="items"
                value={form.item.id}
                valueLabel={form.item.label}
                placeholder={messages.itemPlaceholder}
                aria-required
                onChange={(value, label) => set({ item: { id: value, label }, recipeId: null }, 'itemId')}
                {...aria('itemId')}
              />
            )}
            <FieldMessage id={`${id}-itemId-message`} error={errors.itemId} />
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-qty`}>
                {messages.qty}
                {required}
              </Label>
              <Input
                id={`${id}-qty`}
                inputMode="decimal"
                value={form.qty}
                disabled={readOnly}
                onChange={(event) => set({ qty: event.target.value }, 'qty')}
                {...aria('qty')}
              />
              <FieldMessage
                id={`${id}-qty-message`}
                error={errors.qty}
                hint={
                  task && task.producedQuantity !== '0.0000' && !readOnly
                    ? messages.qtyHint(formatQty(task.producedQuantity))
                    : undefined
                }
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-due`}>{messages.dueDate}</Label>
              <DateField
                id={`${id}-due`}
                value={form.dueDate}
                disabled={readOnly}
                onChange={(dueDate) => set({ dueDate }, 'dueDate')}
                {...aria('dueDate')}
              />
              <FieldMessage id={`${id}-dueDate-message`} error={errors.dueDate} />
            </div>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-priority`}>{messages.priorityField}</Label>
              <Select
                value={form.priority}
                disabled={readOnly}
                onValueChange={(value) => set({ priority: value as MoPriority })}
              >
                <SelectTrigger id={`${id}-priority`} {...aria('priority')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {moPriorities.map((priority) => (
                    <SelectItem key={priority} value={priority}>
                      {moPriorityLabels[priority]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldMessage id={`${id}-priority-message`} error={errors.priority} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-assignee`}>{messages.assigneeField}</Label>
              <OptionPicker
                id={`${id}-assignee`}
                list="workers"
                value={form.assignee.id}
                valueLabel={form.assignee.label}
                clearLabel={messages.noAssignee}
                disabled={readOnly}
                onChange={(value, label) => set({ assignee: { id: value, label } }, 'assigneeWorkerId')}
                {...aria('assigneeWorkerId')}
              />
              <FieldMessage id={`${id}-assigneeWorkerId-message`} error={errors.assigneeWorkerId} />
            </div>
          </div>

          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-recipe`}>{messages.recipe}</Label>
            {recipeEditable ? (
              <Select
                value={form.recipeId === null ? DEFAULT_RECIPE : String(form.recipeId)}
                disabled={form.item.id === null}
                onValueChange={(value) =>
                  set({ recipeId: value === DEFAULT_RECIPE ? null : Number(value) }, 'recipeId')
                }
              >
                <SelectTrigger id={`${id}-recipe`} {...aria('recipeId')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={DEFAULT_RECIPE}>{messages.recipeDefault}</SelectItem>
                  {(recipes.data ?? []).map((recipe) => (
                    <SelectItem key={recipe.id} value={String(recipe.id)}>
                      {recipe.hint ? `${recipe.label} (${messages.recipeDefaultMark})` : recipe.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            ) : (
              <p id={`${id}-recipe`} className="text-sm">
                {task?.recipeName ?? messages.recipeDefault}
                {!readOnly ? (
                  <span className="block text-xs text-muted-foreground">{messages.recipeLocked}</span>
                ) : null}
              </p>
            )}
            <FieldMessage id={`${id}-recipeId-message`} error={errors.recipeId} />
          </div>

          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-notes`}>{messages.notes}</Label>
            <Textarea
              id={`${id}-notes`}
              rows={3}
              value={form.notes}
              disabled={readOnly}
              maxLength={2000}
              onChange={(event) => set({ notes: event.target.value }, 'notes')}
              {...aria('notes')}
            />
            <FieldMessage id={`${id}-notes-message`} error={errors.notes} />
          </div>

          {failure ? <FormFailure>{failure}</FormFailure> : null}

          <DialogFooter className="gap-2 sm:justify-between">
            {task ? (
              <Button variant="link" asChild className="justify-start px-0">
                <Link href={moPageUrl(task.id)}>
                  <ExternalLinkIcon aria-hidden="true" />
                  {messages.openMo}
                </Link>
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
                {readOnly ? messages.close : messages.cancel}
              </Button>
              {readOnly ? null : (
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? (
                    <Loader2Icon className="animate-spin" aria-hidden="true" />
                  ) : (
                    <SaveIcon aria-hidden="true" />
                  )}
                  {task ? messages.save : messages.create}
                </Button>
              )}
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
