// The card of 1C's CommerceML exchange on /integrations: the address 1C's exchange settings take, and who it signs in
// as (a dedicated user with the right to change /products). It has no settings of its own to keep.
import { FileCode2Icon } from 'lucide-react';
import { integrationsEndpoints } from '../integrations.endpoints.ts';
import { IntegrationCard } from '@/web/components/integration-card.tsx';
import { integrationsWebMessages as m } from './integrations-web.messages.ts';

export function CommerceMlCard() {
  return (
    <IntegrationCard
      title={m.cml.title}
      description={m.cml.description}
      icon={FileCode2Icon}
      state="on"
      facts={[
        {
          label: m.webhooks.address,
          value: (
            <code className="text-xs break-all">{`${window.location.origin}${integrationsEndpoints.commercemlGet.path}`}</code>
          ),
        },
        { label: m.cml.user, value: m.cml.userHint },
      ]}
    />
  );
}
