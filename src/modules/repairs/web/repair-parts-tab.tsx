// 'Запчастини' of a repair's drawer (production.md §7): the draft lines (item, qty, price for the client) edited with
// the toolkit's lines editor and saved whole (PUT), 'Провести запчастини' (an RPP document through the ledger), and
// the posted RPP postings, each cancellable (the parts go back to stock).
import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCheckIcon, Loader2Icon, SaveIcon } from 'lucide-react';
import { repairOpenStatuses, type Repair, type RepairPartsState } from '@/modules/repairs/repairs.contract.ts';
import { ItemPicker } from '@/modules/items/web/index.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import {
  DocumentLineRow,
  DocumentLinesEditor,
  LineDecimalInput,
  LineField,
  RemoveLineButton,
} from '@/web/components/document-lines.tsx';
import { ReasonDialog } from '@/web/components/document-actions.tsx';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { decimalInput, formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { repairPartsQueryKey, repairsApi } from './repairs.api.ts';
import { Empty, Scroll } from './repair-tabs.tsx';
import { repairsWebMessages } from './repairs-web.messages.ts';

const p = repairsWebMessages.parts;
const MAX_LINES = 50;
const GRID = 'grid-cols-2 sm:grid-cols-[minmax(0,1fr)_7rem_8rem_2.5rem]';

interface DraftLine {
  key: number;
  itemId: number | null;
  itemName: string | null;
  qty: string;
  price: string;
}

/** '41,5' → '41.5' (the API's decimal). */
const apiDecimal = (text: string) => text.trim().replace(/\s/g, '').replace(',', '.');

export function PartsTab({
  repair,
  canChange,
  onChanged,
}: {
  repair: Repair;
  canChange: boolean;
  onChanged: () => void;
}) {
  const query = useQuery<RepairPartsState>({ queryKey: repairPartsQueryKey(repair.id) });
  if (query.isError && !query.data) {
    return (
      <StateMessage>
        <ListLoadError
          error={query.error}
          message={repairsWebMessages.drawer.loadError}
          retryText={repairsWebMessages.retry}
          onRetry={query.refetch}
        />
      </StateMessage>
    );
  }
  if (!query.data) return <Empty>{repairsWebMessages.drawer.loading}</Empty>;
  // Parts change only until the repair is ready (the server refuses later).
  const open = repairOpenStatuses.includes(repair.status);
  return (
    <div className="grid min-w-0 gap-5">
      <PartsDraft
        // A saved or posted draft comes back from the server: the editor starts again from it.
        key={JSON.stringify(query.data.lines)}
        repairId={repair.id}
        state={query.data}
        editable={canChange && open}
        onChanged={() => {
          void query.refetch();
          onChanged();
        }}
      />
      <Postings
        state={query.data}
        canChange={canChange}
        onChanged={() => {
          void query.refetch();
          onChanged();
        }}
      />
    </div>
  );
}

function PartsDraft({
  repairId,
  state,
  editable,
  onChanged,
}: {
  repairId: number;
  state: RepairPartsState;
  editable: boolean;
  onChanged: () => void;
}) {
  const formId = useId();
  const [lines, setLines] = useState<DraftLine[]>(() =>
    state.lines.map((line, index) => ({
      key: index,
      itemId: line.itemId,
      itemName: line.itemName,
      qty: decimalInput(line.qty),
      price: decimalInput(line.priceForClient),
    })),
  );
  const [nextKey, setNextKey] = useState(state.lines.length);
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const [confirmPost, setConfirmPost] = useState(false);

  const body = () =>
    lines
      .filter((line) => line.itemId !== null)
      .map((line) => ({
        itemId: line.itemId!,
        qty: apiDecimal(line.qty),
        priceForClient: apiDecimal(line.price) || '0',
      }));

  const save = useMutation({
    mutationFn: () => repairsApi.saveParts(repairId, { lines: body() }),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      toast({ title: p.saved });
      setDirty(false);
      onChanged();
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? repairsWebMessages.drawer.failed),
  });
  const post = useMutation({
    mutationFn: () => repairsApi.postParts(repairId),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      setConfirmPost(false);
      toast({ title: p.posted });
      onChanged();
    },
    onError: (error) => {
      setConfirmPost(false);
      setFailure(serverMessageOf(error) ?? repairsWebMessages.drawer.failed);
    },
  });

  function change(key: number, patch: Partial<DraftLine>) {
    setDirty(true);
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  }

  function validate(): boolean {
    const next: Record<string, string> = {};
    lines.forEach((line) => {
      if (line.itemId === null) next[`${line.key}-item`] = repairsWebMessages.intake.required;
      if (!/^\d+([.,]\d+)?$/.test(line.qty.trim()) || /^0+([.,]0+)?$/.test(line.qty.trim()))
        next[`${line.key}-qty`] = repairsWebMessages.intake.required;
    });
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  if (!editable) {
    if (!state.lines.length) return <Empty>{p.empty}</Empty>;
    return (
      <section className="grid gap-2" aria-label={p.draft}>
        <h3 className="text-base font-semibold">{p.draft}</h3>
        <PartsTable
          label={p.draft}
          moneyLabel={p.price}
          rows={state.lines.map((l) => ({ key: l.id, itemName: l.itemName, qty: l.qty, money: l.priceForClient }))}
        />
      </section>
    );
  }

  return (
    <form
      id={formId}
      noValidate
      className="grid min-w-0 gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (validate()) save.mutate();
      }}
    >
      <fieldset disabled={save.isPending || post.isPending} className="grid min-w-0 gap-3">
        <DocumentLinesEditor
          formId={formId}
          lines={{
            fields: lines,
            rootError: undefined,
            add: () => {
              setDirty(true);
              setLines((all) => [...all, { key: nextKey, itemId: null, itemName: null, qty: '1', price: '' }]);
              setNextKey((k) => k + 1);
            },
          }}
          max={MAX_LINES}
          grid={GRID}
          columns={[{ label: p.item }, { label: p.qty, numeric: true }, { label: p.price, numeric: true }]}
          texts={{ title: p.draft, empty: p.empty, emptyHint: '', add: p.add }}
        >
          {lines.map((line, index) => (
            <DocumentLineRow key={line.key} number={index + 1} className={GRID}>
              <LineField
                id={`${formId}-${line.key}-item`}
                label={p.item}
                error={errors[`${line.key}-item`]}
                className="col-span-2 sm:col-span-1"
              >
                <ItemPicker
                  id={`${formId}-${line.key}-item`}
                  value={line.itemId}
                  valueLabel={line.itemName}
                  source="components"
                  aria-label={p.item}
                  onPick={(option) =>
                    change(line.key, {
                      itemId: option.id,
                      itemName: option.name,
                      price: line.price || (option.retailPrice ? decimalInput(option.retailPrice) : ''),
                    })
                  }
                />
              </LineField>
              <LineField id={`${formId}-${line.key}-qty`} label={p.qty} error={errors[`${line.key}-qty`]}>
                <LineDecimalInput
                  id={`${formId}-${line.key}-qty`}
                  aria-label={p.qty}
                  value={line.qty}
                  onChange={(event) => change(line.key, { qty: event.target.value })}
                />
              </LineField>
              <LineField id={`${formId}-${line.key}-price`} label={p.price} error={undefined}>
                <LineDecimalInput
                  id={`${formId}-${line.key}-price`}
                  aria-label={p.price}
                  aria-required={false}
                  value={line.price}
                  onChange={(event) => change(line.key, { price: event.target.value })}
                />
              </LineField>
              <RemoveLineButton
                number={index + 1}
                className="col-span-2 sm:col-span-1"
                onRemove={() => {
                  setDirty(true);
                  setLines((all) => all.filter((l) => l.key !== line.key));
                }}
              />
            </DocumentLineRow>
          ))}
        </DocumentLinesEditor>
      </fieldset>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" variant="outline" disabled={!dirty || save.isPending}>
          {save.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SaveIcon aria-hidden="true" />
          )}
          {p.save}
        </Button>
        <Button
          type="button"
          disabled={dirty || state.lines.length === 0 || post.isPending}
          aria-describedby={dirty ? `${formId}-unsaved` : undefined}
          onClick={() => setConfirmPost(true)}
        >
          <CheckCheckIcon aria-hidden="true" />
          {p.post}
        </Button>
        {dirty ? (
          <span id={`${formId}-unsaved`} className="sr-only">
            {p.unsaved}
          </span>
        ) : null}
      </div>
      {confirmPost ? (
        <ConfirmDialog
          title={p.post}
          description={null}
          confirmLabel={p.post}
          cancelLabel={repairsWebMessages.drawer.back}
          pending={post.isPending}
          onConfirm={() => post.mutate()}
          onClose={() => setConfirmPost(false)}
        />
      ) : null}
    </form>
  );
}

