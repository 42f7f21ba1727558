// The recipe form (production.md §3 'Page'): the item, a name, the BOM and the tech card picked from the item's own
// (never a list of ingredients), the batch size, an optional labour rate, instructions and notes — beside the live
// preview of what the variant makes and costs. Actions: save (with the version read), make default, delete.
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  batchSizeText,
  labourRateText,
  recipeCreateSchema,
  recipeMessages,
  recipeStatuses,
  recipeStatusLabels,
  recipeUpdateSchema,
  type Recipe,
  type RecipeCreateInput,
  type RecipeOptions,
  type RecipeStatus,
} from '@/modules/recipes/recipes.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
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
import { Input } from '@/web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { decimalInput } from '@/web/lib/document-format.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { RecipePreviewPanel, type PreviewParams } from './recipe-preview.tsx';
import { recipeOptionsQueryKey, recipesApi } from './recipes.api.ts';
import { recipesWebMessages } from './recipes.messages.ts';

const m = recipesWebMessages.dialog;
const t = recipesWebMessages.toast;
const NO_CARD = 'none';

interface FormState {
  itemId: number | null;
  itemLabel: string | null;
  name: string;
  bomId: number | null;
  techCardId: number | null;
  batchSize: string;
  labourRatePerHour: string;
  instructions: string;
  notes: string;
  status: RecipeStatus;
}

const formOf = (recipe: Recipe | undefined, initialItem: { id: number; label: string | null } | null): FormState => ({
  itemId: recipe?.itemId ?? initialItem?.id ?? null,
  itemLabel: recipe ? `${recipe.itemSku} ${recipe.itemName}` : (initialItem?.label ?? null),
  name: recipe?.name ?? '',
  bomId: recipe?.bomId ?? null,
  techCardId: recipe?.techCardId ?? null,
  batchSize: recipe ? decimalInput(recipe.batchSize) : '1',
  labourRatePerHour: recipe?.labourRatePerHour ? decimalInput(recipe.labourRatePerHour) : '',
  instructions: recipe?.instructions ?? '',
  notes: recipe?.notes ?? '',
  status: recipe?.status ?? 'active',
});

const bodyOf = (form: FormState) => ({
  name: form.name,
  bomId: form.bomId as number,
  techCardId: form.techCardId,
  batchSize: form.batchSize,
  labourRatePerHour: form.labourRatePerHour.trim() === '' ? null : form.labourRatePerHour,
  instructions: form.instructions,
  notes: form.notes,
  status: form.status,
});

/** The form's variant as preview parameters, or null while it is not complete. */
function previewParamsOf(form: FormState): PreviewParams | null {
  const batch = batchSizeText.safeParse(form.batchSize);
  const rateText = form.labourRatePerHour.trim();
  const rate = rateText === '' ? null : labourRateText.safeParse(rateText);
  if (form.itemId === null || form.bomId === null || !batch.success || (rate && !rate.success)) return null;
  return {
    itemId: form.itemId,
    bomId: form.bomId,
    techCardId: form.techCardId,
    batchSize: batch.data,
    labourRatePerHour: rate && rate.success ? rate.data : null,
  };
}

