// 'Користувачі' (reports-admin.md §10): a server-paged, sortable, filtered list of accounts and their actions, on the
// toolkit's table (issue 20): the actions stay in reach in a sticky last column, and under 768 px a card per account.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { uk } from 'date-fns/locale';
import { KeyRoundIcon, MailIcon, PencilIcon, PlusIcon, Trash2Icon, UserCheckIcon, UserXIcon } from 'lucide-react';
import type { User } from '@/modules/users/users.contract.ts';
import type { Role } from '@/modules/roles/roles.contract.ts';
import { Button } from '@/web/components/ui/button.tsx';
import type { DataColumn, RowActionItem } from '@/web/components/data-table.tsx';
import { StatusBadge } from '@/web/components/document-parts.tsx';
import { ChoiceFilter, ListHeader, ListToolbar, PagedListCard, usePagedList } from '@/web/components/list-page.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { DeactivateUserDialog, DeleteUserDialog, SetPasswordDialog } from './user-dialogs.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';
import {
  rolesQueryKey,
  useCurrentUserId,
  userListQueryFn,
  userListQueryKey,
  usersApi,
  usersQueryKey,
  type UserListFilter,
  type UserStatusFilter,
} from './users.api.ts';
import { usersMessages as messages } from './users.messages.ts';

export const USERS_PAGE_SIZE = 20;
const ALL = 'all';

type DialogState = { kind: 'create' } | { kind: 'edit' | 'password' | 'deactivate' | 'delete'; user: User } | null;

const initialFilter: UserListFilter = {
  page: 1,
  limit: USERS_PAGE_SIZE,
  search: '',
  sort: 'username',
  status: 'all',
  roleId: ALL,
};

function formatLastLogin(value: string | null): string {
  return value ? format(new Date(value), 'dd.MM.yyyy HH:mm', { locale: uk }) : messages.never;
}

export function UsersPage() {
  const queryClient = useQueryClient();
  const currentUserId = useCurrentUserId();
  const { list, query: listQuery } = usePagedList(initialFilter, { key: userListQueryKey, queryFn: userListQueryFn });
  const { filter, changeFilter } = list;
  const [dialog, setDialog] = useState<DialogState>(null);

  const rolesQuery = useQuery<Role[]>({ queryKey: rolesQueryKey });

  const close = () => setDialog(null);
  const afterStatusChange = () => queryClient.invalidateQueries({ queryKey: usersQueryKey });

  const activate = useMutation({
    mutationFn: (user: User) => usersApi.activate(user.id),
    onSuccess: async (_answer, user) => {
      await afterStatusChange();
      toast({ title: messages.toast.activated, description: user.username });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: messages.toast.errorTitle,
        description: serverMessageOf(error) ?? messages.toast.statusFailed,
      }),
  });

  const sendReset = useMutation({
    mutationFn: (user: User) => usersApi.sendReset(user.id),
    onSuccess: (_answer, user) =>
      toast({ title: messages.toast.resetSent, description: messages.toast.resetSentText(user.email) }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: messages.toast.errorTitle,
        description: serverMessageOf(error) ?? messages.toast.resetFailed,
      }),
  });

  const rowActions = (user: User) =>
    userActions(user, {
      isSelf: user.id === currentUserId,
      busy:
        (activate.isPending && activate.variables?.id === user.id) ||
        (sendReset.isPending && sendReset.variables?.id === user.id),
      open: (kind) => setDialog({ kind, user }),
      onSendReset: () => sendReset.mutate(user),
      onActivate: () => activate.mutate(user),
    });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        actions={
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <PlusIcon aria-hidden="true" />
            {messages.newUser}
          </Button>
        }
      />

      <ListToolbar
        id="users"
        searchLabel={messages.searchLabel}
        searchPlaceholder={messages.searchPlaceholder}
        searchText={list.searchText}
        onSearch={list.changeSearch}
        filtered={list.filtered}
        onReset={list.reset}
      >
        <ChoiceFilter
          label={messages.statusLabel}
          allLabel={messages.statusAll}
          allValue="all"
          options={[
            { value: 'active', label: messages.statusActive },
            { value: 'inactive', label: messages.statusInactive },
          ]}
          value={filter.status}
          onChange={(status) => changeFilter({ status: status as UserStatusFilter })}
          className="w-44"
        />
        <ChoiceFilter
          label={messages.roleLabel}
          allLabel={messages.roleAll}
          allValue={ALL}
          options={(rolesQuery.data ?? []).map((role) => ({ value: String(role.id), label: role.name }))}
          value={filter.roleId}
          onChange={(roleId) => changeFilter({ roleId })}
        />
      </ListToolbar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.totalUsers(0)}
        canCreate
        table={{
          id: 'users',
          columns: userColumns(currentUserId),
          rowKey: (user) => user.id,
          rowLabel: (user) => user.username,
          actions: rowActions,
          minWidthRem: 56,
        }}
      />

      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <UserFormDialog
          user={dialog.kind === 'edit' ? dialog.user : undefined}
          currentUserId={currentUserId}
          roles={rolesQuery.data}
          rolesState={rolesQuery.status}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'password' ? <SetPasswordDialog user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'deactivate' ? <DeactivateUserDialog user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteUserDialog user={dialog.user} onClose={close} /> : null}
    </div>
  );
}

