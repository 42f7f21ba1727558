// 'Створити модифікацію' (production.md §2): a modification of a base card for an item (a family may share one
// base) with a note of what it changes; it starts with no rows of its own and inherits every base operation.
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { techCardModificationSchema, type TechCard } from '@/modules/tech-cards/tech-cards.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { issuesToFields } from '@/web/components/record-dialog.tsx';
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
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { techCardsApi } from './tech-cards.api.ts';
import { techCardsWebMessages } from './tech-cards.messages.ts';

const m = techCardsWebMessages.modification;

export function ModificationDialog({
  base,
  onCreated,
  onClose,
}: {
  base: TechCard;
  onCreated: (card: TechCard) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [itemId, setItemId] = useState<number | null>(base.itemId);
  const [itemLabel, setItemLabel] = useState<string | null>(`${base.itemSku} ${base.itemName}`);
  const [note, setNote] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      techCardsApi.createModification(base.id, { itemId: itemId as number, note, name: name.trim() || undefined }),
    onSuccess: onCreated,
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(serverMessageOf(error) ?? techCardsWebMessages.toast.actionFailed);
    },
  });
  const id = (field: string) => `${formId}-${field}`;

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description(base.name)}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setFailure(null);
            const parsed = techCardModificationSchema.safeParse({ itemId, note });
            if (!parsed.success) {
              setErrors(issuesToFields(parsed.error.issues));
              return;
            }
            setErrors({});
            create.mutate();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={id('itemId')}>{m.item}</Label>
            <ReferencePicker
              id={id('itemId')}
              route="/products"
              value={itemId}
              valueLabel={itemLabel}
              aria-invalid={errors.itemId ? true : undefined}
              aria-describedby={`${id('itemId')}-message`}
              onChange={(value, label) => {
                setItemId(value);
                setItemLabel(label);
              }}
            />
            <FieldMessage id={`${id('itemId')}-message`} error={errors.itemId} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={id('note')}>{m.note}</Label>
            <Textarea id={id('note')} rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={id('name')}>{m.name}</Label>
            <Input id={id('name')} value={name} onChange={(event) => setName(event.target.value)} />
          </div>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={create.isPending} onClick={onClose}>
              {techCardsWebMessages.dialog.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {m.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
