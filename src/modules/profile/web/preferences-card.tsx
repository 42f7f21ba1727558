// The user's own preferences (reports-admin.md §19, decision 0026): the daily e-mail digest of the e-mail rules
// switched on or off; off — the digest job sends this user none.
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import type { Preferences } from '../profile.contract.ts';
import { preferencesQueryKey, profileApi } from './profile.api.ts';
import { profileMessages } from './profile.messages.ts';

const messages = profileMessages.preferences;

export function PreferencesCard() {
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery<Preferences>({ queryKey: preferencesQueryKey });
  const save = useMutation({
    mutationFn: (emailDigest: boolean) => profileApi.updatePreferences({ emailDigest }),
    onSuccess: (answer) => {
      queryClient.setQueryData(preferencesQueryKey, answer);
      toast({ title: answer.emailDigest ? messages.on : messages.off });
    },
    onError: (error) => toast({ title: messages.failed, description: serverMessageOf(error), variant: 'destructive' }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{messages.title}</CardTitle>
        <CardDescription>{messages.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            {messages.loadFailed}
          </p>
        ) : (
          <div className="flex items-center gap-3">
            <Switch
              id={`${id}-digest`}
              checked={query.data?.emailDigest ?? false}
              disabled={!query.data || save.isPending}
              onCheckedChange={(on) => save.mutate(on)}
            />
            <Label htmlFor={`${id}-digest`}>{messages.emailDigest}</Label>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
