// The editor of a tech card (production.md §2 'Page'): the item, name, status and notes; the operations grid (a base
// card's own rows, or a modification over its greyed base); time and cost for a chosen quantity; and the card's
// actions — save (with the version read), make default, create a modification, copy, print, delete.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CopyIcon, GitBranchIcon, PrinterIcon } from 'lucide-react';
import {
  techCardCreateSchema,
  techCardMessages,
  techCardStatuses,
  techCardStatusLabels,
  techCardUpdateSchema,
  type TechCard,
  type TechCardCreateInput,
  type TechCardStatus,
} from '@/modules/tech-cards/tech-cards.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import {
  canMakeDefault,
  issuesToFields,
  MakeDefaultButton,
  RecordForm,
  RecordFormFooter,
  recordRemoval,
  StatusSelect,
  useDirtyReport,
  useRecordFields,
  useRecordSave,
  type RecordFailure,
} from '@/web/components/record-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import {
  draftOf,
  splitOperationErrors,
  toOperationInputs,
  type OperationDraft,
  type RowErrors,
} from './operations-editor.ts';
import { BaseOperationsGrid, ModificationOperationsGrid } from './operations-grid.tsx';
import { TechCardCostPanel } from './tech-card-cost.tsx';
import { ModificationDialog } from './modification-dialog.tsx';
import { techCardPrintUrl, techCardsApi } from './tech-cards.api.ts';
import { techCardsWebMessages } from './tech-cards.messages.ts';

const m = techCardsWebMessages.dialog;
const t = techCardsWebMessages.toast;

interface HeaderState {
  itemId: number | null;
  itemLabel: string | null;
  name: string;
  status: TechCardStatus;
  notes: string;
  modificationNote: string;
}

const headerOf = (
  card: TechCard | undefined,
  initialItem: { id: number; label: string | null } | null,
): HeaderState => ({
  itemId: card?.itemId ?? initialItem?.id ?? null,
  itemLabel: card ? `${card.itemSku} ${card.itemName}` : (initialItem?.label ?? null),
  name: card?.name ?? '',
  status: card?.status ?? 'draft',
  notes: card?.notes ?? '',
  modificationNote: card?.modificationNote ?? '',
});

/** What is compared to tell unsaved changes (labels and row keys left out). */
const snapshot = (header: HeaderState, rows: readonly OperationDraft[]) =>
  JSON.stringify({
    itemId: header.itemId,
    name: header.name,
    status: header.status,
    notes: header.notes,
    modificationNote: header.modificationNote,
    operations: toOperationInputs(rows),
  });

