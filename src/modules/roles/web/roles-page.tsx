// 'Ролі та дозволи' (reports-admin.md §11): the roles with their user counts, and the permission matrix of
// the chosen role.
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CopyIcon,
  Loader2Icon,
  PencilIcon,
  PlusIcon,
  RefreshCwIcon,
  ShieldCheckIcon,
  Trash2Icon,
  UsersIcon,
} from 'lucide-react';
import type { Role, RoleDetail } from '@/modules/roles/roles.contract.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { PermissionEditor } from './permission-editor.tsx';
import { DeleteRoleDialog, LeaveUnsavedDialog, RoleFormDialog } from './role-dialogs.tsx';
import { roleQueryKey, rolesApi, rolesQueryKey, routeCatalogueQueryKey, type CatalogRouteInfo } from './roles.api.ts';
import { rolesMessages as messages } from './roles.messages.ts';

type DialogState = { kind: 'create' } | { kind: 'rename' | 'delete'; role: Role } | null;

export function RolesPage() {
  const queryClient = useQueryClient();
  const rolesQuery = useQuery<Role[]>({ queryKey: rolesQueryKey });
  const catalogueQuery = useQuery<CatalogRouteInfo[]>({ queryKey: routeCatalogueQueryKey });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const [leaveFor, setLeaveFor] = useState<number | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);

  const roles = rolesQuery.data ?? [];
  // The chosen role, or the first one (also after the chosen one was deleted).
  const selected = roles.find((role) => role.id === chosenId) ?? roles[0];
  const detailQuery = useQuery<RoleDetail>({
    queryKey: roleQueryKey(selected?.id ?? 0),
    enabled: selected !== undefined,
  });

  function select(id: number | null) {
    setChosenId(id);
    setDirty(false);
    setLeaveFor(null);
  }

  function choose(id: number) {
    if (id === selected?.id) return;
    if (dirty) setLeaveFor(id);
    else select(id);
  }

  /** Shows a new role at once, before the list comes back from the server. */
  function showSaved(saved: RoleDetail) {
    const { permissions: _permissions, ...role } = saved;
    queryClient.setQueryData(roleQueryKey(saved.id), saved);
    queryClient.setQueryData<Role[]>(rolesQueryKey, (list) =>
      list && !list.some((item) => item.id === role.id) ? [...list, role] : list,
    );
    select(saved.id);
  }

  const copy = useMutation({
    mutationFn: (role: Role) => rolesApi.copy(role.id),
    onSuccess: async (saved) => {
      showSaved(saved);
      toast({ title: messages.toast.copied, description: saved.name });
      await queryClient.invalidateQueries({ queryKey: rolesQueryKey, exact: true });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: messages.toast.errorTitle,
        description: serverMessageOf(error) ?? messages.toast.copyFailed,
      }),
  });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
        <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
      </div>

      {rolesQuery.isPending ? (
        <Panel>
          <StateMessage>
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
            {messages.loading}
          </StateMessage>
        </Panel>
      ) : rolesQuery.isError ? (
        <Panel>
          <ErrorState text={messages.loadError} error={rolesQuery.error} onRetry={() => void rolesQuery.refetch()} />
        </Panel>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <Panel>
            <section aria-labelledby="roles-list-title" className="grid">
              <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
                <h2 id="roles-list-title" className="font-semibold">
                  {messages.listTitle}
                </h2>
                <Button size="sm" onClick={() => setDialog({ kind: 'create' })}>
                  <PlusIcon aria-hidden="true" />
                  {messages.newRole}
                </Button>
              </div>
              {roles.length === 0 ? (
                <p className="px-4 py-8 text-center text-sm text-muted-foreground">{messages.noRoles}</p>
              ) : (
                <ul className="grid max-h-[24rem] gap-1 overflow-y-auto p-2 lg:max-h-[calc(100dvh-14rem)]">
                  {roles.map((role) => {
                    const isSelected = role.id === selected?.id;
                    return (
                      <li key={role.id}>
                        <button
                          type="button"
                          aria-current={isSelected ? 'true' : undefined}
                          onClick={() => choose(role.id)}
                          className={cn(
                            'grid w-full gap-0.5 rounded-md px-3 py-2 text-left text-sm transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                            isSelected && 'bg-primary/10 text-foreground hover:bg-primary/15',
                          )}
                        >
                          <span className="flex items-center gap-2 font-medium">
                            {role.isSystem ? (
                              <ShieldCheckIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                            ) : null}
                            <span className="min-w-0 truncate">{role.name}</span>
                          </span>
                          <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                            <UsersIcon className="size-3.5" aria-hidden="true" />
                            {messages.userCount(role.userCount)}
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          </Panel>

          {selected ? (
            <Panel>
              <section aria-labelledby="role-title" className="grid">
                <div className="flex flex-wrap items-start justify-between gap-3 border-b px-4 py-4 sm:px-6">
                  <div className="grid min-w-0 gap-1">
                    <h2 id="role-title" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                      {selected.name}
                      {selected.isSystem ? (
                        <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                          {messages.system}
                        </span>
                      ) : null}
                    </h2>
                    {selected.description ? (
                      <p className="text-sm text-muted-foreground">{selected.description}</p>
                    ) : null}
                    <p className="text-xs text-muted-foreground">{messages.userCount(selected.userCount)}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={selected.isSystem}
                      onClick={() => setDialog({ kind: 'rename', role: selected })}
                    >
                      <PencilIcon aria-hidden="true" />
                      {messages.rename}
                    </Button>
                    <Button variant="outline" size="sm" disabled={copy.isPending} onClick={() => copy.mutate(selected)}>
                      {copy.isPending ? (
                        <Loader2Icon className="animate-spin" aria-hidden="true" />
                      ) : (
                        <CopyIcon aria-hidden="true" />
                      )}
                      {messages.copy}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-destructive hover:text-destructive dark:text-red-400"
                      disabled={selected.isSystem}
                      onClick={() => setDialog({ kind: 'delete', role: selected })}
                    >
                      <Trash2Icon aria-hidden="true" />
                      {messages.delete}
                    </Button>
                  </div>
                </div>
                <div className="pt-4">
                  {detailQuery.isPending || catalogueQuery.isPending ? (
                    <StateMessage>
                      <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
                      {messages.matrix.loading}
                    </StateMessage>
                  ) : detailQuery.isError || catalogueQuery.isError ? (
                    <ErrorState
                      text={messages.matrix.loadError}
                      error={detailQuery.error ?? catalogueQuery.error}
                      onRetry={() => {
                        if (detailQuery.isError) void detailQuery.refetch();
                        if (catalogueQuery.isError) void catalogueQuery.refetch();
                      }}
                    />
                  ) : (
                    <PermissionEditor
                      key={selected.id}
                      role={detailQuery.data}
                      catalogue={catalogueQuery.data}
                      onDirtyChange={setDirty}
                    />
                  )}
                </div>
              </section>
            </Panel>
          ) : null}
        </div>
      )}

      {dialog?.kind === 'create' ? <RoleFormDialog onSaved={showSaved} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'rename' ? (
        <RoleFormDialog role={dialog.role} onSaved={() => undefined} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteRoleDialog
          role={dialog.role}
          onDeleted={() => {
            if (dialog.role.id === selected?.id) select(null);
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {leaveFor !== null ? (
        <LeaveUnsavedDialog onConfirm={() => select(leaveFor)} onClose={() => setLeaveFor(null)} />
      ) : null}
    </div>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">{children}</div>;
}

function StateMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-4 py-16 text-center text-sm text-muted-foreground">
      {children}
    </div>
  );
}

function ErrorState({ text, error, onRetry }: { text: string; error: unknown; onRetry: () => void }) {
  const detail = serverMessageOf(error);
  return (
    <StateMessage>
      <p className="font-medium text-destructive dark:text-red-400" role="alert">
        {detail ? `${text}: ${detail}` : text}
      </p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCwIcon aria-hidden="true" />
        {messages.retry}
      </Button>
    </StateMessage>
  );
}
