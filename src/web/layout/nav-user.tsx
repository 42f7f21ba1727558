// The user card at the bottom of the sidebar and its menu (spec §2): profile and personal pages as full-page
// links, then logout — a navigation to the logout endpoint.
import { ChevronsUpDownIcon, LogOutIcon } from 'lucide-react';
import type { CurrentUser } from '@/shared/current-user.ts';
import { authEndpoints } from '@/modules/auth/auth.endpoints.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu.tsx';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem, useSidebar } from '@/web/components/ui/sidebar.tsx';
import { formatBadgeCount } from '@/web/app/badges.ts';
import { endpointUrl } from '@/web/lib/api.ts';
import type { CatalogRoute } from '@/shared/route-catalog.ts';
import { layoutMessages } from './layout.messages.ts';
import { NavIcon } from './nav-icons.ts';
import { fullNameOf, UserAvatar } from './user-avatar.tsx';

/** Spec §7: signing out is a page navigation to the logout endpoint, which redirects to '/'. */
export const LOGOUT_URL = endpointUrl(authEndpoints.logout);

/**
 * The menu's trigger is named by what it shows (WCAG 2.5.3 label in name): a hidden 'Меню користувача:' first, then
 * the name and the e-mail; the initials only repeat the name, so they stay out of it.
 */
function UserIdentity({ user, inTrigger = false }: { user: CurrentUser; inTrigger?: boolean }) {
  return (
    <>
      {inTrigger ? <span className="sr-only">{`${layoutMessages.userMenu}: `}</span> : null}
      <span aria-hidden={inTrigger || undefined} className="contents">
        <UserAvatar user={user} />
      </span>
      <div className="grid flex-1 text-left text-sm leading-tight">
        <span className="truncate font-medium">{fullNameOf(user)}</span>{' '}
        <span className="truncate text-xs text-muted-foreground">{user.email}</span>
      </div>
    </>
  );
}

export function NavUser({
  user,
  items,
  badgeCounts,
}: {
  user: CurrentUser;
  items: readonly CatalogRoute[];
  badgeCounts: ReadonlyMap<string, number>;
}) {
  const { isMobile, state } = useSidebar();
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton
              size="lg"
              className="data-[state=open]:bg-accent data-[state=open]:text-accent-foreground"
            >
              <UserIdentity user={user} inTrigger />
              <ChevronsUpDownIcon className="ml-auto text-muted-foreground" aria-hidden="true" />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            className="w-(--radix-dropdown-menu-trigger-width) min-w-60 rounded-lg"
            side={state === 'collapsed' && !isMobile ? 'right' : 'top'}
            align="end"
            sideOffset={6}
          >
            <DropdownMenuLabel className="p-0 font-normal">
              <div className="flex items-center gap-2 px-1.5 py-1.5 text-left text-sm">
                <UserIdentity user={user} />
              </div>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {items.length > 0 ? (
              <>
                <DropdownMenuGroup>
                  {items.map((item) => {
                    const count = formatBadgeCount(badgeCounts.get(item.route), false);
                    return (
                      <DropdownMenuItem key={item.route} asChild>
                        <a href={item.route}>
                          <NavIcon name={item.icon} />
                          <span className="flex-1">{item.label}</span>
                          {count ? (
                            <span className="rounded-full bg-primary px-1.5 text-xs leading-5 font-medium text-primary-foreground tabular-nums">
                              {count}
                            </span>
                          ) : null}
                        </a>
                      </DropdownMenuItem>
                    );
                  })}
                </DropdownMenuGroup>
                <DropdownMenuSeparator />
              </>
            ) : null}
            <DropdownMenuItem asChild>
              <a href={LOGOUT_URL}>
                <LogOutIcon aria-hidden="true" />
                {layoutMessages.logout}
              </a>
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
