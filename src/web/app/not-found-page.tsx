// Any authenticated path the route table does not know (spec §2).
import { HouseIcon, SearchXIcon } from 'lucide-react';
import { buttonVariants } from '@/web/components/ui/button.tsx';
import { PageMessage } from '@/web/layout/page-status.tsx';
import { appMessages } from './app.messages.ts';

export function NotFoundPage() {
  const m = appMessages.notFound;
  return (
    <PageMessage icon={SearchXIcon} title={m.title} text={m.text}>
      <a href="/" className={buttonVariants()}>
        <HouseIcon aria-hidden="true" />
        {m.home}
      </a>
    </PageMessage>
  );
}
