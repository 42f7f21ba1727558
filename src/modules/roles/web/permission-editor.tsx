// The permission matrix of one role. Its state is local: built from the fetched role when the editor mounts;
// the page keys the editor by role id, so choosing another role starts afresh (no syncing effects).
import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, Loader2Icon, LockIcon, SaveIcon, Undo2Icon } from 'lucide-react';
import type { RoleDetail } from '@/modules/roles/roles.contract.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { useRegisteredRoutes } from '@/web/layout/registered-routes.ts';
import {
  countChanges,
  groupCatalogue,
  groupRight,
  isFixedRoute,
  matrixOf,
  permissionsOf,
  setGroupRight,
  setRight,
  type MatrixState,
  type Right,
} from './permission-matrix.ts';
import { roleQueryKey, rolesApi, rolesQueryKey, usersQueryKey, type CatalogRouteInfo } from './roles.api.ts';
import { rolesMessages } from './roles.messages.ts';

const messages = rolesMessages.matrix;

// The shared checkbox draws only a tick; a partly ticked group shows a bar instead.
const INDETERMINATE_LOOK =
  'data-[state=indeterminate]:inline-flex data-[state=indeterminate]:items-center data-[state=indeterminate]:justify-center data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:after:h-0.5 data-[state=indeterminate]:after:w-2 data-[state=indeterminate]:after:rounded-full data-[state=indeterminate]:after:bg-primary-foreground [&[data-state=indeterminate]>span]:hidden';

export function PermissionEditor({
  role,
  catalogue,
  onDirtyChange,
}: {
  role: RoleDetail;
  catalogue: CatalogRouteInfo[];
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  // Only pages that are built are offered; rights kept for the others are saved back as they are.
  const registered = useRegisteredRoutes();
  const groups = useMemo(
    () => groupCatalogue(catalogue.filter((route) => registered.has(route.route))),
    [catalogue, registered],
  );
  const baseline = useMemo(() => matrixOf(role, catalogue), [role, catalogue]);
  const [state, setState] = useState<MatrixState>(baseline);
  const readOnly = role.isSystem;
  const changes = countChanges(baseline, state);

  function update(next: MatrixState) {
    setState(next);
    onDirtyChange(countChanges(baseline, next) > 0);
  }

  const save = useMutation({
    mutationFn: () => rolesApi.savePermissions(role.id, permissionsOf(state, catalogue)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(roleQueryKey(role.id), saved);
      setState(matrixOf(saved, catalogue));
      onDirtyChange(false);
      toast({
        title: rolesMessages.toast.permissionsSaved,
        description: rolesMessages.toast.permissionsSavedText(saved.name),
      });
      // The answer is the saved role; the list and the accessible menus may follow from the server.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rolesQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
      ]);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: rolesMessages.toast.errorTitle,
        description: serverMessageOf(error) ?? rolesMessages.toast.permissionsFailed,
      }),
  });

  const disabled = readOnly || save.isPending;

  function rightCell(route: CatalogRouteInfo, right: Right) {
    const fixed = isFixedRoute(route);
    const rights = state[route.route];
    const label = right === 'canView' ? messages.viewOf(route.label) : messages.accessOf(route.label);
    return (
      <TableCell className="text-center">
        <Checkbox
          aria-label={label}
          checked={fixed || (rights?.[right] ?? false)}
          disabled={fixed || disabled}
          onCheckedChange={(value) => update(setRight(state, route.route, right, value === true))}
          className="align-middle"
        />
      </TableCell>
    );
  }

  return (
    <div className="grid">
      {readOnly ? (
        <p className="mx-4 mb-4 flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground sm:mx-6">
          <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {messages.adminReadOnly}
        </p>
      ) : null}
      <Table aria-label={messages.caption(role.name)} className="min-w-[22rem]">
        <TableHeader className="bg-card">
          <TableRow className="hover:bg-transparent">
            <TableHead className="pl-4 sm:pl-6">{messages.page}</TableHead>
            <TableHead className="w-24 text-center sm:w-32" title={messages.viewHint}>
              {messages.view}
            </TableHead>
            <TableHead className="w-24 pr-4 text-center whitespace-normal sm:w-32 sm:pr-6" title={messages.accessHint}>
              {messages.access}
            </TableHead>
          </TableRow>
        </TableHeader>
        {groups.map((group) => {
          const editable = group.routes.some((route) => !isFixedRoute(route));
          return (
            <TableBody key={group.key} className="[&_tr:last-child]:border-b">
              <TableRow className="bg-muted/60 hover:bg-muted/60">
                <TableHead scope="rowgroup" className="pl-4 font-semibold text-foreground sm:pl-6">
                  {group.label}
                </TableHead>
                {(['canView', 'canAccess'] as const).map((right) => (
                  <TableCell key={right} className="text-center">
                    <Checkbox
                      aria-label={
                        right === 'canView' ? messages.groupViewOf(group.label) : messages.groupAccessOf(group.label)
                      }
                      checked={groupRight(state, group, right)}
                      disabled={!editable || disabled}
                      onCheckedChange={() =>
                        update(setGroupRight(state, group, right, groupRight(state, group, right) !== true))
                      }
                      className={cn('align-middle', INDETERMINATE_LOOK)}
                    />
                  </TableCell>
                ))}
              </TableRow>
              {group.routes.map((route) => (
                <TableRow key={route.route}>
                  <TableCell className="pl-4 sm:pl-6">
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-medium">{route.label}</span>
                      <span className="font-mono text-xs text-muted-foreground">{route.route}</span>
                      {isFixedRoute(route) ? (
                        <span className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                          {messages.alwaysAllowed}
                        </span>
                      ) : route.requiresAccess ? (
                        <span className="rounded-full border px-2 py-0.5 text-xs text-muted-foreground">
                          {messages.requiresAccess}
                        </span>
                      ) : null}
                    </div>
                  </TableCell>
                  {rightCell(route, 'canView')}
                  {rightCell(route, 'canAccess')}
                </TableRow>
              ))}
            </TableBody>
          );
        })}
      </Table>
      {readOnly ? null : (
        <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 rounded-b-xl border-t bg-card/95 px-4 py-3 backdrop-blur sm:px-6">
          <p className="flex items-center gap-2 text-sm" aria-live="polite">
            {changes > 0 ? (
              <>
                <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" />
                <span className="font-medium">{messages.unsaved(changes)}</span>
              </>
            ) : (
              <>
                <CheckCircle2Icon className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
                <span className="text-muted-foreground">{messages.saved}</span>
              </>
            )}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" disabled={changes === 0 || save.isPending} onClick={() => update(baseline)}>
              <Undo2Icon aria-hidden="true" />
              {messages.discard}
            </Button>
            <Button disabled={changes === 0 || save.isPending} onClick={() => save.mutate()}>
              {save.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <SaveIcon aria-hidden="true" />
              )}
              {save.isPending ? messages.saving : messages.save}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
