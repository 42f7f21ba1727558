// The navigation sidebar (spec §2): groups of the route catalogue with the items the user may view, the
// active item by the current path, badges, and the user card. Items are real links: a full page load.
import { useId } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@/shared/current-user.ts';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSkeleton,
  SidebarRail,
  useSidebar,
} from '@/web/components/ui/sidebar.tsx';
import { formatBadgeCount, useBadgeCounts } from '@/web/app/badges.ts';
import { usePermissions } from '@/web/lib/use-permission.ts';
import { owningRoute, type CatalogRoute } from '@/shared/route-catalog.ts';
import { AppLogo } from './app-logo.tsx';
import { layoutMessages } from './layout.messages.ts';
import { NavIcon } from './nav-icons.ts';
import { visibleNavGroups, visibleUserMenu, type NavGroup } from './nav-model.ts';
import { NavUser } from './nav-user.tsx';
import { useRegisteredRoutes } from './registered-routes.ts';

function NavItem({ item, isActive, count }: { item: CatalogRoute; isActive: boolean; count: number | undefined }) {
  const { state, isMobile } = useSidebar();
  const iconMode = state === 'collapsed' && !isMobile;
  const badge = formatBadgeCount(count, iconMode);
  return (
    <SidebarMenuItem>
      {/* A long label wraps onto a second line rather than being cut ('Замовлення постачальникам'). */}
      <SidebarMenuButton asChild isActive={isActive} tooltip={item.label} className="h-auto min-h-8">
        <a href={item.route} aria-current={isActive ? 'page' : undefined}>
          <NavIcon name={item.icon} />
          <span className="leading-snug whitespace-normal!">{item.label}</span>
        </a>
      </SidebarMenuButton>
      {badge && !iconMode ? <SidebarMenuBadge>{badge}</SidebarMenuBadge> : null}
      {badge && iconMode ? (
        <span
          data-sidebar="menu-badge-icon"
          className="pointer-events-none absolute -top-1 -right-1.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground tabular-nums ring-2 ring-card"
        >
          {badge}
        </span>
      ) : null}
    </SidebarMenuItem>
  );
}

function NavGroupSection({
  group,
  activeRoute,
  badgeCounts,
}: {
  group: NavGroup;
  activeRoute: string | undefined;
  badgeCounts: ReadonlyMap<string, number>;
}) {
  const labelId = useId();
  return (
    <SidebarGroup role="group" aria-labelledby={labelId}>
      <SidebarGroupLabel id={labelId}>{group.label}</SidebarGroupLabel>
      <SidebarMenu>
        {group.items.map((item) => (
          <NavItem
            key={item.route}
            item={item}
            isActive={item.route === activeRoute}
            count={badgeCounts.get(item.route)}
          />
        ))}
      </SidebarMenu>
    </SidebarGroup>
  );
}

function NavSkeleton() {
  return (
    <SidebarGroup>
      <SidebarMenu>
        {[0, 1, 2, 3, 4].map((index) => (
          <SidebarMenuItem key={index}>
            <SidebarMenuSkeleton showIcon index={index} />
          </SidebarMenuItem>
        ))}
      </SidebarMenu>
    </SidebarGroup>
  );
}

export function AppSidebar({ user }: { user: CurrentUser }) {
  const registered = useRegisteredRoutes();
  const [location] = useLocation();
  const { isLoading, permissionOf } = usePermissions();
  const badgeCounts = useBadgeCounts(registered);
  const canView = (route: string) => permissionOf(route).canView;
  const groups = visibleNavGroups(registered, canView);
  const userMenu = visibleUserMenu(registered, canView);
  const activeRoute = owningRoute(location);

  return (
    <Sidebar collapsible="icon">
      <SidebarHeader className="h-14 justify-center border-b">
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" className="h-10 hover:bg-transparent active:bg-transparent">
              <a href="/">
                <AppLogo />
                <div className="line-clamp-2 text-sm leading-tight font-semibold">{layoutMessages.appName}</div>
              </a>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label={layoutMessages.navigation} className="py-1">
          {isLoading ? (
            <NavSkeleton />
          ) : (
            groups.map((group) => (
              <NavGroupSection key={group.key} group={group} activeRoute={activeRoute} badgeCounts={badgeCounts} />
            ))
          )}
        </nav>
      </SidebarContent>
      <SidebarFooter className="border-t">
        <NavUser user={user} items={userMenu} badgeCounts={badgeCounts} />
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
