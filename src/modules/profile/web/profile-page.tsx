// 'Профіль' (reports-admin.md §19): photo and personal data, password, sessions, own activity.
import { Loader2Icon } from 'lucide-react';
import { ActivityCard } from './activity-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { PreferencesCard } from './preferences-card.tsx';
import { PersonalCard } from './personal-card.tsx';
import { useCurrentUser } from './profile.api.ts';
import { profileMessages as messages } from './profile.messages.ts';
import { SessionsCard } from './sessions-card.tsx';

export function ProfilePage() {
  const { data: user } = useCurrentUser();
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
        <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
      </div>
      {user ? (
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <div className="grid gap-6">
            <PersonalCard user={user} />
            <PasswordCard />
            <PreferencesCard />
          </div>
          <div className="grid gap-6">
            <SessionsCard />
            <ActivityCard />
          </div>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
          {messages.loading}
        </p>
      )}
    </div>
  );
}
