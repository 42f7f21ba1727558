// A placeholder for signed-in users until the real shell (sidebar, routes) replaces it.
import { FactoryIcon, LogOutIcon, MoonIcon, SunIcon } from 'lucide-react';
import type { CurrentUser } from '@/modules/auth/auth.contract.ts';
import { authMessages } from '@/modules/auth/auth.messages.ts';
import { Button, buttonVariants } from '@/web/components/ui/button.tsx';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/web/components/ui/tooltip.tsx';
import { useTheme } from '@/web/lib/theme.ts';
import { appMessages } from './app.messages.ts';

function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? appMessages.themeToLight : appMessages.themeToDark;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label}>
          {theme === 'dark' ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

export function AuthenticatedApp({ user }: { user: CurrentUser }) {
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return (
    <TooltipProvider>
      <div className="min-h-dvh">
        <header className="sticky top-0 z-10 border-b bg-background/90 backdrop-blur">
          <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <FactoryIcon className="size-5" aria-hidden="true" />
            </span>
            <p className="min-w-0 flex-1 truncate font-semibold">{authMessages.appName}</p>
            <div className="hidden min-w-0 text-right sm:block">
              <p className="truncate text-sm font-medium">{fullName}</p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            </div>
            <ThemeToggle />
            <a href="/api/logout" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <LogOutIcon aria-hidden="true" />
              {appMessages.logout}
            </a>
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-10">
          <h1 className="text-2xl font-semibold tracking-tight">{appMessages.greeting(user.firstName)}</h1>
          <div className="mt-2 text-sm text-muted-foreground sm:hidden">
            <p>{fullName}</p>
            <p>{user.email}</p>
          </div>
        </main>
      </div>
    </TooltipProvider>
  );
}