export function RecipeEditor({
  recipe,
  canChange,
  initialItem,
  onSaved,
  onDirtyChange,
  onReload,
  onDeleted,
  onClose,
}: {
  recipe: Recipe | undefined;
  canChange: boolean;
  initialItem: { id: number; label: string | null } | null;
  onSaved: (recipe: Recipe) => void;
  onDirtyChange: (dirty: boolean) => void;
  onReload: (() => void) | undefined;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<FormState>(() => formOf(recipe, initialItem));
  const [initial] = useState(() => JSON.stringify({ ...formOf(recipe, initialItem), itemLabel: null }));
  /** After the item changes, its default BOM and tech card are picked once the options arrive. */
  const [autoPick, setAutoPick] = useState(recipe === undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<RecordFailure | null>(null);
  const readOnly = !canChange;
  const dirty = JSON.stringify({ ...form, itemLabel: null }) !== initial;

  useDirtyReport(dirty, onDirtyChange);

  const options = useQuery<RecipeOptions>({
    queryKey: recipeOptionsQueryKey(form.itemId ?? 0),
    enabled: form.itemId !== null,
    staleTime: 0,
    gcTime: 0,
  });
  if (autoPick && options.data && form.itemId !== null) {
    const bom = options.data.boms.find((b) => b.isDefault) ?? options.data.boms[0];
    const card = options.data.techCards.find((c) => c.isDefault) ?? options.data.techCards[0];
    setAutoPick(false);
    setForm((f) => ({ ...f, bomId: bom?.id ?? null, techCardId: card?.id ?? null }));
  }

  // The preview follows the form, a moment after typing stops.
  const live = previewParamsOf(form);
  const liveKey = JSON.stringify(live);
  const [params, setParams] = useState<PreviewParams | null>(live);
  const debounce = useDebouncedAction(350);
  useEffect(() => {
    debounce(() => setParams(JSON.parse(liveKey) as PreviewParams | null));
  }, [liveKey, debounce]);

  const save = useRecordSave({
    save: (body: RecipeCreateInput) =>
      recipe ? recipesApi.update(recipe.id, { version: recipe.version, ...bodyOf(form) }) : recipesApi.create(body),
    editing: recipe !== undefined,
    versionMessage: recipeMessages.version,
    texts: t,
    setFailure,
    // The failure line stays under the fields' own errors.
    onFields: (fields) => {
      setErrors(fields);
      return false;
    },
    onSaved,
  });
  const action = useMutation({
    mutationFn: async (kind: 'default' | 'delete') => {
      if (!recipe) throw new Error('no recipe');
      if (kind === 'default') return recipesApi.makeDefault(recipe.id);
      await recipesApi.remove(recipe.id);
      return null;
    },
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      if (result) {
        toast({ title: t.madeDefault, description: result.name });
        onSaved(result);
      } else {
        toast({ title: t.deleted, description: recipe?.name });
        onDeleted();
      }
    },
    onError: (error) => setFailure({ message: serverMessageOf(error) ?? t.actionFailed, stale: false }),
  });

  function submit() {
    const body = { itemId: form.itemId as number, ...bodyOf(form) };
    const parsed = recipe
      ? recipeUpdateSchema.safeParse({ version: recipe.version, ...bodyOf(form) })
      : recipeCreateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.error.issues));
      setFailure({ message: m.fixErrors, stale: false });
      return;
    }
    setErrors({});
    save.mutate(body);
  }

  const busy = save.isPending || action.isPending;
  const { aria, field } = useRecordFields(errors, m.required);
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const boms = options.data?.boms ?? [];
  const cards = options.data?.techCards ?? [];
  const bomHint = form.itemId === null ? m.bomFirstItem : options.data && boms.length === 0 ? m.bomNone : undefined;

  return (
    <RecordForm readOnly={readOnly} onSubmit={submit}>
      <div className="grid grid-cols-1 min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid grid-cols-1 min-w-0 content-start gap-4">
          {field(
            'itemId',
            m.item,
            <ReferencePicker
              {...aria('itemId', true)}
              route="/products"
              value={form.itemId}
              valueLabel={form.itemLabel}
              placeholder={m.itemPlaceholder}
              disabled={readOnly || recipe !== undefined}
              onChange={(value, label) => {
                set({ itemId: value, itemLabel: label, bomId: null, techCardId: null });
                setAutoPick(value !== null);
              }}
            />,
            { required: true, hint: recipe ? m.itemLocked : undefined },
          )}
          {field(
            'name',
            m.name,
            <Input
              {...aria('name', true)}
              value={form.name}
              placeholder={m.namePlaceholder}
              disabled={readOnly}
              onChange={(event) => set({ name: event.target.value })}
            />,
            { required: true },
          )}
          {field(
            'bomId',
            m.bom,
            <Select
              value={form.bomId === null ? '' : String(form.bomId)}
              disabled={readOnly || form.itemId === null}
              onValueChange={(value) => set({ bomId: Number(value) })}
            >
              <SelectTrigger {...aria('bomId', true)}>
                <SelectValue placeholder={m.bomPlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {boms.map((bom) => (
                  <SelectItem key={bom.id} value={String(bom.id)}>
                    {bom.name}
                    {bom.isDefault ? ` (${m.defaultOption})` : bom.status === 'draft' ? ` (${m.draftOption})` : ''}
                  </SelectItem>
                ))}
                {form.bomId !== null && !boms.some((b) => b.id === form.bomId) && recipe ? (
                  <SelectItem value={String(form.bomId)}>{recipe.bomName}</SelectItem>
                ) : null}
              </SelectContent>
            </Select>,
            { required: true, hint: bomHint },
          )}
          {field(
            'techCardId',
            m.techCard,
            <Select
              value={form.techCardId === null ? NO_CARD : String(form.techCardId)}
              disabled={readOnly || form.itemId === null}
              onValueChange={(value) => set({ techCardId: value === NO_CARD ? null : Number(value) })}
            >
              <SelectTrigger {...aria('techCardId')}>
                <SelectValue placeholder={m.techCardPlaceholder} />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_CARD}>{m.noTechCard}</SelectItem>
                {cards.map((card) => (
                  <SelectItem key={card.id} value={String(card.id)}>
                    {card.name}
                    {card.baseName ? ` — ${m.modificationOf(card.baseName)}` : ''}
                    {card.isDefault ? ` (${m.defaultOption})` : card.status === 'draft' ? ` (${m.draftOption})` : ''}
                  </SelectItem>
                ))}
                {form.techCardId !== null && !cards.some((c) => c.id === form.techCardId) && recipe?.techCardName ? (
                  <SelectItem value={String(form.techCardId)}>{recipe.techCardName}</SelectItem>
                ) : null}
              </SelectContent>
            </Select>,
          )}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {field(
              'batchSize',
              m.batchSize,
              <Input
                {...aria('batchSize', true)}
                inputMode="decimal"
                className="text-right tabular-nums"
                value={form.batchSize}
                disabled={readOnly}
                onChange={(event) => set({ batchSize: event.target.value })}
              />,
              { required: true, hint: m.batchSizeHint },
            )}
            {field(
              'labourRatePerHour',
              m.labourRate,
              <Input
                {...aria('labourRatePerHour')}
                inputMode="decimal"
                className="text-right tabular-nums"
                value={form.labourRatePerHour}
                disabled={readOnly}
                onChange={(event) => set({ labourRatePerHour: event.target.value })}
              />,
              { hint: m.labourRateHint },
            )}
          </div>
          {field(
            'instructions',
            m.instructions,
            <Textarea
              {...aria('instructions')}
              rows={5}
              className="font-mono text-sm"
              value={form.instructions}
              disabled={readOnly}
              onChange={(event) => set({ instructions: event.target.value })}
            />,
            { hint: m.instructionsHint },
          )}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
            {field(
              'notes',
              m.notes,
              <Textarea
                {...aria('notes')}
                rows={2}
                value={form.notes}
                disabled={readOnly}
                onChange={(event) => set({ notes: event.target.value })}
              />,
            )}
            {field(
              'status',
              m.status,
              <StatusSelect
                statuses={recipeStatuses}
                labels={recipeStatusLabels}
                value={form.status}
                disabled={readOnly}
                onChange={(status) => set({ status })}
                trigger={aria('status')}
              />,
            )}
          </div>
        </div>
        <div className="min-w-0 rounded-lg border bg-muted/20 p-3 sm:p-4">
          <RecipePreviewPanel params={params} unit={recipe?.unitShortName ?? null} />
        </div>
      </div>

      <RecordFormFooter
        failure={failure}
        onReload={onReload}
        actions={
          canMakeDefault(recipe, canChange) ? (
            <MakeDefaultButton
              label={m.makeDefault}
              disabled={busy || dirty}
              onClick={() => action.mutate('default')}
            />
          ) : null
        }
        remove={recordRemoval(recipe, canChange, action)}
        readOnly={readOnly}
        busy={busy}
        saving={save.isPending}
        texts={{ ...m, confirmDelete: recipesWebMessages.confirmDelete }}
        onClose={onClose}
      />
    </RecordForm>
  );
}
