// 'Зареєструвати наявні' (sales.md §4): serials for units already in a warehouse — typed or scanned as a list or
// ranges (A00012-A00015), counted as they are typed; the server refuses duplicates by name and more than the on hand
// without serials. No ledger effect.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BoxesIcon, Loader2Icon } from 'lucide-react';
import { parseSerialList, repeatedValues, serialMessages } from '@/modules/serial-numbers/serial-numbers.contract.ts';
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
import { Label } from '@/web/components/ui/label.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { isSerialsQuery, serialsApi } from './serial-numbers.api.ts';
import { serialsWebMessages } from './serial-numbers.messages.ts';

const r = serialsWebMessages.register;
type Field = 'itemId' | 'warehouseId' | 'ranges';

export function RegisterDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [item, setItem] = useState<{ id: number | null; label: string | null }>({ id: null, label: null });
  const [warehouse, setWarehouse] = useState<{ id: number | null; label: string | null }>({ id: null, label: null });
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const parsed = parseSerialList(text);

  const register = useMutation({
    mutationFn: serialsApi.register,
    onSuccess: async (serials) => {
      toast({ title: r.done(serials.length) });
      await queryClient.invalidateQueries({ predicate: isSerialsQuery });
      onClose();
    },
  });
  const failure = register.error ? (serverMessageOf(register.error) ?? r.failed) : null;

  function submit() {
    const next: Partial<Record<Field, string>> = {};
    if (item.id === null) next.itemId = serialMessages.item;
    if (warehouse.id === null) next.warehouseId = serialMessages.warehouse;
    const repeated = repeatedValues(parsed.values);
    if (parsed.errors.length) next.ranges = parsed.errors.join('; ');
    else if (parsed.values.length === 0) next.ranges = serialMessages.noSerials;
    else if (repeated.length) next.ranges = serialMessages.repeated(repeated);
    setErrors(next);
    if (Object.keys(next).length) return;
    register.mutate({ itemId: item.id!, warehouseId: warehouse.id!, ranges: text });
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

  return (
    <Dialog open onOpenChange={(open) => !open && !register.isPending && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{r.title}</DialogTitle>
          <DialogDescription>{r.description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-item`}>
                {r.item}
                {required}
              </Label>
              <ReferencePicker
                id={`${id}-item`}
                route="/products"
                value={item.id}
                valueLabel={item.label}
                aria-required
                onChange={(value, label) => setItem({ id: value, label })}
                {...aria('itemId')}
              />
              <FieldMessage id={`${id}-itemId-message`} error={errors.itemId} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-warehouse`}>
                {r.warehouse}
                {required}
              </Label>
              <ReferencePicker
                id={`${id}-warehouse`}
                route="/warehouses"
                value={warehouse.id}
                valueLabel={warehouse.label}
                aria-required
                onChange={(value, label) => setWarehouse({ id: value, label })}
                {...aria('warehouseId')}
              />
              <FieldMessage id={`${id}-warehouseId-message`} error={errors.warehouseId} />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-ranges`}>
              {r.serials}
              {required}
            </Label>
            <Textarea
              id={`${id}-ranges`}
              rows={6}
              className="font-mono"
              placeholder="A00012-A00015, B7"
              value={text}
              aria-required
              onChange={(event) => {
                setText(event.target.value);
                if (errors.ranges) setErrors((current) => ({ ...current, ranges: undefined }));
              }}
              {...aria('ranges')}
            />
            <FieldMessage
              id={`${id}-ranges-message`}
              error={errors.ranges}
              hint={
                <>
                  {r.serialsHint}
                  {parsed.values.length ? <span className="block">{r.parsed(parsed.values.length)}</span> : null}
                </>
              }
            />
          </div>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={register.isPending} onClick={onClose}>
            {serialsWebMessages.cancel}
          </Button>
          <Button disabled={register.isPending} onClick={submit}>
            {register.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <BoxesIcon aria-hidden="true" />
            )}
            {r.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
