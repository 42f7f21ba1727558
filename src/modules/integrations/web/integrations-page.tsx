// 'Інтеграції' (reports-admin.md §15, a guarded route): one card per integration — Nova Poshta, the inbound webhooks
// of BAS / 1С and Бітрікс24, 1C's CommerceML exchange — with their state, settings (secrets write-only) and checks,
// and the name mappings of external item codes below.
import { ListHeader } from '@/web/components/list-page.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { INTEGRATIONS_ROUTE } from './integrations.api.ts';
import { integrationsWebMessages as m } from './integrations-web.messages.ts';
import { BankMailboxCard } from '@/modules/bank-mailbox/web/index.ts';
import { NbuRatesCard } from '@/modules/currency-rates/web/index.ts';
import { BasPullCard } from './bas-pull-card.tsx';
import { CommerceMlCard } from './cml-card.tsx';
import { MappingsCard } from './mappings-card.tsx';
import { NpCard } from './np-card.tsx';
import { WebhookCards } from './webhook-cards.tsx';

export function IntegrationsPage() {
  const { canAccess } = usePermission(INTEGRATIONS_ROUTE);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader title={m.title} subtitle={m.subtitle} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        <NpCard canChange={canAccess} />
        <WebhookCards canChange={canAccess} />
        <CommerceMlCard />
        <BasPullCard canChange={canAccess} />
        <BankMailboxCard canChange={canAccess} />
        <NbuRatesCard canChange={canAccess} />
      </div>
      <MappingsCard canChange={canAccess} />
    </div>
  );
}
