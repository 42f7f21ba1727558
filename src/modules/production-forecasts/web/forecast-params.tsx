// The parameters of a forecast, shared by 'Новий прогноз' and the draft's form on /production-forecasts/{id}: the
// name, the scope (all made products, a category, chosen items), the period, the method with only its own parameter
// (n or α), the history and horizon periods and the notes. The body is checked by the contract's own schema before it
// is sent; its messages and the server's land on their fields.
import { useQuery } from '@tanstack/react-query';
import { XIcon } from 'lucide-react';
import { ItemPicker } from '@/modules/items/web/index.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { FormField } from '@/web/components/document-fields.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { decimalInput } from '@/web/lib/document-format.ts';
import {
  FORECAST_DEFAULTS,
  forecastCreateSchema,
  forecastGranularities,
  forecastMethods,
  forecastScopes,
  type ForecastDetail,
  type ForecastGranularity,
  type ForecastMethod,
  type ForecastScope,
} from '../production-forecasts.contract.ts';
import {
  forecastGranularityLabels,
  forecastMethodLabels,
  forecastScopeLabels,
} from '../production-forecasts.messages.ts';
import { productionForecastsWebMessages } from './production-forecasts-web.messages.ts';

const m = productionForecastsWebMessages.params;

export interface Chosen {
  id: number;
  label: string;
}

/** What the form holds: numbers as typed, the chosen records with their names. */
export interface ForecastParamsValues {
  name: string;
  scope: ForecastScope;
  category: Chosen | null;
  items: Chosen[];
  granularity: ForecastGranularity;
  method: ForecastMethod;
  windowN: string;
  alpha: string;
  historyPeriods: string;
  horizonPeriods: string;
  notes: string;
}

export const emptyParams: ForecastParamsValues = {
  name: '',
  scope: 'all',
  category: null,
  items: [],
  granularity: 'month',
  method: 'moving_average',
  windowN: String(FORECAST_DEFAULTS.windowN),
  alpha: decimalInput(FORECAST_DEFAULTS.alpha),
  historyPeriods: String(FORECAST_DEFAULTS.historyPeriods),
  horizonPeriods: String(FORECAST_DEFAULTS.horizonPeriods),
  notes: '',
};

/** A saved forecast's parameters as the form holds them (the names of its items and category are looked up). */
export function paramsOf(forecast: ForecastDetail): ForecastParamsValues {
  return {
    name: forecast.name,
    scope: forecast.scope,
    category: forecast.categoryId === null ? null : { id: forecast.categoryId, label: '' },
    items: forecast.itemIds.map((id) => ({ id, label: '' })),
    granularity: forecast.granularity,
    method: forecast.method,
    windowN: String(forecast.windowN),
    alpha: decimalInput(forecast.alpha),
    historyPeriods: String(forecast.historyPeriods),
    horizonPeriods: String(forecast.horizonPeriods),
    notes: forecast.notes ?? '',
  };
}

/** A whole number as typed, or NaN (which the contract refuses with the field's own message). */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The body of the parameters: the scope's own field only, and only the chosen method's parameter (the other keeps
 * its default). Checked by the create schema; `errors` by field when it refuses.
 */
