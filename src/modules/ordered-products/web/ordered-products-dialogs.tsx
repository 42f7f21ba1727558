// The three actions of 'Замовлені товари' (production.md §10): 'Зарезервувати вільне' (a confirmation), 'Створити МВ'
// (qty per item, recipe, 'Кратно партії', 'Запустити одразу') and 'Замовити' (qty per item → supplier-order drafts).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import type { OrderedProductRow } from '@/modules/ordered-products/ordered-products.contract.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog.tsx';
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
import { Switch } from '@/web/components/ui/switch.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import {
  activeRecipesQueryKey,
  isOrderedProductsQuery,
  orderedProductsApi,
  type RecipeOption,
} from './ordered-products.api.ts';
import { orderedProductsWebMessages as m } from './ordered-products.messages.ts';

const DEFAULT_RECIPE = 'default';
const QTY_PATTERN = /^\d+([.,]\d{1,4})?$/;
const formatQty = (value: string) => formatDecimalUk(value, 0);
/** What a typed quantity sends: the decimal point, no spaces; null when it is not a positive number. */
export function qtyOf(text: string): string | null {
  const v = text.trim().replace(/\s/g, '');
  if (!QTY_PATTERN.test(v) || !/[1-9]/.test(v)) return null;
  return v.replace(',', '.');
}
/** A quantity as the input shows it (no trailing zeros; '' for zero). */
const qtyInput = (value: string) => {
  const trimmed = value.includes('.') ? value.replace(/\.?0+$/, '') : value;
  return trimmed === '0' ? '' : trimmed.replace('.', ',');
};

function Failure({ text }: { text: string | null }) {
  return text ? <FormFailure>{text}</FormFailure> : null;
}

/**
 * The quantity typed for each chosen row (starting from `initial`), its error, and `check`: the quantities to send
 * by item, or null after naming the wrong ones under their inputs.
 */
