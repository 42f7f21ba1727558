// 'Згенерувати' (sales.md §4): an item, a count, optionally a template (else the item's, its category's or the
// default) and a warehouse (then the serials are 'На складі' within its on hand; without one 'Виділено'). A chosen
// template shows its next values; the answer lists the serials made and offers their labels.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PrinterIcon, SparklesIcon } from 'lucide-react';
import {
  MAX_GENERATE,
  serialGenerateSchema,
  serialMessages,
  type SerialSummary,
  type SerialTemplate,
  type TemplatePreview,
} from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
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
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import {
  isSerialsQuery,
  serialsApi,
  templateListQueryFn,
  templatePreviewQueryKey,
  templatesQueryKey,
} from './serial-numbers.api.ts';
import { serialsWebMessages } from './serial-numbers.messages.ts';

const g = serialsWebMessages.generate;
const AUTO = 'auto';

type Field = 'itemId' | 'count' | 'warehouseId' | 'templateId';

export function GenerateDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [item, setItem] = useState<{ id: number | null; label: string | null }>({ id: null, label: null });
  const [warehouse, setWarehouse] = useState<{ id: number | null; label: string | null }>({ id: null, label: null });
  const [count, setCount] = useState('1');
  const [templateId, setTemplateId] = useState<string>(AUTO);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [created, setCreated] = useState<SerialSummary[] | null>(null);

  const templates = useQuery({ queryKey: templatesQueryKey, queryFn: templateListQueryFn });
  const chosen = templateId === AUTO ? null : Number(templateId);
  const preview = useQuery<TemplatePreview>({
    queryKey: templatePreviewQueryKey(chosen ?? 0, item.id),
    enabled: chosen !== null,
  });

  const generate = useMutation({
    mutationFn: serialsApi.generate,
    onSuccess: async (serials) => {
      toast({ title: g.done(serials.length) });
      setCreated(serials);
      await queryClient.invalidateQueries({ predicate: isSerialsQuery });
    },
  });
  const print = useMutation({ mutationFn: (ids: number[]) => serialsApi.printLabels(ids) });
  const failure = generate.error ? (serverMessageOf(generate.error) ?? g.failed) : null;

  function submit() {
    const countText = count.trim();
    const body = {
      itemId: item.id,
      count: /^\d+$/.test(countText) ? Number(countText) : Number.NaN,
      templateId: chosen,
      warehouseId: warehouse.id,
    };
    const parsed = serialGenerateSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        next[key] ??= key === 'itemId' ? serialMessages.item : key === 'count' ? serialMessages.count : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    generate.mutate(parsed.data);
  }

  const aria = (field: Field) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': `${id}-${field}-message`,
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !generate.isPending && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{g.title}</DialogTitle>
          <DialogDescription>{g.description}</DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="grid gap-2">
            <p className="text-sm font-medium">{g.result}</p>
            <ul className="grid max-h-60 grid-cols-2 gap-1 overflow-y-auto rounded-md border p-2 font-mono text-sm sm:grid-cols-3">
              {created.map((s) => (
                <li key={s.id} className="break-all">
                  {s.serial}
                </li>
              ))}
            </ul>
            {print.error ? (
              <FormFailure>{serverMessageOf(print.error) ?? serialsWebMessages.labels.failed}</FormFailure>
            ) : null}
          </div>
        ) : (
          <div className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-item`}>
                {g.item}
                <span className="text-destructive dark:text-red-400" aria-hidden="true">
                  *
                </span>
              </Label>
              <ReferencePicker
                id={`${id}-item`}
                route="/products"
                value={item.id}
                valueLabel={item.label}
                placeholder={g.itemPlaceholder}
                aria-required
                onChange={(value, label) => setItem({ id: value, label })}
                {...aria('itemId')}
              />
              <FieldMessage id={`${id}-itemId-message`} error={errors.itemId} />
            </div>
            <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-count`}>
                  {g.count}
                  <span className="text-destructive dark:text-red-400" aria-hidden="true">
                    *
                  </span>
                </Label>
                <Input
                  id={`${id}-count`}
                  inputMode="numeric"
                  value={count}
                  max={MAX_GENERATE}
                  onChange={(event) => setCount(event.target.value)}
                  {...aria('count')}
                />
                <FieldMessage id={`${id}-count-message`} error={errors.count} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-template`}>{g.template}</Label>
                <Select value={templateId} onValueChange={setTemplateId}>
                  <SelectTrigger id={`${id}-template`} {...aria('templateId')}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={AUTO}>{g.templateAuto}</SelectItem>
                    {(templates.data?.items ?? []).map((t: SerialTemplate) => (
                      <SelectItem key={t.id} value={String(t.id)}>
                        {`${t.name} — ${t.pattern}`}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FieldMessage id={`${id}-templateId-message`} error={errors.templateId} />
              </div>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-warehouse`}>{g.warehouse}</Label>
              <ReferencePicker
                id={`${id}-warehouse`}
                route="/warehouses"
                value={warehouse.id}
                valueLabel={warehouse.label}
                clearLabel={g.warehouseNone}
                placeholder={g.warehouseNone}
                onChange={(value, label) => setWarehouse({ id: value, label })}
                {...aria('warehouseId')}
              />
              <FieldMessage id={`${id}-warehouseId-message`} error={errors.warehouseId} />
            </div>
            {chosen !== null ? (
              <div className="grid gap-1 rounded-md border border-dashed p-3">
                <p className="text-sm font-medium">{g.preview}</p>
                {preview.data ? (
                  <p className="font-mono text-sm break-all">{preview.data.values.join(', ')}</p>
                ) : (
                  <p className="text-sm text-muted-foreground">{serialsWebMessages.templates.previewLoading}</p>
                )}
                <p className="text-xs text-muted-foreground">{g.previewHint}</p>
              </div>
            ) : null}
            {failure ? <FormFailure>{failure}</FormFailure> : null}
          </div>
        )}
        <DialogFooter>
          {created ? (
            <>
              <Button variant="outline" onClick={onClose}>
                {serialsWebMessages.close}
              </Button>
              <Button disabled={print.isPending} onClick={() => print.mutate(created.map((s) => s.id))}>
                <PrinterIcon aria-hidden="true" />
                {g.printNow}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" disabled={generate.isPending} onClick={onClose}>
                {serialsWebMessages.cancel}
              </Button>
              <Button disabled={generate.isPending} onClick={submit}>
                {generate.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <SparklesIcon aria-hidden="true" />
                )}
                {g.submit}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
