// Renders a screen as the app does: fresh query client with the app's defaults, toasts, tooltips and a
// router at a chosen path (in memory, so tests can read where a screen navigated).
import type { ReactElement } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '@/web/components/ui/toaster.tsx';
import { TooltipProvider } from '@/web/components/ui/tooltip.tsx';
import { RegisteredRoutesContext } from '@/web/layout/registered-routes.ts';
import { createQueryClient } from '@/web/lib/query-client.ts';

export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    queryClient = createQueryClient(),
    registeredRoutes,
  }: {
    path?: string;
    queryClient?: QueryClient;
    /** The routes whose pages the route table has (as the app shell provides them); none when left out. */
    registeredRoutes?: ReadonlySet<string>;
  } = {},
) {
  const location = memoryLocation({ path, record: true });
  const page = registeredRoutes ? <RegisteredRoutesContext value={registeredRoutes}>{ui}</RegisteredRoutesContext> : ui;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {page}
        </Router>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, location, queryClient };
}