function useRowQuantities(rows: OrderedProductRow[], initial: (row: OrderedProductRow) => string) {
  const [qty, setQty] = useState<Record<number, string>>(() =>
    Object.fromEntries(rows.map((r) => [r.itemId, qtyInput(initial(r))])),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  function check(): Map<number, string> | null {
    const found: Record<number, string> = {};
    const values = new Map<number, string>();
    for (const row of rows) {
      const value = qtyOf(qty[row.itemId] ?? '');
      if (value === null) found[row.itemId] = m.mo.qtyError;
      else values.set(row.itemId, value);
    }
    setErrors(found);
    return Object.keys(found).length ? null : values;
  }
  return { qty, setQty, errors, check };
}

/** The quantity input of one row, its error under it. */
function RowQtyInput({
  id,
  label,
  quantities,
  row,
}: {
  id: string;
  label: string;
  quantities: ReturnType<typeof useRowQuantities>;
  row: OrderedProductRow;
}) {
  const inputId = `${id}-qty-${row.itemId}`;
  const error = quantities.errors[row.itemId];
  return (
    <>
      <Input
        id={inputId}
        inputMode="decimal"
        autoComplete="off"
        aria-label={label}
        value={quantities.qty[row.itemId] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-message`}
        onChange={(event) => quantities.setQty((c) => ({ ...c, [row.itemId]: event.target.value }))}
      />
      <FieldMessage id={`${inputId}-message`} error={error} />
    </>
  );
}

/** The form dialog of an action on the chosen rows: its fields, the failure, 'Скасувати' and the action. */
function RowsActionDialog({
  texts,
  className,
  pending,
  failure,
  onSubmit,
  onClose,
  children,
}: {
  texts: { title: string; description: string; cancel: string; submit: string };
  /** The dialog's width. */
  className: string;
  pending: boolean;
  failure: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className={cn('max-h-[90vh] gap-5 overflow-y-auto p-4 sm:p-6', className)}>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-5"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <Failure text={failure} />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {texts.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Зарезервувати вільне' for one or more items: one request per item, earliest due first on the server. */
export function ReserveDialog({
  rows,
  approvedOnly,
  onClose,
}: {
  rows: OrderedProductRow[];
  approvedOnly: boolean;
  onClose: (done: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async () => {
      let reservedAny = false;
      const answers: string[] = [];
      for (const row of rows) {
        try {
          const result = await orderedProductsApi.reserve(row.itemId, approvedOnly);
          reservedAny = true;
          answers.push(`${row.sku}: ${formatQty(result.reserved)}`);
        } catch (error) {
          // Nothing free for this item is not a failure of the others.
          if (!(error instanceof ApiError && error.status === 409)) throw error;
        }
      }
      return { reservedAny, answers };
    },
    onSuccess: ({ reservedAny, answers }) => {
      void queryClient.invalidateQueries({ predicate: isOrderedProductsQuery });
      if (!reservedAny) {
        setFailure(m.reserve.nothing);
        return;
      }
      toast({ title: m.reserve.done(answers.join(', ')) });
      onClose(true);
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? m.reserve.failed),
  });
  return (
    <AlertDialog open onOpenChange={(open) => !open && !mutation.isPending && onClose(false)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{m.reserve.title}</AlertDialogTitle>
          <AlertDialogDescription>{m.reserve.description(rows.length)}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="grid gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.itemId}>
              <span className="font-mono text-xs">{row.sku}</span> {row.itemName} — {m.columns.uncovered.toLowerCase()}{' '}
              {formatQty(row.uncovered)}, {m.columns.free.toLowerCase()} {formatQty(row.free)}
            </li>
          ))}
        </ul>
        <Failure text={failure} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{m.reserve.cancel}</AlertDialogCancel>
          <AlertDialogAction
            disabled={mutation.isPending}
            onClick={(event) => {
              event.preventDefault(); // stay open until the server answers
              setFailure(null);
              mutation.mutate();
            }}
          >
            {mutation.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {m.reserve.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The recipe choice of one item: its active recipes, or the default spec only when they cannot be read. */
function RecipeSelect({
  itemId,
  sku,
  value,
  onChange,
}: {
  itemId: number;
  sku: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const query = useQuery<RecipeOption[]>({
    queryKey: activeRecipesQueryKey(itemId),
    queryFn: () => orderedProductsApi.recipes(itemId),
    retry: false,
  });
  const recipes = Array.isArray(query.data) ? query.data : [];
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={m.mo.recipeFor(sku)} className="w-full">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={DEFAULT_RECIPE}>{m.mo.recipeDefault}</SelectItem>
        {recipes.map((recipe) => (
          <SelectItem key={recipe.id} value={String(recipe.id)}>
            {recipe.name} ({m.mo.batch(formatQty(recipe.batchSize))})
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** 'Створити МВ': qty = toProduce by default, a recipe, 'Кратно партії' and 'Запустити одразу'. */
export function CreateMoDialog({
  rows,
  approvedOnly,
  onClose,
}: {
  rows: OrderedProductRow[];
  approvedOnly: boolean;
  onClose: (done: boolean) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const quantities = useRowQuantities(rows, (r) => r.toProduce);
  const [recipe, setRecipe] = useState<Record<number, string>>(() =>
    Object.fromEntries(rows.map((r) => [r.itemId, DEFAULT_RECIPE])),
  );
  const [roundToBatch, setRoundToBatch] = useState(false);
  const [release, setRelease] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: orderedProductsApi.createMos,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ predicate: isOrderedProductsQuery });
      toast({ title: m.mo.done(result.orders.map((o) => o.number).join(', ')) });
      onClose(true);
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? m.mo.failed),
  });

  function submit() {
    setFailure(null);
    const values = quantities.check();
    if (!values) return;
    const items = rows.map((row) => {
      const chosen = recipe[row.itemId];
      return {
        itemId: row.itemId,
        qty: values.get(row.itemId),
        recipeId: chosen && chosen !== DEFAULT_RECIPE ? Number(chosen) : null,
        release,
        roundToBatch,
      };
    });
    mutation.mutate({ items, approvedOnly });
  }

  return (
    <RowsActionDialog
      texts={m.mo}
      className="sm:max-w-2xl"
      pending={mutation.isPending}
      failure={failure}
      onSubmit={submit}
      onClose={() => onClose(false)}
    >
      <ul className="grid gap-4">
        {rows.map((row) => (
          <li key={row.itemId} className="grid gap-2 rounded-lg border p-3">
            <p className="text-sm">
              <span className="font-mono text-xs">{row.sku}</span> <span className="font-medium">{row.itemName}</span>
              <span className="block text-xs text-muted-foreground">
                {m.columns.uncovered}: {formatQty(row.uncovered)} · {m.columns.free}: {formatQty(row.free)} ·{' '}
                {m.columns.inProduction}: {formatQty(row.inProduction)}
              </span>
            </p>
            <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-qty-${row.itemId}`}>{m.mo.qty}</Label>
                <RowQtyInput id={id} label={m.mo.qtyFor(row.sku)} quantities={quantities} row={row} />
              </div>
              <div className="grid content-start gap-1.5">
                <span className="text-sm font-medium">{m.mo.recipe}</span>
                <RecipeSelect
                  itemId={row.itemId}
                  sku={row.sku}
                  value={recipe[row.itemId] ?? DEFAULT_RECIPE}
                  onChange={(value) => setRecipe((c) => ({ ...c, [row.itemId]: value }))}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="grid gap-3">
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-batch`}>{m.mo.roundToBatch}</Label>
            <p className="text-xs text-muted-foreground">{m.mo.roundToBatchHint}</p>
          </div>
          <Switch id={`${id}-batch`} checked={roundToBatch} onCheckedChange={setRoundToBatch} />
        </div>
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-release`}>{m.mo.release}</Label>
            <p className="text-xs text-muted-foreground">{m.mo.releaseHint}</p>
          </div>
          <Switch id={`${id}-release`} checked={release} onCheckedChange={setRelease} />
        </div>
      </div>
    </RowsActionDialog>
  );
}

