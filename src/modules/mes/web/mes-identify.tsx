// 'Ідентифікація': the operator scans a badge (a scanner types the code and Enter) or, when the setting mes.requireBadge
// is off, taps his name in the department's list.
import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ScanLineIcon } from 'lucide-react';
import { mesTexts, type MesWorker } from '@/modules/mes/mes.contract.ts';
import { StateMessage } from '@/web/components/data-list.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { mesApi, mesWorkersQueryFn, mesWorkersQueryKey } from './mes.api.ts';
import { BigButton } from './mes-parts.tsx';

export interface Identity {
  worker: MesWorker;
  /** The scanned badge, sent with every action (the server asks for it when the setting requires a badge). */
  badgeCode?: string;
}

export function IdentifyPanel({
  departmentId,
  requireBadge,
  onIdentified,
}: {
  departmentId: number | null;
  requireBadge: boolean;
  onIdentified: (identity: Identity) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const workersQuery = useQuery({
    queryKey: mesWorkersQueryKey(departmentId),
    queryFn: mesWorkersQueryFn,
    enabled: !requireBadge,
  });

  async function scan(event: FormEvent) {
    event.preventDefault();
    const badgeCode = code.trim();
    if (!badgeCode || busy) return;
    setBusy(true);
    setError(null);
    try {
      const worker = await mesApi.identify(badgeCode);
      onIdentified({ worker, badgeCode });
    } catch (err) {
      setError(serverMessageOf(err) ?? (err instanceof Error ? err.message : String(err)));
      setCode('');
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const workers = workersQuery.data?.items ?? [];
  return (
    <section className="flex flex-col gap-6" aria-labelledby="mes-identify-title">
      <h2 id="mes-identify-title" className="text-2xl font-bold">
        {mesTexts.identify}
      </h2>
      <form onSubmit={scan} className="flex flex-col gap-3 sm:flex-row">
        <label className="flex flex-1 flex-col gap-2 text-lg font-semibold">
          <span className="flex items-center gap-2">
            <ScanLineIcon className="size-6" aria-hidden="true" />
            {mesTexts.scanBadge}
          </span>
          <input
            ref={inputRef}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder={mesTexts.badgePlaceholder}
            autoFocus
            autoComplete="off"
            className="min-h-16 rounded-lg border-2 border-slate-500 bg-white px-4 text-2xl dark:bg-slate-900"
          />
        </label>
        <BigButton type="submit" tone="report" disabled={busy || !code.trim()} className="sm:self-end">
          {mesTexts.confirm}
        </BigButton>
      </form>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-700 px-4 py-3 text-lg font-semibold text-white">
          {error}
        </p>
      ) : null}
      {requireBadge ? (
        <p className="text-lg text-muted-foreground">{mesTexts.badgeOnly}</p>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-lg text-muted-foreground">{mesTexts.orPickName}</p>
          {workersQuery.isLoading ? (
            <StateMessage>{mesTexts.loading}</StateMessage>
          ) : workersQuery.isError ? (
            <StateMessage>{mesTexts.error}</StateMessage>
          ) : workers.length === 0 ? (
            <StateMessage>{mesTexts.noWorkers}</StateMessage>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {workers.map((w) => (
                <li key={w.id}>
                  <BigButton
                    className="w-full flex-col items-start text-left"
                    onClick={() => onIdentified({ worker: w })}
                  >
                    <span>{w.name}</span>
                    {w.positionName ? (
                      <span className="text-sm font-normal text-muted-foreground">{w.positionName}</span>
                    ) : null}
                  </BigButton>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
