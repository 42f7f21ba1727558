// 'Створити замовлення постачальнику' (warehouse.md §4 Actions): the selected rows with their quantity (the
// suggested one, editable) and supplier; rows without a preferred supplier get one chosen here (the supplier-order
// drafts need one). The server makes one draft per supplier at the last price.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import type { CreateSupplierOrdersInput, ShortageRow } from '@/modules/shortage/shortage.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
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
import { ApiError, endpointKey, serverMessageOf } from '@/web/lib/api.ts';
import { decimalInput } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { isShortageQuery, shortageApi } from './shortage.api.ts';
import { shortageWebMessages } from './shortage.messages.ts';
import { supplierOrdersEndpoints } from '@/modules/supplier-orders/supplier-orders.endpoints.ts';

const m = shortageWebMessages.orderDialog;
const QTY = /^\d+(\.\d{1,4})?$/;

/** A typed quantity ('12,5', '1 000') as the API's decimal, or null when it is not a positive number. */
export function parseQty(text: string): string | null {
  const value = text.replace(/\s/g, '').replace(',', '.');
  return QTY.test(value) && /[1-9]/.test(value) ? value : null;
}

export function ShortageOrderDialog({
  rows,
  onClose,
  onCreated,
}: {
  rows: readonly ShortageRow[];
  onClose: () => void;
  onCreated: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [qty, setQty] = useState<Record<number, string>>(() =>
    Object.fromEntries(rows.map((r) => [r.itemId, decimalInput(r.suggestedQty)])),
  );
  const [qtyErrors, setQtyErrors] = useState<Record<number, string>>({});
  const [supplier, setSupplier] = useState<{ id: number | null; label: string | null }>({ id: null, label: null });
  const [supplierError, setSupplierError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const withoutSupplier = rows.filter((r) => r.preferredSupplierId === null);

  const mutation = useMutation({
    mutationFn: (body: CreateSupplierOrdersInput) => shortageApi.createSupplierOrders(body),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ predicate: isShortageQuery });
      // The supplier orders' lists and their stat cards (that module's endpoints).
      void queryClient.invalidateQueries({ queryKey: endpointKey(supplierOrdersEndpoints.list) });
      void queryClient.invalidateQueries({ queryKey: endpointKey(supplierOrdersEndpoints.stats) });
      toast({ title: m.created(result.orders.map((o) => o.number).join(', ')), description: m.whereToFind });
      onCreated();
    },
    onError: (err) => {
      setFailure(serverMessageOf(err) ?? m.failed);
      if (err instanceof ApiError && err.fields) {
        if (Object.keys(err.fields).some((k) => k.endsWith('.supplierId'))) setSupplierError(m.supplierRequired);
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const errors: Record<number, string> = {};
    const lines: CreateSupplierOrdersInput['lines'] = [];
    for (const row of rows) {
      const value = parseQty(qty[row.itemId] ?? '');
      if (!value) errors[row.itemId] = m.qtyInvalid;
      lines.push({
        itemId: row.itemId,
        qty: value ?? '0',
        ...(row.preferredSupplierId === null ? { supplierId: supplier.id } : {}),
      });
    }
    setQtyErrors(errors);
    const missingSupplier = withoutSupplier.length > 0 && supplier.id === null;
    setSupplierError(missingSupplier ? m.supplierRequired : undefined);
    if (Object.keys(errors).length || missingSupplier) return;
    mutation.mutate({ lines });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-2xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-5" noValidate onSubmit={submit}>
          <ul className="grid max-h-[50vh] gap-3 overflow-y-auto pr-1">
            {rows.map((row) => {
              const inputId = `${id}-qty-${row.itemId}`;
              return (
                <li key={row.itemId} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_9rem]">
                  <div className="min-w-0">
                    <span className="block font-mono text-xs text-muted-foreground">{row.sku}</span>
                    <span className="block font-medium">{row.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      {m.supplier}:{' '}
                      {row.preferredSupplierName
                        ? `${row.preferredSupplierName} (${m.preferred})`
                        : (supplier.label ?? shortageWebMessages.noSupplier)}
                    </span>
                  </div>
                  <div className="grid gap-1">
                    <Label htmlFor={inputId} className="text-xs">
                      {m.qty}
                      {row.unitShortName ? `, ${row.unitShortName}` : ''}
                    </Label>
                    <Input
                      id={inputId}
                      inputMode="decimal"
                      autoComplete="off"
                      aria-label={m.qtyFor(row.sku)}
                      aria-invalid={qtyErrors[row.itemId] ? true : undefined}
                      aria-describedby={`${inputId}-message`}
                      value={qty[row.itemId] ?? ''}
                      onChange={(event) => setQty((current) => ({ ...current, [row.itemId]: event.target.value }))}
                    />
                    <FieldMessage id={`${inputId}-message`} error={qtyErrors[row.itemId]} />
                  </div>
                </li>
              );
            })}
          </ul>
          {withoutSupplier.length > 0 ? (
            <div className="grid gap-1.5">
              <p className="text-sm">{m.needSupplier(withoutSupplier.length)}</p>
              <ReferencePicker
                route="/suppliers"
                aria-label={m.supplierFor}
                aria-invalid={supplierError ? true : undefined}
                aria-describedby={`${id}-supplier-message`}
                value={supplier.id}
                valueLabel={supplier.label}
                onChange={(supplierId, label) => {
                  setSupplier({ id: supplierId, label });
                  if (supplierId !== null) setSupplierError(undefined);
                }}
              />
              <FieldMessage id={`${id}-supplier-message`} error={supplierError} />
            </div>
          ) : null}
          {failure ? (
            <div
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
            >
              {failure}
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={mutation.isPending} onClick={onClose}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {m.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