export function TechCardEditor({
  card,
  canChange,
  initialItem,
  qty,
  onQtyChange,
  onSaved,
  onDirtyChange,
  onReload,
  onOpenCard,
  onDeleted,
  onClose,
}: {
  card: TechCard | undefined;
  canChange: boolean;
  initialItem: { id: number; label: string | null } | null;
  qty: string;
  onQtyChange: (qty: string) => void;
  onSaved: (card: TechCard) => void;
  onDirtyChange: (dirty: boolean) => void;
  onReload: (() => void) | undefined;
  onOpenCard: (id: number) => void;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const [header, setHeader] = useState<HeaderState>(() => headerOf(card, initialItem));
  const [rows, setRows] = useState<OperationDraft[]>(() => (card?.operations ?? []).map((op) => draftOf(op)));
  const [initial] = useState(() =>
    snapshot(
      headerOf(card, initialItem),
      (card?.operations ?? []).map((op) => draftOf(op)),
    ),
  );
  const [headerErrors, setHeaderErrors] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, RowErrors>>({});
  const [failure, setFailure] = useState<RecordFailure | null>(null);
  const [modifying, setModifying] = useState(false);
  const readOnly = !canChange;
  const dirty = snapshot(header, rows) !== initial;
  const isModification = card?.baseTechCardId != null;

  useDirtyReport(dirty, onDirtyChange);

  function showErrors(fields: Record<string, string>) {
    const { byRow, other } = splitOperationErrors(fields, rows);
    setRowErrors(byRow);
    setHeaderErrors(other);
    return Object.keys(fields).length > 0;
  }

  const save = useRecordSave({
    save: (body: TechCardCreateInput) =>
      card ? techCardsApi.update(card.id, { version: card.version, ...body }) : techCardsApi.create(body),
    editing: card !== undefined,
    versionMessage: techCardMessages.version,
    texts: t,
    setFailure,
    onFields: showErrors,
    onSaved,
  });

  const action = useMutation({
    mutationFn: async (kind: 'default' | 'copy' | 'delete') => {
      if (!card) throw new Error('no card');
      if (kind === 'default') return { kind, card: await techCardsApi.makeDefault(card.id) };
      if (kind === 'copy') return { kind, card: await techCardsApi.copy(card.id) };
      await techCardsApi.remove(card.id);
      return { kind, card: null };
    },
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      if (result.kind === 'default' && result.card) {
        toast({ title: t.madeDefault, description: result.card.name });
        onSaved(result.card);
      } else if (result.kind === 'copy' && result.card) {
        toast({ title: t.copied, description: result.card.name });
        onOpenCard(result.card.id);
      } else {
        toast({ title: t.deleted, description: card?.name });
        onDeleted();
      }
    },
    onError: (error, kind) =>
      setFailure({
        message: serverMessageOf(error) ?? (kind === 'delete' ? t.deleteFailed : t.actionFailed),
        stale: false,
      }),
  });

  function submit() {
    const body = {
      itemId: header.itemId as number,
      name: header.name,
      status: header.status,
      notes: header.notes,
      modificationNote: header.modificationNote,
      operations: toOperationInputs(rows),
    };
    const parsed = card
      ? techCardUpdateSchema.safeParse({ version: card.version, ...body })
      : techCardCreateSchema.safeParse(body);
    if (!parsed.success) {
      showErrors(issuesToFields(parsed.error.issues));
      setFailure({ message: m.fixErrors, stale: false });
      return;
    }
    setRowErrors({});
    setHeaderErrors({});
    save.mutate(body);
  }

  const busy = save.isPending || action.isPending;
  const { formId, id, aria, field } = useRecordFields(headerErrors, m.required);

  return (
    <RecordForm readOnly={readOnly} onSubmit={submit}>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1.5fr)_12rem]">
        {field(
          'itemId',
          m.item,
          <ReferencePicker
            {...aria('itemId', true)}
            route="/products"
            value={header.itemId}
            valueLabel={header.itemLabel}
            placeholder={m.itemPlaceholder}
            disabled={readOnly}
            onChange={(value, label) => setHeader((h) => ({ ...h, itemId: value, itemLabel: label }))}
          />,
          { required: true },
        )}
        {field(
          'name',
          m.name,
          <Input
            {...aria('name', true)}
            value={header.name}
            disabled={readOnly}
            onChange={(event) => setHeader((h) => ({ ...h, name: event.target.value }))}
          />,
          { required: true },
        )}
        {field(
          'status',
          m.status,
          <StatusSelect
            statuses={techCardStatuses}
            labels={techCardStatusLabels}
            value={header.status}
            disabled={readOnly}
            onChange={(status) => setHeader((h) => ({ ...h, status }))}
            trigger={aria('status')}
          />,
        )}
      </div>
      {isModification ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div className="grid grid-cols-1 content-start gap-1 text-sm">
            <span className="font-medium">{m.base}</span>
            <span>
              «{card!.baseName}»{' '}
              {card!.baseItemName ? <span className="text-muted-foreground">({card!.baseItemName})</span> : null}
            </span>
          </div>
          {field(
            'modificationNote',
            m.modificationNote,
            <Textarea
              {...aria('modificationNote')}
              rows={2}
              value={header.modificationNote}
              disabled={readOnly}
              onChange={(event) => setHeader((h) => ({ ...h, modificationNote: event.target.value }))}
            />,
          )}
        </div>
      ) : null}

      <section className="grid grid-cols-1 min-w-0 gap-3" aria-labelledby={id('operations-title')}>
        <h3 id={id('operations-title')} className="text-base font-semibold">
          {m.operations}
        </h3>
        {isModification ? (
          <ModificationOperationsGrid
            idPrefix={formId}
            rows={rows}
            errors={rowErrors}
            readOnly={readOnly}
            baseOperations={card!.baseOperations}
            onChange={setRows}
          />
        ) : (
          <BaseOperationsGrid idPrefix={formId} rows={rows} errors={rowErrors} readOnly={readOnly} onChange={setRows} />
        )}
        <FieldMessage id={id('operations-message')} error={headerErrors.operations} />
      </section>

      {field(
        'notes',
        m.notes,
        <Textarea
          {...aria('notes')}
          rows={2}
          value={header.notes}
          disabled={readOnly}
          onChange={(event) => setHeader((h) => ({ ...h, notes: event.target.value }))}
        />,
      )}

      <TechCardCostPanel cardId={card?.id ?? null} dirty={dirty} qty={qty} onQtyChange={onQtyChange} />

      {card && (card.recipes.length > 0 || card.modifications.length > 0) ? (
        <div className="grid grid-cols-1 gap-1 text-sm text-muted-foreground">
          {card.recipes.length ? <p>{m.recipes(card.recipes.map((r) => `«${r.name}»`).join(', '))}</p> : null}
          {card.modifications.length ? (
            <p>{m.modifications(card.modifications.map((r) => `«${r.name}» (${r.itemSku})`).join(', '))}</p>
          ) : null}
        </div>
      ) : null}

      <RecordFormFooter
        failure={failure}
        onReload={onReload}
        actions={
          card ? (
            <>
              <Button
                type="button"
                variant="outline"
                onClick={() => window.open(techCardPrintUrl(card.id, qty), '_blank')}
              >
                <PrinterIcon aria-hidden="true" />
                {m.print}
              </Button>
              {canChange ? (
                <>
                  {canMakeDefault(card, canChange) ? (
                    <MakeDefaultButton
                      label={m.makeDefault}
                      disabled={busy || dirty}
                      onClick={() => action.mutate('default')}
                    />
                  ) : null}
                  {!isModification && card.status !== 'archived' ? (
                    <Button type="button" variant="outline" disabled={busy || dirty} onClick={() => setModifying(true)}>
                      <GitBranchIcon aria-hidden="true" />
                      {m.createModification}
                    </Button>
                  ) : null}
                  <Button
                    type="button"
                    variant="outline"
                    disabled={busy || dirty}
                    onClick={() => action.mutate('copy')}
                  >
                    <CopyIcon aria-hidden="true" />
                    {m.copy}
                  </Button>
                </>
              ) : null}
            </>
          ) : null
        }
        remove={recordRemoval(card, canChange, action)}
        readOnly={readOnly}
        busy={busy}
        saving={save.isPending}
        texts={{ ...m, confirmDelete: techCardsWebMessages.confirmDelete }}
        onClose={onClose}
      />
      {modifying && card ? (
        <ModificationDialog
          base={card}
          onCreated={(created) => {
            setModifying(false);
            toast({ title: t.modificationCreated, description: created.name });
            onOpenCard(created.id);
          }}
          onClose={() => setModifying(false)}
        />
      ) : null}
    </RecordForm>
  );
}
