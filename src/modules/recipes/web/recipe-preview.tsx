// The recipe's preview (production.md §3 'Page'): materials for one batch (BOM × batch), operations with minutes
// (tech card × batch) and the cost per unit — asked from the server each time, so a BOM line changed elsewhere shows
// here at once. Nothing of it is stored with the recipe.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangleIcon } from 'lucide-react';
import type { RecipePreview as Preview } from '@/modules/recipes/recipes.contract.ts';
import type { recipesEndpoints } from '@/modules/recipes/recipes.endpoints.ts';
import type { QueryInput } from '@/shared/endpoint.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { FigureTable, OperationCells } from '@/modules/tech-cards/web/index.ts';
import { TableCell, TableHead, TableRow } from '@/web/components/ui/table.tsx';
import { formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { formatUnitCost, recipePreviewQueryKey } from './recipes.api.ts';
import { recipesWebMessages } from './recipes.messages.ts';

const m = recipesWebMessages.preview;

/** The form's variant as the preview endpoint takes it. */
export type PreviewParams = QueryInput<typeof recipesEndpoints.preview>;

export function RecipePreviewPanel({ params, unit }: { params: PreviewParams | null; unit: string | null }) {
  const query = useQuery<Preview>({
    queryKey: recipePreviewQueryKey(
      params ?? { itemId: 0, bomId: 0, techCardId: null, batchSize: '1', labourRatePerHour: null },
    ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
  });
  const preview = params ? query.data : undefined;
  const batch = preview ? `${formatQty(preview.batchSize)} ${unit ?? 'од.'}` : '';
  return (
    <section className="grid grid-cols-1 min-w-0 content-start gap-4" aria-labelledby="recipe-preview-title">
      <h3 id="recipe-preview-title" className="text-base font-semibold">
        {m.title}
      </h3>
      {params === null ? <p className="text-sm text-muted-foreground">{m.waiting}</p> : null}
      {params !== null ? (
        <InlineQueryStatus query={query} loadingText={m.loading} errorText={m.loadError} retryText={m.retry} />
      ) : null}
      {preview ? (
        <>
          <div className="grid grid-cols-1 gap-2">
            <h4 className="text-sm font-medium">{m.materials(batch)}</h4>
            {preview.materials.length === 0 ? (
              <p className="text-sm text-muted-foreground">{m.noMaterials}</p>
            ) : (
              <FigureTable
                label={m.materials(batch)}
                className="min-w-[28rem]"
                head={
                  <>
                    <TableHead>{m.material}</TableHead>
                    <TableHead className="text-right">{m.perUnit}</TableHead>
                    <TableHead className="text-right">{m.perBatch}</TableHead>
                  </>
                }
              >
                {preview.materials.map((line) => (
                  <TableRow key={line.bomLineId}>
                    <TableCell>
                      <span className="block font-mono text-xs text-muted-foreground">{line.sku}</span>
                      <span className="block">{line.name}</span>
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {formatQty(line.perUnitQty)}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums" data-testid="batch-qty">
                      {formatQty(line.batchQty)} {line.unitShortName ?? ''}
                    </TableCell>
                  </TableRow>
                ))}
              </FigureTable>
            )}
          </div>

          <div className="grid grid-cols-1 gap-2">
            <h4 className="text-sm font-medium">{m.operations(batch)}</h4>
            {preview.operations.length === 0 ? (
              <p className="text-sm text-muted-foreground">{m.noOperations}</p>
            ) : (
              <FigureTable
                label={m.operations(batch)}
                className="min-w-[28rem]"
                head={
                  <>
                    <TableHead className="w-12">{m.seq}</TableHead>
                    <TableHead>{m.operation}</TableHead>
                    <TableHead className="text-right">{m.minutes}</TableHead>
                  </>
                }
                footer={
                  <>
                    <TableCell colSpan={2}>{m.totalMinutes}</TableCell>
                    <TableCell className="text-right tabular-nums" data-testid="preview-minutes">
                      {formatQty(preview.minutes)}
                    </TableCell>
                  </>
                }
              >
                {preview.operations.map((op) => (
                  <TableRow key={op.seq}>
                    <OperationCells op={op} mark={op.inherited ? m.inherited : null} />
                  </TableRow>
                ))}
              </FigureTable>
            )}
          </div>

          <div className="grid grid-cols-1 gap-2">
            <h4 className="text-sm font-medium">{m.cost}</h4>
            {preview.cost ? (
              <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{m.material_}</dt>
                <dd className="text-right tabular-nums">{formatMoney(preview.cost.material)}</dd>
                <dt className="text-muted-foreground">{m.labour}</dt>
                <dd className="text-right tabular-nums">{formatMoney(preview.cost.labour)}</dd>
                <dt className="text-muted-foreground">{m.overhead}</dt>
                <dd className="text-right tabular-nums">{formatMoney(preview.cost.overhead)}</dd>
                <dt className="text-muted-foreground">{m.total}</dt>
                <dd className="text-right tabular-nums">{formatMoney(preview.cost.total)}</dd>
                <dt className="font-medium">{m.perUnitCost}</dt>
                <dd className="text-right font-semibold tabular-nums" data-testid="preview-unit-cost">
                  {formatUnitCost(preview.cost.perUnit)}
                </dd>
                <dt className="text-muted-foreground">{m.leadTime}</dt>
                <dd className="text-right">{m.days(preview.leadTimeDays)}</dd>
              </dl>
            ) : (
              <p className="text-sm text-muted-foreground">{preview.costError ?? m.noCost}</p>
            )}
            {preview.cost && preview.cost.noPrice.length > 0 ? (
              <p className="flex items-center gap-2 text-sm text-amber-700 dark:text-amber-300">
                <AlertTriangleIcon className="size-4 shrink-0" aria-hidden="true" />
                {m.noPrice(preview.cost.noPrice.length)}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
