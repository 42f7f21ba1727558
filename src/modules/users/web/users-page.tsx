// 'Користувачі' (reports-admin.md §10): a server-paged, sortable, filtered list of accounts and their actions.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { uk } from 'date-fns/locale';
import {
  KeyRoundIcon,
  MailIcon,
  PencilIcon,
  PlusIcon,
  SearchIcon,
  Trash2Icon,
  UserCheckIcon,
  UserXIcon,
} from 'lucide-react';
import type { User } from '@/modules/users/users.contract.ts';
import type { Role } from '@/modules/roles/roles.contract.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { ListPagination, ListStates, RowAction, SortableHead } from '@/web/components/data-list.tsx';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
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
const SEARCH_DELAY_MS = 300;
const ALL = 'all';

type SortField = 'username' | 'lastName' | 'email' | 'lastLoginAt';

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
  const [filter, setFilter] = useState<UserListFilter>(initialFilter);
  const [searchText, setSearchText] = useState('');
  const [dialog, setDialog] = useState<DialogState>(null);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);

  const rolesQuery = useQuery<Role[]>({ queryKey: rolesQueryKey });
  const listQuery = useQuery({
    queryKey: userListQueryKey(filter),
    queryFn: userListQueryFn,
    placeholderData: keepPreviousData,
  });

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  // A page emptied by a deletion or a filter: step back to the last page that has rows.
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }

  /** Any filter change starts again from page 1 (spec §4). */
  function changeFilter(change: Partial<Omit<UserListFilter, 'page' | 'limit'>>) {
    setFilter((current) => ({ ...current, ...change, page: 1 }));
  }

  function changeSearch(text: string) {
    setSearchText(text);
    debounce(() => changeFilter({ search: text.trim() }));
  }

  function toggleSort(field: SortField) {
    changeFilter({ sort: filter.sort === field ? `-${field}` : field });
  }

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

  const rows = listQuery.data?.items ?? [];

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
          <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <PlusIcon aria-hidden="true" />
          {messages.newUser}
        </Button>
      </div>

      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_13rem]" role="search">
        <div className="grid gap-1.5">
          <Label htmlFor="users-search" className="sr-only">
            {messages.searchLabel}
          </Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="users-search"
              type="search"
              className="pl-9"
              placeholder={messages.searchPlaceholder}
              value={searchText}
              onChange={(event) => changeSearch(event.target.value)}
            />
          </div>
        </div>
        <Select value={filter.status} onValueChange={(status) => changeFilter({ status: status as UserStatusFilter })}>
          <SelectTrigger aria-label={messages.statusLabel}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">{messages.statusAll}</SelectItem>
            <SelectItem value="active">{messages.statusActive}</SelectItem>
            <SelectItem value="inactive">{messages.statusInactive}</SelectItem>
          </SelectContent>
        </Select>
        <Select value={filter.roleId} onValueChange={(roleId) => changeFilter({ roleId })} disabled={!rolesQuery.data}>
          <SelectTrigger aria-label={messages.roleLabel}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{messages.roleAll}</SelectItem>
            {(rolesQuery.data ?? []).map((role) => (
              <SelectItem key={role.id} value={String(role.id)}>
                {role.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates
          query={listQuery}
          loadingText={messages.loading}
          loadErrorText={messages.loadError}
          retryText={messages.retry}
        >
          <Table
            className="min-w-[56rem]"
            aria-label={messages.title}
            aria-busy={listQuery.isFetching ? true : undefined}
          >
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <SortableHead field="username" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.username}
                </SortableHead>
                <SortableHead field="lastName" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.name}
                </SortableHead>
                <SortableHead field="email" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.email}
                </SortableHead>
                <TableHead>{messages.columns.roles}</TableHead>
                <TableHead>{messages.columns.status}</TableHead>
                <SortableHead field="lastLoginAt" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.lastLogin}
                </SortableHead>
                <TableHead className="text-right">{messages.columns.actions}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={7} className="py-12 text-center">
                    <p className="font-medium">{messages.empty}</p>
                    <p className="text-sm text-muted-foreground">{messages.emptyHint}</p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    isSelf={user.id === currentUserId}
                    busy={
                      (activate.isPending && activate.variables?.id === user.id) ||
                      (sendReset.isPending && sendReset.variables?.id === user.id)
                    }
                    onEdit={() => setDialog({ kind: 'edit', user })}
                    onSetPassword={() => setDialog({ kind: 'password', user })}
                    onSendReset={() => sendReset.mutate(user)}
                    onActivate={() => activate.mutate(user)}
                    onDeactivate={() => setDialog({ kind: 'deactivate', user })}
                    onDelete={() => setDialog({ kind: 'delete', user })}
                  />
                ))
              )}
            </TableBody>
          </Table>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={messages.totalUsers(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

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

function UserRow({
  user,
  isSelf,
  busy,
  onEdit,
  onSetPassword,
  onSendReset,
  onActivate,
  onDeactivate,
  onDelete,
}: {
  user: User;
  isSelf: boolean;
  busy: boolean;
  onEdit: () => void;
  onSetPassword: () => void;
  onSendReset: () => void;
  onActivate: () => void;
  onDeactivate: () => void;
  onDelete: () => void;
}) {
  const a = messages.actions;
  const label = (action: string) => a.forUser(action, user.username);
  const fullName = `${user.lastName} ${user.firstName}`.trim();
  return (
    <TableRow>
      <TableCell className="font-medium whitespace-nowrap">
        {user.username}
        {isSelf ? <span className="ml-1.5 text-xs font-normal text-muted-foreground">({messages.you})</span> : null}
      </TableCell>
      <TableCell className="whitespace-nowrap">{fullName || messages.never}</TableCell>
      <TableCell className="whitespace-nowrap">{user.email}</TableCell>
      <TableCell>
        <ul className="flex flex-wrap gap-1">
          {user.roles.map((role) => (
            <li
              key={role.id}
              className="rounded-full border bg-secondary px-2 py-0.5 text-xs font-medium whitespace-nowrap text-secondary-foreground"
            >
              {role.name}
            </li>
          ))}
        </ul>
      </TableCell>
      <TableCell>
        <span
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
            user.isActive
              ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400'
              : 'bg-muted text-muted-foreground',
          )}
        >
          <span
            className={cn('size-1.5 rounded-full', user.isActive ? 'bg-emerald-500' : 'bg-muted-foreground')}
            aria-hidden="true"
          />
          {user.isActive ? messages.active : messages.inactive}
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatLastLogin(user.lastLoginAt)}</TableCell>
      <TableCell>
        <div className="flex justify-end gap-0.5">
          <RowAction label={label(a.edit)} onClick={onEdit}>
            <PencilIcon aria-hidden="true" />
          </RowAction>
          <RowAction label={label(a.setPassword)} onClick={onSetPassword}>
            <KeyRoundIcon aria-hidden="true" />
          </RowAction>
          <RowAction label={label(a.sendReset)} onClick={onSendReset} disabled={busy || !user.isActive}>
            <MailIcon aria-hidden="true" />
          </RowAction>
          {user.isActive ? (
            <RowAction label={label(a.deactivate)} onClick={onDeactivate} disabled={busy || isSelf}>
              <UserXIcon aria-hidden="true" />
            </RowAction>
          ) : (
            <RowAction label={label(a.activate)} onClick={onActivate} disabled={busy}>
              <UserCheckIcon aria-hidden="true" />
            </RowAction>
          )}
          <RowAction label={label(a.delete)} onClick={onDelete} disabled={busy || isSelf} destructive>
            <Trash2Icon aria-hidden="true" />
          </RowAction>
        </div>
      </TableCell>
    </TableRow>
  );
}