/** The list's columns: the login (with '(ви)' for oneself) names the row and its card. */
function userColumns(currentUserId: number | undefined): DataColumn<User>[] {
  const c = messages.columns;
  return [
    {
      id: 'username',
      header: c.username,
      sortField: 'username',
      primary: true,
      className: 'font-medium',
      cell: (user) => (
        <>
          {user.username}
          {user.id === currentUserId ? (
            <span className="ml-1.5 text-xs font-normal text-muted-foreground">({messages.you})</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'name',
      header: c.name,
      sortField: 'lastName',
      cell: (user) => `${user.lastName} ${user.firstName}`.trim() || messages.never,
    },
    { id: 'email', header: c.email, sortField: 'email', cell: (user) => user.email },
    { id: 'roles', header: c.roles, cell: (user) => <RoleChips roles={user.roles} /> },
    { id: 'status', header: c.status, cell: (user) => <ActiveBadge active={user.isActive} /> },
    {
      id: 'lastLogin',
      header: c.lastLogin,
      sortField: 'lastLoginAt',
      className: 'tabular-nums',
      cell: (user) => formatLastLogin(user.lastLoginAt),
    },
  ];
}

/**
 * A user's actions: edit and the temporary password beside the row; the reset link, (de)activation and deletion in
 * its menu. Oneself cannot be deactivated or deleted; nothing is pressed twice while a call for the row is under way.
 */
function userActions(
  user: User,
  {
    isSelf,
    busy,
    open,
    onSendReset,
    onActivate,
  }: {
    isSelf: boolean;
    busy: boolean;
    open: (kind: 'edit' | 'password' | 'deactivate' | 'delete') => void;
    onSendReset: () => void;
    onActivate: () => void;
  },
): RowActionItem[] {
  const a = messages.actions;
  const forUser = (action: string) => a.forUser(action, user.username);
  return [
    { label: forUser(a.edit), icon: <PencilIcon aria-hidden="true" />, onSelect: () => open('edit'), inline: true },
    {
      label: forUser(a.setPassword),
      icon: <KeyRoundIcon aria-hidden="true" />,
      onSelect: () => open('password'),
      inline: true,
    },
    {
      label: a.sendReset,
      icon: <MailIcon aria-hidden="true" />,
      onSelect: onSendReset,
      disabled: busy || !user.isActive,
    },
    user.isActive
      ? {
          label: a.deactivate,
          icon: <UserXIcon aria-hidden="true" />,
          onSelect: () => open('deactivate'),
          disabled: busy || isSelf,
        }
      : { label: a.activate, icon: <UserCheckIcon aria-hidden="true" />, onSelect: onActivate, disabled: busy },
    {
      label: a.delete,
      icon: <Trash2Icon aria-hidden="true" />,
      onSelect: () => open('delete'),
      disabled: busy || isSelf,
      destructive: true,
    },
  ];
}

function RoleChips({ roles }: { roles: User['roles'] }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <li
          key={role.id}
          className="rounded-full border bg-secondary px-2 py-0.5 text-xs font-medium whitespace-nowrap text-secondary-foreground"
        >
          {role.name}
        </li>
      ))}
    </ul>
  );
}

/** 'Активний' in green; 'Неактивний' greyed out. */
function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <StatusBadge label={messages.active} tone="emerald" />
  ) : (
    <StatusBadge label={messages.inactive} tone="neutral" className="text-muted-foreground" />
  );
}
