// 'Нова інвентаризація': warehouse, scope (all, categories or chosen items), blind count, counters and notes. The body
// is checked by the contract's own schema before it is sent; the server's refusals land on their fields.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import {
  auditCreateSchema,
  auditScopeLabels,
  auditScopes,
  type Audit,
  type AuditScope,
} from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { FormField } from '@/web/components/document-fields.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
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
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { MultiPicker, type Chosen } from './audit-parts.tsx';
import { auditsApi } from './inventory-audits.api.ts';
import { auditsWebMessages } from './inventory-audits.messages.ts';

const m = auditsWebMessages.create;

/** Today in the user's calendar, as the date input wants it. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function AuditCreateDialog({ onCreated, onClose }: { onCreated: (audit: Audit) => void; onClose: () => void }) {
  const formId = useId();
  const [documentDate, setDocumentDate] = useState(today);
  const [warehouse, setWarehouse] = useState<Chosen | null>(null);
  const [scope, setScope] = useState<AuditScope>('full');
  const [categories, setCategories] = useState<Chosen[]>([]);
  const [items, setItems] = useState<Chosen[]>([]);
  const [blind, setBlind] = useState(false);
  const [counters, setCounters] = useState<Chosen[]>([]);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: auditsApi.create,
    onSuccess: (audit) => {
      toast({ title: m.created, description: audit.number });
      onCreated(audit);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(serverMessageOf(error) ?? m.failed);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = auditCreateSchema.safeParse({
      documentDate,
      warehouseId: warehouse?.id ?? 0,
      scope,
      categoryIds: scope === 'categories' ? categories.map((c) => c.id) : [],
      itemIds: scope === 'items' ? items.map((i) => i.id) : [],
      blind,
      counterIds: counters.map((c) => c.id),
      notes,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }

  const idOf = (name: string) => `${formId}-${name}`;
  const box = (name: string, label: string, input: ReactNode, hint?: string, required = false) => (
    <FormField id={idOf(name)} label={label} error={errors[name]} hint={hint} required={required}>
      {input}
    </FormField>
  );
  const aria = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${idOf(name)}-message`,
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-2xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate className="grid min-w-0 gap-4" onSubmit={submit}>
          <fieldset disabled={create.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
            {box(
              'warehouseId',
              m.warehouse,
              <ReferencePicker
                id={idOf('warehouseId')}
                route="/warehouses"
                value={warehouse?.id ?? null}
                valueLabel={warehouse?.label ?? null}
                placeholder={m.warehousePlaceholder}
                onChange={(id, label) => setWarehouse(id === null ? null : { id, label: label ?? String(id) })}
                aria-required
                {...aria('warehouseId')}
              />,
              undefined,
              true,
            )}
            {box(
              'documentDate',
              m.date,
              <DateField
                id={idOf('documentDate')}
                value={documentDate}
                onChange={setDocumentDate}
                {...aria('documentDate')}
              />,
            )}
            {box(
              'scope',
              m.scope,
              <Select value={scope} onValueChange={(value) => setScope(value as AuditScope)}>
                <SelectTrigger id={idOf('scope')} {...aria('scope')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {auditScopes.map((s) => (
                    <SelectItem key={s} value={s}>
                      {auditScopeLabels[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>,
            )}
            <div className="flex items-start gap-3 sm:pt-7">
              <Switch
                id={idOf('blind')}
                checked={blind}
                onCheckedChange={setBlind}
                aria-describedby={`${idOf('blind')}-message`}
              />
              <div className="grid gap-1">
                <Label htmlFor={idOf('blind')}>{m.blind}</Label>
                <FieldMessage id={`${idOf('blind')}-message`} hint={m.blindHint} />
              </div>
            </div>
            {scope === 'categories' ? (
              <div className="grid gap-2 sm:col-span-2">
                <p className="text-sm font-medium">{m.categories}</p>
                <div className="grid gap-2 sm:grid-cols-2">
                  <MultiPicker
                    route="/categories"
                    label={m.componentCategories}
                    value={categories}
                    onChange={setCategories}
                    invalid={Boolean(errors.categoryIds)}
                    describedBy={`${idOf('categoryIds')}-message`}
                  />
                  <ReferencePicker
                    route="/product-categories"
                    value={null}
                    valueLabel={null}
                    placeholder={m.productCategories}
                    aria-label={m.productCategories}
                    onChange={(id, label) => {
                      if (id !== null && !categories.some((c) => c.id === id))
                        setCategories([...categories, { id, label: label ?? String(id) }]);
                    }}
                  />
                </div>
                <FieldMessage id={`${idOf('categoryIds')}-message`} error={errors.categoryIds} />
              </div>
            ) : null}
            {scope === 'items' ? (
              <div className="grid gap-2 sm:col-span-2">
                <p className="text-sm font-medium">{m.items}</p>
                <div className="grid gap-2 sm:grid-cols-2">
                  <MultiPicker
                    route="/components"
                    label={m.components}
                    value={items}
                    onChange={setItems}
                    invalid={Boolean(errors.itemIds)}
                    describedBy={`${idOf('itemIds')}-message`}
                  />
                  <ReferencePicker
                    route="/products"
                    value={null}
                    valueLabel={null}
                    placeholder={m.products}
                    aria-label={m.products}
                    onChange={(id, label) => {
                      if (id !== null && !items.some((i) => i.id === id))
                        setItems([...items, { id, label: label ?? String(id) }]);
                    }}
                  />
                </div>
                <FieldMessage id={`${idOf('itemIds')}-message`} error={errors.itemIds} />
              </div>
            ) : null}
            <div className="grid gap-2 sm:col-span-2">
              <p className="text-sm font-medium">{m.counters}</p>
              <MultiPicker route="/workers" label={m.counters} value={counters} onChange={setCounters} />
              <FieldMessage id={`${idOf('counterIds')}-message`} error={errors.counterIds} />
            </div>
            <div className="sm:col-span-2">
              {box(
                'notes',
                m.notes,
                <Textarea
                  id={idOf('notes')}
                  rows={2}
                  maxLength={2000}
                  value={notes}
                  onChange={(event) => setNotes(event.target.value)}
                  {...aria('notes')}
                />,
              )}
            </div>
          </fieldset>
          {failure ? (
            <p role="alert" className="text-sm text-destructive dark:text-red-400">
              {failure}
            </p>
          ) : null}
        </form>
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" disabled={create.isPending} onClick={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {create.isPending ? m.saving : m.save}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