/** 'Замовити': qty = toBuy by default; drafts per supplier are made by the server. */
export function BuyDialog({
  rows,
  approvedOnly,
  onClose,
}: {
  rows: OrderedProductRow[];
  approvedOnly: boolean;
  onClose: (done: boolean) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const quantities = useRowQuantities(rows, (r) => r.toBuy);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: orderedProductsApi.createSupplierOrders,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ predicate: isOrderedProductsQuery });
      toast({ title: m.buy.done(result.orders.map((o) => `${o.number} (${o.supplierName})`).join(', ')) });
      onClose(true);
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? m.buy.failed),
  });

  function submit() {
    setFailure(null);
    const values = quantities.check();
    if (!values) return;
    mutation.mutate({ items: rows.map((row) => ({ itemId: row.itemId, qty: values.get(row.itemId) })), approvedOnly });
  }

  return (
    <RowsActionDialog
      texts={m.buy}
      className="sm:max-w-lg"
      pending={mutation.isPending}
      failure={failure}
      onSubmit={submit}
      onClose={() => onClose(false)}
    >
      <ul className="grid gap-3">
        {rows.map((row) => (
          <li key={row.itemId} className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_9rem] sm:items-start">
            <p className="text-sm">
              <span className="font-mono text-xs">{row.sku}</span> <span className="font-medium">{row.itemName}</span>
              <span className="block text-xs text-muted-foreground">
                {m.columns.uncovered}: {formatQty(row.uncovered)} · {m.columns.free}: {formatQty(row.free)}
              </span>
            </p>
            <div className="grid gap-1">
              <RowQtyInput id={id} label={m.buy.qtyFor(row.sku)} quantities={quantities} row={row} />
            </div>
          </li>
        ))}
      </ul>
    </RowsActionDialog>
  );
}
