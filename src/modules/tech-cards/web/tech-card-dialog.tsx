// The tech card dialog (production.md §2 'Page'): loads the card (or starts a new one), keeps the lists fresh after
// every change, asks before unsaved changes are dropped, and holds the editor (tech-card-editor.tsx).
import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, StarIcon } from 'lucide-react';
import { techCardStatusLabels, type TechCard, type TechCardStatus } from '@/modules/tech-cards/tech-cards.contract.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { ConfirmDialog, StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { isTechCardListQuery, techCardQueryKey, techCardsApi } from './tech-cards.api.ts';
import { techCardsWebMessages } from './tech-cards.messages.ts';
import { TechCardEditor } from './tech-card-editor.tsx';

const m = techCardsWebMessages.dialog;
const t = techCardsWebMessages.toast;
const statusTones: Record<TechCardStatus, StatusTone> = { draft: 'amber', active: 'emerald', archived: 'struck' };

export function TechCardStatusBadge({ status }: { status: TechCardStatus }) {
  return <StatusBadge label={techCardStatusLabels[status]} tone={statusTones[status]} />;
}

export function TechCardDialog({
  cardId,
  canChange,
  initialItem,
  onOpenCard,
  onClose,
}: {
  /** Absent when creating. */
  cardId?: number;
  canChange: boolean;
  /** The item a new card starts with (the list's item filter). */
  initialItem?: { id: number; label: string | null } | null;
  /** Another card to show instead (a new modification or copy). */
  onOpenCard: (id: number) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<TechCard | undefined>();
  const [reloads, setReloads] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const [qty, setQty] = useState('1');
  const query = useQuery<TechCard>({
    queryKey: techCardQueryKey(cardId ?? 0),
    enabled: cardId !== undefined,
    gcTime: 0,
    staleTime: 0,
  });
  const card = latest ?? (cardId !== undefined ? query.data : undefined);
  const loading = cardId !== undefined && !card;

  function changed(next: TechCard) {
    setLatest(next);
    void queryClient.invalidateQueries({ predicate: isTechCardListQuery });
  }

  async function reload(id: number) {
    try {
      setLatest(await techCardsApi.get(id));
      setReloads((n) => n + 1);
    } catch (error) {
      toast({ variant: 'destructive', title: t.actionFailed, description: serverMessageOf(error) });
    }
  }

  function requestClose() {
    if (dirty) setConfirmClose(true);
    else onClose();
  }

  let description: string = m.createDescription;
  if (card) description = card.baseTechCardId ? m.modificationDescription(card.baseName ?? '') : m.baseDescription;

  let body: ReactNode;
  if (loading && query.isError) {
    body = (
      <StateMessage>
        <ListLoadError
          error={query.error}
          message={m.loadError}
          retryText={techCardsWebMessages.retry}
          onRetry={query.refetch}
        />
      </StateMessage>
    );
  } else if (loading) {
    body = (
      <StateMessage>
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        <span role="status">{m.loading}</span>
      </StateMessage>
    );
  } else {
    body = (
      <TechCardEditor
        key={`${card?.id ?? 'new'}-${card?.version ?? 0}-${reloads}`}
        card={card}
        canChange={canChange}
        initialItem={initialItem ?? null}
        qty={qty}
        onQtyChange={setQty}
        onSaved={changed}
        onDirtyChange={setDirty}
        onReload={card ? () => void reload(card.id) : undefined}
        onOpenCard={(id) => {
          void queryClient.invalidateQueries({ predicate: isTechCardListQuery });
          onOpenCard(id);
        }}
        onDeleted={() => {
          void queryClient.invalidateQueries({ predicate: isTechCardListQuery });
          onClose();
        }}
        onClose={requestClose}
      />
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && requestClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-6xl sm:p-6">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {card ? m.title(card.name) : cardId !== undefined ? m.untitled : m.createTitle}
            {card ? <TechCardStatusBadge status={card.status} /> : null}
            {card?.isDefault ? (
              <span className="inline-flex items-center gap-1 text-xs font-normal text-amber-700 dark:text-amber-300">
                <StarIcon className="size-3.5 fill-current" aria-hidden="true" />
                {m.isDefault}
              </span>
            ) : null}
          </DialogTitle>
          <DialogDescription>{loading ? m.loading : description}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
      {confirmClose ? (
        <ConfirmDialog
          title={techCardsWebMessages.confirmClose.title}
          description={techCardsWebMessages.confirmClose.description}
          confirmLabel={techCardsWebMessages.confirmClose.confirm}
          cancelLabel={techCardsWebMessages.confirmClose.cancel}
          destructive
          onConfirm={onClose}
          onClose={() => setConfirmClose(false)}
        />
      ) : null}
    </Dialog>
  );
}
