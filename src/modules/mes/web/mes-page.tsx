// 'Термінал цеху' (/mes, production.md §6): a touch-first terminal for a work centre. The department is remembered
// per device; the operator is the signed-in user's own worker, or identifies by badge (or by name when the setting
// allows); then the queue, and the operation screen with big buttons and a numeric keypad.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FactoryIcon, UserRoundIcon } from 'lucide-react';
import { mesTexts, type MesContext } from '@/modules/mes/mes.contract.ts';
import { StateMessage } from '@/web/components/data-list.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { DEPARTMENT_STORAGE_KEY, mesContextQueryKey } from './mes.api.ts';
import { IdentifyPanel, type Identity } from './mes-identify.tsx';
import { OperationScreen } from './mes-operation.tsx';
import { QueueView } from './mes-queue.tsx';
import { BigButton } from './mes-parts.tsx';

function storedDepartment(): number | null {
  try {
    const value = Number(window.localStorage.getItem(DEPARTMENT_STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function storeDepartment(id: number | null) {
  try {
    if (id === null) window.localStorage.removeItem(DEPARTMENT_STORAGE_KEY);
    else window.localStorage.setItem(DEPARTMENT_STORAGE_KEY, String(id));
  } catch {
    // A private window without storage: the choice lasts for this visit only.
  }
}

export function MesPage() {
  const context = useQuery<MesContext>({ queryKey: mesContextQueryKey });
  const { canAccess } = usePermission('/mes');
  const [departmentId, setDepartmentId] = useState<number | null>(storedDepartment);
  const [chosen, setChosen] = useState<Identity | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [operationId, setOperationId] = useState<number | null>(null);

  if (context.isLoading) return <StateMessage>{mesTexts.loading}</StateMessage>;
  if (context.isError || !context.data) return <StateMessage>{mesTexts.error}</StateMessage>;
  const ctx = context.data;
  // The signed-in user's own worker is the operator unless somebody else identified on this terminal.
  const identity: Identity | null = chosen ?? (ctx.worker && !signedOut ? { worker: ctx.worker } : null);
  const departments = ctx.departments;
  const department = departments.find((d) => d.id === departmentId) ?? null;

  const chooseDepartment = (value: string) => {
    const id = value ? Number(value) : null;
    setDepartmentId(id);
    storeDepartment(id);
    setOperationId(null);
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-3 text-slate-950 sm:p-5 dark:text-white">
      <header className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end md:justify-between">
        <h1 className="flex shrink-0 items-center gap-3 text-3xl font-bold whitespace-nowrap">
          <FactoryIcon className="size-8" aria-hidden="true" />
          {mesTexts.title}
        </h1>
        <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <label className="flex min-w-0 flex-col gap-1 text-base font-semibold">
            {mesTexts.department}
            <select
              value={department ? String(department.id) : ''}
              onChange={(e) => chooseDepartment(e.target.value)}
              className="min-h-16 max-w-full min-w-64 rounded-lg border-2 border-slate-500 bg-white px-3 text-xl font-bold dark:bg-slate-900"
            >
              <option value="">{mesTexts.allDepartments}</option>
              {departments.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
          {identity ? (
            <div className="flex items-center gap-3 rounded-lg border-2 border-green-700 px-4 py-2">
              <UserRoundIcon className="size-7 shrink-0" aria-hidden="true" />
              <div className="flex flex-col">
                <span className="text-sm text-muted-foreground">{mesTexts.operator}</span>
                <span className="text-xl font-bold" data-testid="mes-operator">
                  {identity.worker.name}
                </span>
              </div>
              <BigButton
                tone="neutral"
                className="ml-2 min-h-14 text-base"
                onClick={() => {
                  setChosen(null);
                  setSignedOut(true);
                  setOperationId(null);
                }}
              >
                {mesTexts.changeWorker}
              </BigButton>
            </div>
          ) : null}
        </div>
      </header>

      {!identity ? (
        <IdentifyPanel
          departmentId={department?.id ?? null}
          requireBadge={ctx.requireBadge}
          onIdentified={(who) => {
            setChosen(who);
            setSignedOut(false);
          }}
        />
      ) : operationId !== null ? (
        <OperationScreen
          operationId={operationId}
          identity={identity}
          readOnly={!canAccess}
          onBack={() => setOperationId(null)}
        />
      ) : (
        <QueueView
          departmentId={department?.id ?? null}
          workerId={identity.worker.id}
          onOpen={(id) => setOperationId(id)}
        />
      )}
    </div>
  );
}
