// Material availability and completion readiness of a manufacturing order (issue 21), shown on the drawer, in the
// release dialog and on the /production board: 'Бракує матеріалів' with every short line (SKU, name, needed,
// available, in the item's unit, decimal comma), 'Матеріалів достатньо', and 'Готово до завершення'.
import { AlertTriangleIcon, CheckCircle2Icon } from 'lucide-react';
import { moMessages, type MoShortMaterial } from '@/modules/manufacturing/manufacturing.contract.ts';
import { StatusBadge } from '@/web/components/document-parts.tsx';

/** The short lines, one per material. */
export function ShortMaterialsList({ short }: { short: readonly MoShortMaterial[] }) {
  return (
    <ul className="grid gap-0.5 text-xs">
      {short.map((line) => (
        <li key={line.itemId}>{moMessages.shortLine(line)}</li>
      ))}
    </ul>
  );
}

/** The drawer's and the release dialog's notice: enough, or short with the lines; nothing when not checked. */
export function MaterialsAvailability({ short }: { short: readonly MoShortMaterial[] | null }) {
  if (short === null) return null;
  if (!short.length) {
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-400">
        <CheckCircle2Icon className="size-4 shrink-0" aria-hidden="true" />
        {moMessages.materialsEnough}
      </p>
    );
  }
  return (
    <div
      role="status"
      aria-label={moMessages.materialsShortBadge}
      className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200"
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <span className="font-medium">{moMessages.materialsShortBadge}</span>
        <ShortMaterialsList short={short} />
      </div>
    </div>
  );
}

/** A card's short badge; the tooltip lists the short lines. */
export function ShortMaterialsBadge({ short }: { short: readonly MoShortMaterial[] | null | undefined }) {
  if (!short?.length) return null;
  const lines = short.map(moMessages.shortLine).join('\n');
  return (
    <span title={lines} aria-label={`${moMessages.materialsShortBadge}: ${lines}`}>
      <StatusBadge label={moMessages.materialsShortBadge} tone="amber" />
    </span>
  );
}

/** 'Готово до завершення': the full quantity is produced, 'Завершити' is the next step. */
export function ReadyToCompleteBadge() {
  return <StatusBadge label={moMessages.readyToComplete} tone="emerald" />;
}
