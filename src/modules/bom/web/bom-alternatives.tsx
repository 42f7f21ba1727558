// A BOM line's component alternatives (reference-data.md §17: shown on /bom, information only, never substituted):
// a marker with their count under the component's name that opens the list — SKU, name, note and free stock.
import { ArrowLeftRightIcon } from 'lucide-react';
import type { BomLine } from '@/modules/bom/bom.contract.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { bomWebMessages } from './bom.messages.ts';

const m = bomWebMessages.alternatives;

export function LineAlternatives({ line }: { line: Pick<BomLine, 'name' | 'alternatives'> }) {
  if (!line.alternatives.length) return null;
  return (
    <details className="mt-1 text-xs">
      <summary
        className="inline-flex w-fit cursor-pointer items-center gap-1 rounded-full border border-sky-300 px-2 py-0.5 text-sky-800 dark:border-sky-700 dark:text-sky-300"
        title={m.hint}
      >
        <ArrowLeftRightIcon className="size-3" aria-hidden="true" />
        {m.marker(line.alternatives.length)}
      </summary>
      <ul aria-label={m.listLabel(line.name)} className="mt-1 grid gap-0.5">
        {line.alternatives.map((a) => (
          <li key={a.itemId} className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-mono">{a.sku}</span>
            <span>{a.name}</span>
            <span
              className={cn(
                'tabular-nums',
                cmp(dec(a.available), dec(0)) > 0 ? 'text-emerald-700 dark:text-emerald-300' : 'text-muted-foreground',
              )}
            >
              {m.free(formatQty(a.available), a.unitShortName ?? '')}
            </span>
            {a.note ? <span className="text-muted-foreground">{a.note}</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
