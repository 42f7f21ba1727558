// 'E-mail сповіщення' (reports-admin.md §14, a guarded route): the rules of every event — the event, staff or client,
// on/off, the delivery and a summary of the recipients — and the dialog that edits one with its preview and test.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PencilIcon } from 'lucide-react';
import { ListStates, StateMessage } from '@/web/components/data-list.tsx';
import { ListEmpty, ListHeader } from '@/web/components/list-page.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Card, CardContent } from '@/web/components/ui/card.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import type { EmailRule } from '../email-notifications.contract.ts';
import { emailDeliveryLabels, emailEventGroupLabels } from '../email-notifications.messages.ts';
import { EMAIL_NOTIFICATIONS_ROUTE, emailNotificationsApi, emailRulesKey } from './email-notifications.api.ts';
import { EmailRuleDialog, ruleInput } from './email-rule-dialog.tsx';
import { emailNotificationsWebMessages as m } from './email-notifications-web.messages.ts';

export function recipientsSummary(rule: EmailRule): string {
  const r = rule.recipients;
  const parts = [
    r.roles.length ? m.summary.roles(r.roles.length) : null,
    r.userIds.length ? m.summary.users(r.userIds.length) : null,
    r.toManager ? m.summary.manager : null,
    r.toClientContacts ? m.summary.client : null,
    r.extraEmails.length ? m.summary.emails(r.extraEmails.length) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : m.nobody;
}

const deliveryOf = (rule: EmailRule) =>
  rule.delivery === 'daily' ? m.dailyAt(rule.digestTime) : emailDeliveryLabels[rule.delivery];

export function EmailNotificationsPage() {
  const { canAccess } = usePermission(EMAIL_NOTIFICATIONS_ROUTE);
  const queryClient = useQueryClient();
  const query = useQuery<EmailRule[]>({ queryKey: emailRulesKey });
  const [editing, setEditing] = useState<EmailRule | null>(null);
  const toggle = useMutation({
    mutationFn: (rule: EmailRule) =>
      emailNotificationsApi.save(rule.eventKey, { ...ruleInput(rule), isEnabled: !rule.isEnabled }),
    onSuccess: (saved) => {
      toast({ title: m.toggled(saved.isEnabled) });
      void queryClient.invalidateQueries({ queryKey: emailRulesKey });
    },
    onError: (error) => toast({ title: m.saveFailed, description: serverMessageOf(error), variant: 'destructive' }),
  });
  const rules = query.data ?? [];
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader title={m.title} subtitle={m.subtitle} />
      <Card className="min-w-0">
        <CardContent className="p-0 sm:p-0">
          <ListStates query={query} loadingText={m.loading} loadErrorText={m.loadError} retryText={m.retry}>
            {rules.length === 0 ? (
              <StateMessage>
                <ListEmpty title={m.emptyTitle} hint={m.emptyHint} />
              </StateMessage>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{m.columns.event}</TableHead>
                    <TableHead className="hidden sm:table-cell">{m.columns.group}</TableHead>
                    <TableHead>{m.columns.enabled}</TableHead>
                    <TableHead className="hidden md:table-cell">{m.columns.delivery}</TableHead>
                    <TableHead className="hidden lg:table-cell">{m.columns.recipients}</TableHead>
                    <TableHead className="text-right">{m.columns.actions}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rules.map((rule) => (
                    <TableRow key={rule.eventKey}>
                      <TableCell className="whitespace-normal">
                        <div className="font-medium">{rule.label}</div>
                        <div className="text-xs text-muted-foreground sm:hidden">
                          {emailEventGroupLabels[rule.group]} · {deliveryOf(rule)}
                        </div>
                        <div className="text-xs text-muted-foreground lg:hidden">{recipientsSummary(rule)}</div>
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">
                        <Badge variant={rule.group === 'client' ? 'default' : 'secondary'}>
                          {emailEventGroupLabels[rule.group]}
                        </Badge>
                      </TableCell>
                      <TableCell>
                        <Switch
                          checked={rule.isEnabled}
                          disabled={!canAccess || toggle.isPending}
                          aria-label={m.toggle(rule.label)}
                          onCheckedChange={() => toggle.mutate(rule)}
                        />
                      </TableCell>
                      <TableCell className="hidden md:table-cell">{deliveryOf(rule)}</TableCell>
                      <TableCell className="hidden whitespace-normal lg:table-cell">
                        {recipientsSummary(rule)}
                      </TableCell>
                      <TableCell className="text-right">
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          disabled={!canAccess}
                          aria-label={m.edit(rule.label)}
                          title={m.edit(rule.label)}
                          onClick={() => setEditing(rule)}
                        >
                          <PencilIcon aria-hidden="true" />
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </ListStates>
        </CardContent>
      </Card>
      {editing ? <EmailRuleDialog rule={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