export function paramsBody(values: ForecastParamsValues) {
  const body = {
    name: values.name,
    scope: values.scope,
    itemIds: values.scope === 'items' ? values.items.map((item) => item.id) : [],
    categoryId: values.scope === 'category' ? (values.category?.id ?? null) : null,
    granularity: values.granularity,
    method: values.method,
    ...(values.method === 'moving_average' ? { windowN: wholeNumber(values.windowN) } : { alpha: values.alpha }),
    historyPeriods: wholeNumber(values.historyPeriods),
    horizonPeriods: wholeNumber(values.horizonPeriods),
    notes: values.notes,
  };
  const parsed = forecastCreateSchema.safeParse(body);
  if (parsed.success) return { body, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { body, errors };
}

/** The name of a record known by id only, asked of its lookup. */
function useLookupNames(route: string, ids: readonly number[]) {
  const query = useQuery<{ id: number; label: string }[]>({
    queryKey: [`/api/lookups${route}`, { ids: ids.join(',') }],
    enabled: ids.length > 0,
  });
  return (id: number, known: string) => known || query.data?.find((row) => row.id === id)?.label || `#${id}`;
}

export function ForecastParamsFields({
  formId,
  values,
  errors,
  onChange,
}: {
  formId: string;
  values: ForecastParamsValues;
  errors: Record<string, string>;
  onChange: (values: ForecastParamsValues) => void;
}) {
  const idOf = (name: string) => `${formId}-${name}`;
  const aria = (name: string) => ({
    id: idOf(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${idOf(name)}-message`,
  });
  const set = (change: Partial<ForecastParamsValues>) => onChange({ ...values, ...change });
  const unknownItems = values.items.filter((item) => !item.label).map((item) => item.id);
  const itemName = useLookupNames('/products', unknownItems);
  const unknownCategory = values.category && !values.category.label ? [values.category.id] : [];
  const categoryName = useLookupNames('/product-categories', unknownCategory);

  const choice = <V extends string>(name: string, value: V, options: readonly V[], labels: Record<V, string>) => (
    <Select value={value} onValueChange={(next) => set({ [name]: next } as Partial<ForecastParamsValues>)}>
      <SelectTrigger className="w-full" {...aria(name)}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option} value={option}>
            {labels[option]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
  const text = (name: keyof ForecastParamsValues & string, inputMode: 'numeric' | 'decimal' | 'text' = 'text') => (
    <Input
      {...aria(name)}
      inputMode={inputMode}
      value={values[name] as string}
      onChange={(event) => set({ [name]: event.target.value } as Partial<ForecastParamsValues>)}
    />
  );

  return (
    <div className="grid min-w-0 gap-4 sm:grid-cols-2">
      <FormField id={idOf('name')} label={m.name} error={errors.name} required className="sm:col-span-2">
        <Input
          {...aria('name')}
          aria-required
          maxLength={200}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
        />
      </FormField>
      <FormField id={idOf('scope')} label={m.scope} error={errors.scope}>
        {choice('scope', values.scope, forecastScopes, forecastScopeLabels)}
      </FormField>
      <FormField id={idOf('granularity')} label={m.granularity} error={errors.granularity}>
        {choice('granularity', values.granularity, forecastGranularities, forecastGranularityLabels)}
      </FormField>
      {values.scope === 'category' ? (
        <FormField
          id={idOf('categoryId')}
          label={m.category}
          error={errors.categoryId}
          required
          className="sm:col-span-2"
        >
          <ReferencePicker
            {...aria('categoryId')}
            aria-required
            route="/product-categories"
            value={values.category?.id ?? null}
            valueLabel={values.category ? categoryName(values.category.id, values.category.label) : null}
            placeholder={m.categoryPlaceholder}
            onChange={(id, label) => set({ category: id === null ? null : { id, label: label ?? '' } })}
          />
        </FormField>
      ) : null}
      {values.scope === 'items' ? (
        <FormField id={idOf('itemIds')} label={m.items} error={errors.itemIds} required className="sm:col-span-2">
          <ItemPicker
            {...aria('itemIds')}
            aria-required
            source="products"
            valueLabel={null}
            placeholder={m.itemsPlaceholder}
            onPick={(item) => {
              if (!values.items.some((chosen) => chosen.id === item.id))
                set({ items: [...values.items, { id: item.id, label: item.name }] });
            }}
          />
          {values.items.length ? (
            <ul className="flex flex-wrap gap-1.5" aria-label={m.items}>
              {values.items.map((item) => {
                const label = itemName(item.id, item.label);
                return (
                  <li
                    key={item.id}
                    className="inline-flex max-w-full items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs"
                  >
                    <span className="truncate">{label}</span>
                    <button
                      type="button"
                      className="rounded-full p-0.5 outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring/50"
                      aria-label={m.removeItem(label)}
                      onClick={() => set({ items: values.items.filter((x) => x.id !== item.id) })}
                    >
                      <XIcon className="size-3" aria-hidden="true" />
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </FormField>
      ) : null}
      <FormField id={idOf('method')} label={m.method} error={errors.method}>
        {choice('method', values.method, forecastMethods, forecastMethodLabels)}
      </FormField>
      {values.method === 'moving_average' ? (
        <FormField id={idOf('windowN')} label={m.windowN} error={errors.windowN} hint={m.windowHint}>
          {text('windowN', 'numeric')}
        </FormField>
      ) : (
        <FormField id={idOf('alpha')} label={m.alpha} error={errors.alpha} hint={m.alphaHint}>
          {text('alpha', 'decimal')}
        </FormField>
      )}
      <FormField id={idOf('historyPeriods')} label={m.historyPeriods} error={errors.historyPeriods}>
        {text('historyPeriods', 'numeric')}
      </FormField>
      <FormField id={idOf('horizonPeriods')} label={m.horizonPeriods} error={errors.horizonPeriods}>
        {text('horizonPeriods', 'numeric')}
      </FormField>
      <FormField id={idOf('notes')} label={m.notes} error={errors.notes} className="sm:col-span-2">
        <Textarea
          {...aria('notes')}
          rows={2}
          maxLength={2000}
          value={values.notes}
          onChange={(event) => set({ notes: event.target.value })}
        />
      </FormField>
    </div>
  );
}
