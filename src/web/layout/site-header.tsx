// The bar above every page: sidebar trigger, page title, what the app puts there (the search), theme switch; under
// 768 px also the logo (spec §2).
import type { ReactNode } from 'react';
import { Separator } from '@/web/components/ui/separator.tsx';
import { SidebarTrigger } from '@/web/components/ui/sidebar.tsx';
import { AppLogo } from './app-logo.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export function SiteHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-5" />
      <a href="/" className="rounded-lg md:hidden" aria-hidden="true" tabIndex={-1}>
        <AppLogo className="size-7" />
      </a>
      <p className="min-w-0 flex-1 truncate text-sm font-medium">{title}</p>
      {actions}
      <ThemeToggle />
    </header>
  );
}