function PartsTable({
  rows,
  label,
  moneyLabel,
}: {
  rows: readonly { key: number; itemName: string; qty: string; money: string }[];
  label: string;
  moneyLabel: string;
}) {
  return (
    <Scroll>
      <Table aria-label={label}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{p.item}</TableHead>
            <TableHead className="text-right">{p.qty}</TableHead>
            <TableHead className="text-right">{moneyLabel}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell className="whitespace-normal">{row.itemName}</TableCell>
              <TableCell className="text-right tabular-nums">{formatQty(row.qty)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(row.money)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
}

/** The posted RPP documents: number, date, value at AVCO, and 'Скасувати' while posted. */
function Postings({
  state,
  canChange,
  onChanged,
}: {
  state: RepairPartsState;
  canChange: boolean;
  onChanged: () => void;
}) {
  const [cancelling, setCancelling] = useState<{ id: number; number: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (step: { id: number; reason: string }) => repairsApi.cancelPosting(step.id, step.reason),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      setCancelling(null);
      toast({ title: p.cancelled });
      onChanged();
    },
    onError: (error) => {
      setCancelling(null);
      setFailure(serverMessageOf(error) ?? repairsWebMessages.drawer.failed);
    },
  });
  return (
    <section className="grid gap-2" aria-label={p.postings}>
      <h3 className="text-base font-semibold">{p.postings}</h3>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      {state.postings.length === 0 ? (
        <Empty>{p.noPostings}</Empty>
      ) : (
        <ul className="grid gap-3">
          {state.postings.map((posting) => (
            <li key={posting.id} className="grid gap-2 rounded-lg border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">
                  {posting.number} · {formatDateUk(posting.documentDate)} · {p.value}: {formatMoney(posting.value)}
                  {posting.status === 'cancelled' ? (
                    <span className="ml-2 text-muted-foreground line-through">{p.cancelledBadge}</span>
                  ) : null}
                </span>
                {canChange && posting.status === 'posted' ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    className="text-destructive hover:text-destructive dark:text-red-400"
                    onClick={() => setCancelling(posting)}
                  >
                    {p.cancel}
                  </Button>
                ) : null}
              </div>
              <PartsTable
                label={posting.number}
                moneyLabel={p.value}
                rows={posting.lines.map((line, index) => ({
                  key: index,
                  itemName: line.itemName,
                  qty: line.qty,
                  money: line.value,
                }))}
              />
            </li>
          ))}
        </ul>
      )}
      {cancelling ? (
        <ReasonDialog
          title={p.cancelTitle(cancelling.number)}
          description={p.cancelDescription}
          confirmLabel={p.cancel}
          cancelLabel={repairsWebMessages.drawer.back}
          pending={cancel.isPending}
          onConfirm={(reason) => cancel.mutate({ id: cancelling.id, reason })}
          onClose={() => setCancelling(null)}
        />
      ) : null}
    </section>
  );
}
