// 'Листування' (sales.md §5): outgoing paper mail to counterparties — the letters ('Листи'), the post office
// registers they leave in ('Реєстри') and the envelope layout of each format ('Шаблон конверта').
import { useState } from 'react';
import { MailIcon, ListChecksIcon, LayoutTemplateIcon } from 'lucide-react';
import { usePermission } from '@/web/lib/use-permission.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { mailWebMessages as messages } from './client-mail.messages.ts';
import { EnvelopeDesigner } from './envelope-designer.tsx';
import { LettersTab } from './letters-tab.tsx';
import { RegistersTab } from './registers-tab.tsx';

export const CLIENT_MAIL_ROUTE = '/client-mail';
type Tab = 'letters' | 'registers' | 'template';

export function ClientMailPage() {
  const [tab, setTab] = useState<Tab>('letters');
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(CLIENT_MAIL_ROUTE);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
        <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="min-w-0 gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="letters">
            <MailIcon className="hidden sm:block" aria-hidden="true" />
            {messages.tabs.letters}
          </TabsTrigger>
          <TabsTrigger value="registers">
            <ListChecksIcon className="hidden sm:block" aria-hidden="true" />
            {messages.tabs.registers}
          </TabsTrigger>
          <TabsTrigger value="template">
            <LayoutTemplateIcon className="hidden sm:block" aria-hidden="true" />
            {messages.tabs.template}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="letters" className="min-w-0">
          <LettersTab canAccess={canAccess} />
        </TabsContent>
        <TabsContent value="registers" className="min-w-0">
          <RegistersTab canAccess={canAccess} />
        </TabsContent>
        <TabsContent value="template" className="min-w-0">
          <EnvelopeDesigner canAccess={canAccess} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
