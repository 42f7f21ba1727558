// The card's time and cost for a chosen quantity (production.md §2 'Summary'): minutes per operation, the total,
// labour at the positions' rates, overhead at the departments' rates and the lead time in working days — all from
// the server's production core for the saved card.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { positiveQty, type TechCardCost } from '@/modules/tech-cards/tech-cards.contract.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { TableCell, TableHead, TableRow } from '@/web/components/ui/table.tsx';
import { formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { FigureTable, OperationCells } from './operation-table.tsx';
import { techCardSummaryQueryKey } from './tech-cards.api.ts';
import { techCardsWebMessages } from './tech-cards.messages.ts';

const m = techCardsWebMessages.summary;

export function TechCardCostPanel({
  cardId,
  dirty,
  qty,
  onQtyChange,
}: {
  cardId: number | null;
  /** The editor holds unsaved changes: the figures are the saved card's. */
  dirty: boolean;
  qty: string;
  onQtyChange: (qty: string) => void;
}) {
  const [text, setText] = useState(qty);
  const debounce = useDebouncedAction(300);
  const parsed = positiveQty.safeParse(text);
  const error = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const query = useQuery<TechCardCost>({
    queryKey: techCardSummaryQueryKey(cardId ?? 0, qty),
    enabled: cardId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
  });
  const cost = query.data;
  return (
    <section className="grid grid-cols-1 min-w-0 gap-3" aria-labelledby="tech-card-cost-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="tech-card-cost-title" className="text-base font-semibold">
          {m.title}
        </h3>
        <div className="grid grid-cols-1 w-40 gap-1.5">
          <Label htmlFor="tech-card-cost-qty">{m.qty}</Label>
          <Input
            id="tech-card-cost-qty"
            inputMode="decimal"
            className="text-right tabular-nums"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby="tech-card-cost-qty-message"
            onChange={(event) => {
              const value = event.target.value;
              setText(value);
              const next = positiveQty.safeParse(value);
              if (next.success) debounce(() => onQtyChange(next.data));
            }}
          />
          <FieldMessage id="tech-card-cost-qty-message" error={error} />
        </div>
      </div>
      {cardId === null ? (
        <p className="text-sm text-muted-foreground">{m.saveFirst}</p>
      ) : (
        <>
          {dirty ? <p className="text-sm text-amber-700 dark:text-amber-300">{m.unsaved}</p> : null}
          <InlineQueryStatus query={query} loadingText={m.loading} errorText={m.loadError} retryText="Повторити" />
          {cost ? (
            <FigureTable
              label={m.title}
              className="min-w-[36rem]"
              head={
                <>
                  <TableHead className="w-14">№</TableHead>
                  <TableHead>{m.operation}</TableHead>
                  <TableHead className="text-right">{m.minutes}</TableHead>
                  <TableHead className="text-right">{m.labour}</TableHead>
                  <TableHead className="text-right">{m.overhead}</TableHead>
                </>
              }
              footer={
                <>
                  <TableCell colSpan={2} className="font-medium">
                    {m.total}
                  </TableCell>
                  <TableCell className="text-right font-medium tabular-nums" data-testid="cost-minutes">
                    {formatQty(cost.minutes)}
                  </TableCell>
                  <TableCell className="text-right font-medium tabular-nums" data-testid="cost-labour">
                    {formatMoney(cost.labour)}
                  </TableCell>
                  <TableCell className="text-right font-medium tabular-nums">{formatMoney(cost.overhead)}</TableCell>
                </>
              }
            >
              {cost.operations.map((op) => (
                <TableRow key={op.seq}>
                  <OperationCells op={op} mark={op.canRunParallel ? m.parallel : null} />
                  <TableCell className="text-right tabular-nums">{formatMoney(op.labour)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(op.overhead)}</TableCell>
                </TableRow>
              ))}
            </FigureTable>
          ) : null}
          {cost ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{m.totalCost}</dt>
              <dd className="font-medium tabular-nums">{formatMoney(cost.total)}</dd>
              <dt className="text-muted-foreground">{m.leadTime}</dt>
              <dd className="font-medium">{m.days(cost.leadTimeDays, cost.hoursPerDay)}</dd>
            </dl>
          ) : null}
        </>
      )}
    </section>
  );
}
