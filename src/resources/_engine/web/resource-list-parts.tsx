// The declared resource page's own parts around the toolkit's list: the filters a declaration asks for (a referenced
// record, a choice or yes/no, the active flag) and the export links.
import type { FieldDef, ResourceDef } from '@/resources/_engine/define-resource.ts';
import { ChoiceFilter } from '@/web/components/list-page.tsx';
import { type ActiveFilter, type ResourceListFilter } from './resource-api.ts';
import { ReferenceFilter } from './reference-picker.tsx';
import { resourcePageMessages as messages } from './resource.messages.ts';

/** Radix Select items cannot have an empty value; this one means "no filter". */
const ALL = '__all__';
const FILTER_WIDTH = 'w-full sm:w-52';

/** The choices of a choice or yes/no field ('Усі' comes first from the filter itself). */
function filterOptions(field: FieldDef): readonly { value: string; label: string }[] {
  if (field.kind === 'boolean') {
    return [
      { value: 'true', label: messages.yes },
      { value: 'false', label: messages.no },
    ];
  }
  return field.options ?? [];
}

/** The fields with `filter: true` (a reference by its picker, the others by a choice), then the status. */
export function ResourceFilters({
  def,
  filter,
  onField,
  onActive,
}: {
  def: ResourceDef;
  filter: ResourceListFilter;
  /** null: no filter on the field. */
  onField: (name: string, value: string | null) => void;
  onActive: (value: ActiveFilter) => void;
}) {
  return (
    <>
      {def.fields
        .filter((field) => field.filter)
        .map((field) =>
          field.kind === 'reference' ? (
            <ReferenceFilter
              key={field.name}
              className="w-full sm:w-56"
              route={field.references ?? ''}
              label={field.label}
              value={filter.filters[field.name] ? Number(filter.filters[field.name]) : null}
              allLabel={messages.filterAll}
              onChange={(value) => onField(field.name, value === null ? null : String(value))}
            />
          ) : (
            <ChoiceFilter
              key={field.name}
              label={field.label}
              allLabel={messages.filterAll}
              allValue={ALL}
              options={filterOptions(field)}
              value={filter.filters[field.name] ?? ALL}
              onChange={(value) => onField(field.name, value === ALL ? null : value)}
              className={FILTER_WIDTH}
              showLabel
            />
          ),
        )}
      {(def.derivedFilters ?? []).map((derived) => (
        <ChoiceFilter
          key={derived.name}
          label={derived.label}
          allLabel={messages.filterAll}
          allValue={ALL}
          options={derived.options}
          value={filter.filters[derived.name] ?? ALL}
          onChange={(value) => onField(derived.name, value === ALL ? null : value)}
          className={FILTER_WIDTH}
          showLabel
        />
      ))}
      {def.hasActiveFlag ? (
        <ChoiceFilter
          label={messages.status}
          allLabel={messages.statusAll}
          allValue="all"
          options={[
            { value: 'true', label: messages.statusActive },
            { value: 'false', label: messages.statusInactive },
          ]}
          value={filter.isActive}
          onChange={(value) => onActive(value as ActiveFilter)}
          className={FILTER_WIDTH}
          showLabel
        />
      ) : null}
    </>
  );
}
