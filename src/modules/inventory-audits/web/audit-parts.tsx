// Small parts of the inventory audit pages: the status badge, the progress bar and a picker of several references.
import { XIcon } from 'lucide-react';
import { auditStatusLabels, type AuditStatus } from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';
import { cn } from '@/web/lib/utils.ts';
import { auditsWebMessages as messages } from './inventory-audits.messages.ts';

const statusTones: Record<AuditStatus, StatusTone> = {
  draft: 'amber',
  counting: 'sky',
  posted: 'emerald',
  cancelled: 'struck',
};

export function AuditStatusBadge({ status, className }: { status: AuditStatus; className?: string }) {
  return <StatusBadge label={auditStatusLabels[status]} tone={statusTones[status]} className={className} />;
}

/** 'counted / total' with a thin bar. */
export function AuditProgress({ counted, total, className }: { counted: number; total: number; className?: string }) {
  const percent = total === 0 ? 0 : Math.round((counted / total) * 100);
  return (
    <span className={cn('inline-grid min-w-20 gap-1', className)}>
      <span className="text-sm tabular-nums">{messages.progress(counted, total)}</span>
      <span
        className="h-1.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={messages.columns.progress}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={counted}
      >
        <span className="block h-full bg-primary" style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}

export interface Chosen {
  id: number;
  label: string;
}

/** Several references: each pick is added as a chip, a chip's cross removes it. */
export function MultiPicker({
  id,
  route,
  label,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id?: string;
  route: string;
  label: string;
  value: readonly Chosen[];
  onChange: (value: Chosen[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <div className="grid gap-2">
      <ReferencePicker
        id={id}
        route={route}
        value={null}
        valueLabel={null}
        placeholder={messages.create.addPlaceholder}
        aria-label={label}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(picked, pickedLabel) => {
          if (picked === null || value.some((v) => v.id === picked)) return;
          onChange([...value, { id: picked, label: pickedLabel ?? String(picked) }]);
        }}
      />
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {value.map((v) => (
            <li key={v.id} className="inline-flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs">
              {v.label}
              <button
                type="button"
                className="rounded-full p-0.5 outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring/50"
                aria-label={messages.create.remove(v.label)}
                onClick={() => onChange(value.filter((x) => x.id !== v.id))}
              >
                <XIcon className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
