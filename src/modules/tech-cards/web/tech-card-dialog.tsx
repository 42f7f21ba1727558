// The tech card dialog (production.md §2 'Page'): loads the card (or starts a new one), keeps the lists fresh after
// every change, asks before unsaved changes are dropped (record-dialog.tsx), and holds the editor
// (tech-card-editor.tsx).
import { useState } from 'react';
import { techCardStatusLabels, type TechCard, type TechCardStatus } from '@/modules/tech-cards/tech-cards.contract.ts';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';
import {
  RecordDialog,
  recordDialogTexts,
  recordDialogTitle,
  useRecordDialog,
} from '@/web/components/record-dialog.tsx';
import { isTechCardListQuery, techCardQueryKey, techCardsApi } from './tech-cards.api.ts';
import { techCardsWebMessages } from './tech-cards.messages.ts';
import { TechCardEditor } from './tech-card-editor.tsx';

const m = techCardsWebMessages.dialog;
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
  const state = useRecordDialog<TechCard>({
    id: cardId,
    queryKey: techCardQueryKey(cardId ?? 0),
    get: techCardsApi.get,
    isListQuery: isTechCardListQuery,
    reloadFailed: techCardsWebMessages.toast.actionFailed,
  });
  const [qty, setQty] = useState('1');
  const card = state.record;

  let description: string = m.createDescription;
  if (card) description = card.baseTechCardId ? m.modificationDescription(card.baseName ?? '') : m.baseDescription;

  return (
    <RecordDialog
      state={state}
      texts={recordDialogTexts(techCardsWebMessages)}
      title={recordDialogTitle(card, cardId, m)}
      status={card ? <TechCardStatusBadge status={card.status} /> : null}
      defaultLabel={card?.isDefault ? m.isDefault : null}
      description={description}
      onClose={onClose}
    >
      {(requestClose) => (
        <TechCardEditor
          key={state.editorKey}
          card={card}
          canChange={canChange}
          initialItem={initialItem ?? null}
          qty={qty}
          onQtyChange={setQty}
          onSaved={state.saved}
          onDirtyChange={state.setDirty}
          onReload={state.reload}
          onOpenCard={(id) => {
            state.refreshLists();
            onOpenCard(id);
          }}
          onDeleted={() => {
            state.refreshLists();
            onClose();
          }}
          onClose={requestClose}
        />
      )}
    </RecordDialog>
  );
}
