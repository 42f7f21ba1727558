// What a signed-in user gets: the shell around the route table. Loaded lazily by app.tsx, so the sidebar,
// tooltips and pages stay out of the login page's bundle.
import type { CurrentUser } from '@/modules/auth/auth.contract.ts';
import { BrowserNotifications } from '@/modules/notifications/web/browser-notifications.tsx';
import { CommandPalette } from '@/modules/search/web/command-palette.tsx';
import { AppShell } from '@/web/layout/app-shell.tsx';
import './connect-permissions.ts';
import { AuthenticatedRoutes, registeredRoutes } from './routes.tsx';

export function AuthenticatedApp({ user }: { user: CurrentUser }) {
  return (
    <AppShell user={user} registeredRoutes={registeredRoutes} headerActions={<CommandPalette />}>
      {/* Native notifications for new unread ones while the app is open (spec §7). */}
      <BrowserNotifications />
      <AuthenticatedRoutes />
    </AppShell>
  );
}
