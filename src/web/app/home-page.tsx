// The home page (spec §2 '/'): the six module cards, then a grid of extra modules — each only when its page is
// built and the user may view it; a welcome card while there is nothing to offer yet.
import { ArrowRightIcon, SparklesIcon } from 'lucide-react';
import { useAuth } from '@/modules/auth/web/use-auth.ts';
import { Card, CardContent } from '@/web/components/ui/card.tsx';
import { Skeleton } from '@/web/components/ui/skeleton.tsx';
import { isOffered } from '@/web/layout/nav-model.ts';
import { NavIcon } from '@/web/layout/nav-icons.ts';
import { useRegisteredRoutes } from '@/web/layout/registered-routes.ts';
import { catalogEntry, homeExtraRoutes, homeModuleRoutes, type CatalogRoute } from '@/shared/route-catalog.ts';
import { cn } from '@/web/lib/utils.ts';
import { appMessages } from './app.messages.ts';
import { usePermissions } from '@/web/lib/use-permission.ts';

const m = appMessages.home;

function ModuleCard({ entry, prominent }: { entry: CatalogRoute; prominent: boolean }) {
  return (
    <a
      href={entry.route}
      className={cn(
        'group relative flex items-start gap-4 rounded-xl border bg-card text-card-foreground shadow-xs transition-[border-color,box-shadow,transform] outline-none hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50 motion-safe:hover:-translate-y-0.5',
        prominent ? 'p-5' : 'p-4',
      )}
    >
      <span
        className={cn(
          'flex shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground',
          prominent ? 'size-11' : 'size-9',
        )}
      >
        <NavIcon name={entry.icon} className={prominent ? 'size-5' : 'size-4.5'} />
      </span>
      <span className="min-w-0 flex-1 pr-4">
        <span className={cn('block font-medium', prominent ? 'text-base' : 'text-sm')}>{entry.label}</span>
        <span className="mt-1 block text-sm text-muted-foreground">{m.descriptions[entry.route]}</span>
      </span>
      <ArrowRightIcon
        className="absolute top-4 right-4 size-4 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
        aria-hidden="true"
      />
    </a>
  );
}

function entriesOf(routes: readonly string[], offered: (route: string) => boolean): CatalogRoute[] {
  return routes
    .filter(offered)
    .map((route) => catalogEntry(route))
    .filter((entry): entry is CatalogRoute => entry !== undefined);
}

function WelcomeCard({ firstName }: { firstName: string }) {
  return (
    <Card className="overflow-hidden py-0">
      <CardContent className="flex flex-col items-start gap-5 p-6 sm:flex-row sm:items-center sm:p-8">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary/10 text-primary">
          <SparklesIcon className="size-7" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold tracking-tight">{m.welcomeTitle(firstName)}</h2>
          <p className="mt-1.5 text-sm text-muted-foreground">{m.welcomeText}</p>
          <p className="mt-1 text-sm text-muted-foreground">{m.welcomeHint}</p>
        </div>
      </CardContent>
    </Card>
  );
}

function CardsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-24 rounded-xl" />
      ))}
    </div>
  );
}

export function HomePage() {
  const { user } = useAuth();
  const registered = useRegisteredRoutes();
  const { isLoading, permissionOf } = usePermissions();
  const offered = (route: string) => isOffered(route, registered, (r) => permissionOf(r).canView);
  const modules = entriesOf(homeModuleRoutes, offered);
  const extras = entriesOf(homeExtraRoutes, offered);
  const firstName = user?.firstName || user?.username || '';
  const candidates = [...homeModuleRoutes, ...homeExtraRoutes].some((route) => registered.has(route));

  let body;
  if (isLoading && candidates) {
    body = <CardsSkeleton />;
  } else if (modules.length === 0 && extras.length === 0) {
    body = <WelcomeCard firstName={firstName} />;
  } else {
    body = (
      <div className="flex flex-col gap-10">
        {modules.length > 0 ? (
          <section aria-labelledby="home-modules">
            <h2 id="home-modules" className="mb-3 text-sm font-medium text-muted-foreground">
              {m.modulesHeading}
            </h2>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {modules.map((entry) => (
                <ModuleCard key={entry.route} entry={entry} prominent />
              ))}
            </div>
          </section>
        ) : null}
        {extras.length > 0 ? (
          <section aria-labelledby="home-extras">
            <h2 id="home-extras" className="mb-3 text-sm font-medium text-muted-foreground">
              {m.extraHeading}
            </h2>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {extras.map((entry) => (
                <ModuleCard key={entry.route} entry={entry} prominent={false} />
              ))}
            </div>
          </section>
        ) : null}
      </div>
    );
  }

  const showSubtitle = modules.length > 0 || extras.length > 0;
  return (
    <div className="mx-auto w-full max-w-6xl">
      <header className="mb-8">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{m.title}</h1>
        {showSubtitle ? <p className="mt-1.5 text-muted-foreground">{m.subtitle(firstName)}</p> : null}
      </header>
      {body}
    </div>
  );
}
