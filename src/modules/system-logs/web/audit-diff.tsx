// An audit record opened under its row: every field of before and after side by side, the changed ones marked,
// values written readably (text as is, numbers with a decimal comma, objects as short JSON) and '***' shown as hidden.
import { useQuery } from '@tanstack/react-query';
import type { AuditDetail } from '@/modules/system-logs/system-logs.contract.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { cn } from '@/web/lib/utils.ts';
import { auditDetailQueryKey } from './system-logs.api.ts';
import { systemLogsWebMessages } from './system-logs.messages.ts';

const m = systemLogsWebMessages.diff;
const HIDDEN = '***';
const DECIMAL = /^-?\d+\.\d+$/;

/** A value as the page writes it; '***' (a masked secret) becomes the word 'приховано'. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return m.empty;
  if (value === HIDDEN) return m.hidden;
  if (typeof value === 'string') return DECIMAL.test(value) ? value.replace('.', ',') : value;
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value === 'boolean') return value ? 'так' : 'ні';
  return JSON.stringify(value, (_k, v: unknown) => (v === HIDDEN ? m.hidden : v));
}

const fieldsOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : v === null || v === undefined
      ? {}
      : { '': v };

export function AuditDiffView({ detail }: { detail: AuditDetail }) {
  const before = fieldsOf(detail.before);
  const after = fieldsOf(detail.after);
  const changed = new Set(detail.changedKeys);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  // The changed fields first, then the rest in their order.
  keys.sort((a, b) => Number(changed.has(b)) - Number(changed.has(a)));
  if (!keys.length) return <p className="p-4 text-sm text-muted-foreground">{m.nothing}</p>;
  return (
    <div className="grid gap-2 p-3 sm:p-4">
      <p className="text-xs text-muted-foreground">
        {m.changedKeys(changed.size)}
        {detail.requestId ? ` · ${m.request(detail.requestId)}` : ''}
      </p>
      <div className="overflow-x-auto rounded-md border bg-card">
        <table className="w-full text-sm" aria-label={m.label}>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="px-3 py-2 font-medium">
                {m.key}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {m.before}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {m.after}
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => {
              const isChanged = changed.has(key);
              return (
                <tr
                  key={key}
                  data-changed={isChanged || undefined}
                  className={cn('border-b align-top last:border-0', isChanged && 'bg-amber-500/10')}
                >
                  <th scope="row" className="px-3 py-1.5 text-left font-mono text-xs font-medium">
                    {key}
                    {isChanged ? <span className="sr-only"> ({m.changed})</span> : null}
                  </th>
                  <td
                    className={cn(
                      'px-3 py-1.5 break-all',
                      isChanged && 'text-muted-foreground line-through decoration-1',
                    )}
                  >
                    {formatValue(before[key])}
                  </td>
                  <td className={cn('px-3 py-1.5 break-all', isChanged && 'font-medium')}>{formatValue(after[key])}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The opened row: loads the record and shows its diff. */
export function AuditDiff({ id }: { id: number }) {
  const query = useQuery<AuditDetail>({ queryKey: auditDetailQueryKey(id) });
  return (
    <div className="min-w-0">
      {query.data ? (
        <AuditDiffView detail={query.data} />
      ) : (
        <div className="p-4">
          <InlineQueryStatus
            query={query}
            loadingText={m.loading}
            errorText={m.loadError}
            retryText={systemLogsWebMessages.retry}
          />
        </div>
      )}
    </div>
  );
}
