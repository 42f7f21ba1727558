// 'Системні журнали' (reports-admin.md §16): the counts of system events by level (24 h, 7 days), and two tabs —
// 'Журнал дій' (the audit, read-only) and 'Системні події' (with 'Очистити старші за N днів' for users who may
// change the page). `?tab=events` opens the events; `?entityType=…&entityId=…` opens one record's life.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { AlertTriangleIcon, InfoIcon, OctagonXIcon, Trash2Icon } from 'lucide-react';
import type { LogStats } from '@/modules/system-logs/system-logs.contract.ts';
import { eventLevelLabels, type EventLevel } from '@/modules/system-logs/system-logs.messages.ts';
import { ListHeader, SettingsButton } from '@/web/components/list-page.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { AuditTab, auditStartFromUrl } from './audit-tab.tsx';
import { CleanupDialog } from './cleanup-dialog.tsx';
import { EventsTab } from './events-tab.tsx';
import { SystemLogsSettingsDialog } from './system-logs-settings-dialog.tsx';
import { logStatsQueryKey, SYSTEM_LOGS_ROUTE } from './system-logs.api.ts';
import { systemLogsWebMessages as messages } from './system-logs.messages.ts';

type Tab = 'audit' | 'events';
const levelCards: ReadonlyArray<{ level: EventLevel; icon: typeof InfoIcon; tone: string }> = [
  { level: 'error', icon: OctagonXIcon, tone: statTones.red },
  { level: 'warn', icon: AlertTriangleIcon, tone: statTones.amber },
  { level: 'info', icon: InfoIcon, tone: statTones.sky },
];

export function SystemLogsPage() {
  const search = useSearch();
  const { canAccess } = usePermission(SYSTEM_LOGS_ROUTE);
  const [tab, setTab] = useState<Tab>(() => (new URLSearchParams(search).get('tab') === 'events' ? 'events' : 'audit'));
  const [levelFilter, setLevelFilter] = useState<EventLevel | null>(null);
  const [dialog, setDialog] = useState<'cleanup' | 'settings' | null>(null);
  const stats = useQuery<LogStats>({ queryKey: logStatsQueryKey });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        actions={
          canAccess ? (
            <>
              <SettingsButton label={messages.settings} onClick={() => setDialog('settings')} />
              <Button variant="outline" onClick={() => setDialog('cleanup')}>
                <Trash2Icon aria-hidden="true" />
                {messages.events.cleanup}
              </Button>
            </>
          ) : null
        }
      />

      <section className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label={messages.stats.label}>
        {levelCards.map(({ level, icon, tone }) => (
          <StatCard
            key={level}
            label={`${eventLevelLabels[level]} ${messages.stats.day}`}
            icon={icon}
            tone={tone}
            value={stats.data ? String(stats.data.day[level]) : '—'}
            hint={
              stats.data ? messages.stats.week(stats.data.week[level]) : stats.isError ? messages.stats.loadError : ''
            }
            pressed={tab === 'events' && levelFilter === level}
            onClick={() => {
              setLevelFilter(level);
              setTab('events');
            }}
          />
        ))}
      </section>

      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="min-w-0 gap-4">
        <TabsList className="w-full justify-start sm:w-fit">
          <TabsTrigger value="audit">{messages.tabs.audit}</TabsTrigger>
          <TabsTrigger value="events">{messages.tabs.events}</TabsTrigger>
        </TabsList>
        <TabsContent value="audit" className="min-w-0">
          <AuditTab start={auditStartFromUrl(search)} />
        </TabsContent>
        <TabsContent value="events" className="min-w-0">
          {/* A stat card starts the events again filtered by its level. */}
          <EventsTab key={levelFilter ?? 'all'} start={levelFilter ? { level: levelFilter } : undefined} />
        </TabsContent>
      </Tabs>

      {dialog === 'cleanup' ? <CleanupDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'settings' ? <SystemLogsSettingsDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
