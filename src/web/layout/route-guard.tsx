// The route guard of spec §6, over the accessible menu (usePermission).
import type { ReactNode } from 'react';
import { LockIcon, ShieldXIcon } from 'lucide-react';
import { Redirect } from 'wouter';
import { usePermission } from '@/web/lib/use-permission.ts';
import { layoutMessages } from './layout.messages.ts';
import { PageLoading, PageMessage } from './page-status.tsx';

export interface RouteGuardProps {
  /** The catalogue route whose permission decides (detail pages use their parent's). */
  route: string;
  /** Demand canAccess, not only canView (spec §6: /users, /roles, …). */
  requireAccess?: boolean;
  /** Where to send a user who cannot view the page. */
  redirectTo?: string;
  /** Shown instead of the page when access is refused and there is no redirect. */
  fallback?: ReactNode;
  children: ReactNode;
}

export function RouteGuard({ route, requireAccess = false, redirectTo, fallback, children }: RouteGuardProps) {
  const { canView, canAccess, isLoading } = usePermission(route);
  const g = layoutMessages.guard;

  if (isLoading) return <PageLoading text={g.checking} />;

  if (!canView) {
    if (redirectTo !== undefined) return <Redirect to={redirectTo} replace />;
    if (fallback !== undefined) return <>{fallback}</>;
    return <PageMessage icon={ShieldXIcon} tone="danger" title={g.deniedTitle} text={g.deniedText} />;
  }

  if (requireAccess && !canAccess) {
    if (fallback !== undefined) return <>{fallback}</>;
    return <PageMessage icon={LockIcon} tone="warning" title={g.limitedTitle} text={g.limitedText} />;
  }

  return <>{children}</>;
}
