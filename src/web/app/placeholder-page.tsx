// The pages spec §2 leaves 'in development' (/documents, /settings, /my-analytics, /my-documents, /messages):
// the catalogue label as the title and one sentence.
import { ConstructionIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { catalogEntry, owningRoute } from '@/shared/route-catalog.ts';
import { PageMessage } from '@/web/layout/page-status.tsx';
import { appMessages } from './app.messages.ts';

export function PlaceholderPage() {
  const [location] = useLocation();
  const route = owningRoute(location);
  const label = (route !== undefined ? catalogEntry(route)?.label : undefined) ?? '';
  return <PageMessage icon={ConstructionIcon} title={label} text={appMessages.placeholder.text} />;
}
