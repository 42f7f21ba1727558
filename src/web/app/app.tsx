// The composition root: providers, and which screen a visitor gets (spec §2).
import { lazy, Suspense } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { queryClient as defaultQueryClient } from '@/web/lib/query-client.ts';
import { LoginPage } from '@/modules/auth/web/login-page.tsx';
import { useAuth } from '@/modules/auth/web/use-auth.ts';
import { LoadingScreen } from './loading-screen.tsx';
import { useAccessibleMenu } from './use-accessible-menu.ts';

// The login page is in the first bundle; everything else loads on demand (DESIGN §7). The tooltip provider
// lives in the signed-in shell, so its positioning code stays out of the login page's budget (DESIGN §9).
const ForgotPasswordPage = lazy(() =>
  import('@/modules/auth/web/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/modules/auth/web/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
// Toasts are plain module state (use-toast.ts): one fired before this chunk arrives shows once it does, so the
// Radix toast code loads beside the first paint instead of before it (DESIGN §9 login budget).
const Toaster = lazy(() => import('@/web/components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));
const AuthenticatedApp = lazy(() => import('./authenticated-app.tsx').then((m) => ({ default: m.AuthenticatedApp })));

function AppRoutes() {
  const { user, isLoading } = useAuth();
  // Starts the menu request as soon as the user is known, in parallel with the shell's code (DESIGN §9).
  useAccessibleMenu();
  if (isLoading) return <LoadingScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      {user ? (
        <AuthenticatedApp user={user} />
      ) : (
        <Switch>
          <Route path="/forgot-password" component={ForgotPasswordPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route component={LoginPage} />
        </Switch>
      )}
    </Suspense>
  );
}

export function App({ queryClient = defaultQueryClient }: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
