// 'Налаштування e-mail' (reports-admin.md §13, a guarded route): which transport sends now, the SMTP settings form
// (the password write-only), 'Надіслати тест' with the server's answer, and the outbox with a failed letter's retry.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SendIcon } from 'lucide-react';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { ListHeader } from '@/web/components/list-page.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import type { EmailSettings } from '../email-settings.contract.ts';
import { emailTransportLabels } from '../email-settings.messages.ts';
import { EMAIL_SETTINGS_ROUTE, emailSettingsKey } from './email-settings.api.ts';
import { EmailOutboxCard } from './email-outbox-card.tsx';
import { EmailSettingsForm } from './email-settings-form.tsx';
import { EmailTestDialog } from './email-test-dialog.tsx';
import { emailSettingsWebMessages as m } from './email-settings-web.messages.ts';

export function EmailSettingsPage() {
  const { canAccess } = usePermission(EMAIL_SETTINGS_ROUTE);
  const query = useQuery<EmailSettings>({ queryKey: emailSettingsKey });
  const [testing, setTesting] = useState(false);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          canAccess ? (
            <Button type="button" variant="outline" onClick={() => setTesting(true)}>
              <SendIcon aria-hidden="true" />
              {m.test}
            </Button>
          ) : null
        }
      />
      <Card className="min-w-0">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
          <CardTitle className="text-base">{m.server}</CardTitle>
          {query.data ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              {m.transportNow}:<Badge variant="secondary">{emailTransportLabels[query.data.transport]}</Badge>
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          {query.data ? (
            <EmailSettingsForm key={JSON.stringify(query.data)} settings={query.data} canChange={canAccess} />
          ) : query.isError ? (
            <StateMessage>
              <ListLoadError error={query.error} message={m.loadError} retryText={m.retry} onRetry={query.refetch} />
            </StateMessage>
          ) : (
            <StateMessage>
              <span role="status">{m.loading}</span>
            </StateMessage>
          )}
        </CardContent>
      </Card>
      <EmailOutboxCard canChange={canAccess} />
      {testing ? <EmailTestDialog onClose={() => setTesting(false)} /> : null}
    </div>
  );
}
