// The signed-in shell: tooltips (700/300 ms, spec §9), the sidebar and the header around the page.
// The tooltip provider lives here, not in app.tsx, to keep it out of the login page's bundle.
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@/shared/current-user.ts';
import { SidebarInset, SidebarProvider } from '@/web/components/ui/sidebar.tsx';
import { TooltipProvider } from '@/web/components/ui/tooltip.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { layoutMessages } from './layout.messages.ts';
import { pageTitle } from './nav-model.ts';
import { RegisteredRoutesContext } from './registered-routes.ts';
import { SiteHeader } from './site-header.tsx';

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} — ${layoutMessages.appName}`;
  }, [title]);
}

export function AppShell({
  user,
  registeredRoutes,
  headerActions,
  children,
}: {
  user: CurrentUser;
  /** Catalogue routes with a page in the route table: only these appear in the navigation. */
  registeredRoutes: ReadonlySet<string>;
  /** Feature parts the app puts in the header (the layout imports no module): the search. */
  headerActions?: ReactNode;
  children: ReactNode;
}) {
  const [location] = useLocation();
  const title = pageTitle(location, registeredRoutes);
  useDocumentTitle(title);

  return (
    <RegisteredRoutesContext value={registeredRoutes}>
      <TooltipProvider>
        <SidebarProvider>
          <AppSidebar user={user} />
          <SidebarInset>
            <SiteHeader title={title} actions={headerActions} />
            {/* One page padding for every module, so seventy pages keep the same margins (DESIGN §1). */}
            <main className="flex min-w-0 flex-1 flex-col p-4 sm:p-6 lg:p-8">{children}</main>
          </SidebarInset>
        </SidebarProvider>
      </TooltipProvider>
    </RegisteredRoutesContext>
  );
}
