// Between what the inputs hold and what the API takes: form defaults from a row, the payload from the form
// (integers as numbers, decimals as point strings — a decimal comma is accepted), list cell texts, and the
// resolver that validates the payload with the declaration's own zod schema (Ukrainian messages).
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createSchema,
  resourceMessages,
  updateSchema,
  type FieldDef,
  type ResourceDef,
} from '@/resources/_engine/define-resource.ts';
import type { ResourceRow } from './resource-api.ts';
import { resourcePageMessages as messages } from './resource.messages.ts';

/** What an input holds: text kinds, numbers and enums as strings, booleans as booleans, references as ids. */
export type FormValue = string | boolean | number | null;
export type ResourceFormValues = Record<string, FormValue>;
export type ResourcePayload = Record<string, unknown>;

export const IS_ACTIVE = 'isActive';

/** The record's name in confirmations and aria-labels. */
export function displayOf(def: ResourceDef, row: ResourceRow): string {
  const value = row[def.displayField];
  return value === null || value === undefined || value === '' ? `#${row.id}` : String(value);
}

/** The names the form edits (and the server may name in `fields`). */
export function formFieldNames(def: ResourceDef): string[] {
  const names = def.fields.map((field) => field.name);
  return def.hasActiveFlag ? [...names, IS_ACTIVE] : names;
}

function inputValue(field: FieldDef, value: unknown): FormValue {
  switch (field.kind) {
    case 'textList':
      // One entry a line in a textarea.
      return Array.isArray(value) ? value.join('\n') : '';
    case 'boolean':
      return value === true;
    case 'reference':
      return typeof value === 'number' ? value : null;
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** Initial values: the row's when editing, the declared defaults when creating. */
export function formDefaults(def: ResourceDef, row?: ResourceRow): ResourceFormValues {
  const values: ResourceFormValues = {};
  for (const field of def.fields) {
    values[field.name] = inputValue(field, row ? row[field.name] : field.defaultValue);
  }
  if (def.hasActiveFlag) values[IS_ACTIVE] = row ? row.isActive !== false : true;
  return values;
}

/** The label a reference picker shows before anything is looked up: the row's `<field>Label`. */
export function referenceLabelOf(field: FieldDef, row: ResourceRow | undefined): string | null {
  const label = row?.[`${field.name}Label`];
  return typeof label === 'string' ? label : null;
}

const SPACES = /[\s\u00a0\u202f]/g;

/** The API's value of one input; an unreadable number becomes NaN so that the schema names the mistake. */
export function payloadValue(field: FieldDef, value: FormValue): unknown {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'color':
    case 'date':
    case 'phone':
    case 'email':
      return typeof value === 'string' ? value : '';
    case 'integer': {
      const text = String(value ?? '').replace(SPACES, '');
      if (text === '') return null;
      return /^[-+]?\d+$/.test(text) ? Number(text) : Number.NaN;
    }
    case 'decimal': {
      // Ukrainian users type a decimal comma; the API takes exact decimal strings with a point (README §7).
      const text = String(value ?? '')
        .replace(SPACES, '')
        .replace(',', '.');
      return text === '' ? null : text;
    }
    case 'boolean':
      return value === true;
    case 'enum':
      return typeof value === 'string' && value !== '' ? value : null;
    case 'reference':
      return typeof value === 'number' ? value : null;
    case 'textList':
      return typeof value === 'string' ? value.split('\n') : [];
  }
}

export function toPayload(def: ResourceDef, values: ResourceFormValues): ResourcePayload {
  const payload: ResourcePayload = {};
  for (const field of def.fields) payload[field.name] = payloadValue(field, values[field.name] ?? null);
  if (def.hasActiveFlag) payload[IS_ACTIVE] = values[IS_ACTIVE] !== false;
  return payload;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * Validates the payload built from the inputs with createSchema/updateSchema; an empty required field says
 * "Обов'язкове поле" whatever its kind (the schema alone would say "Вкажіть ціле число" for an empty integer).
 */
export function resourceResolver(
  def: ResourceDef,
  mode: 'create' | 'update',
): Resolver<ResourceFormValues, unknown, ResourcePayload> {
  const schema = mode === 'create' ? createSchema(def) : updateSchema(def);
  const validate = zodResolver(schema);
  return async (values, context, options) => {
    const payload = toPayload(def, values);
    // The payload has the form's own names, so the form's field refs still apply to the schema's errors.
    const result = await validate(payload, context, options as unknown as Parameters<typeof validate>[2]);
    const errors = { ...result.errors } as FieldErrors<ResourceFormValues>;
    for (const field of def.fields) {
      // A list's error is on one of its entries (alternativeNames.2): the input shows it as the field's.
      const error = errors[field.name] as unknown as Record<string, { message?: string } | undefined> | undefined;
      if (field.kind === 'textList' && error && typeof error.message !== 'string') {
        const first = Object.values(error).find((entry) => typeof entry?.message === 'string');
        errors[field.name] = { type: 'validate', message: first?.message ?? '' };
      }
      if (field.required && isBlank(payload[field.name])) {
        errors[field.name] = { type: 'required', message: resourceMessages.required };
      }
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.values as ResourcePayload, errors: {} };
  };
}

/** The text of a list cell (colours and badges are drawn by the page). */
export function cellText(field: FieldDef, row: ResourceRow): string {
  const value = row[field.name];
  switch (field.kind) {
    case 'boolean':
      return value === true ? messages.yes : value === false ? messages.no : messages.emptyValue;
    case 'enum':
      if (value === null || value === undefined || value === '') return messages.emptyValue;
      return field.options?.find((option) => option.value === value)?.label ?? String(value);
    case 'reference':
      return (
        referenceLabelOf(field, row) ?? (value === null || value === undefined ? messages.emptyValue : `#${value}`)
      );
    case 'date': {
      // YYYY-MM-DD from the API, shown as people read dates in Ukraine.
      const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
      return match ? `${match[3]}.${match[2]}.${match[1]}` : messages.emptyValue;
    }
    case 'textList':
      return Array.isArray(value) && value.length ? value.join(', ') : messages.emptyValue;
    case 'decimal':
      // The API's exact string with a decimal comma and without the column's padding zeros (110.000000 → 110,00).
      return typeof value === 'string' && value !== '' ? formatDecimalUk(value) : messages.emptyValue;
    default:
      return value === null || value === undefined || value === '' ? messages.emptyValue : String(value);
  }
}

/** Kinds whose column the server can sort (README §10: `sort=field|-field`). */
export function isSortable(field: FieldDef): boolean {
  return (
    !field.computed &&
    (field.kind === 'text' ||
      field.kind === 'integer' ||
      field.kind === 'decimal' ||
      field.kind === 'enum' ||
      field.kind === 'date')
  );
}

export function isNumeric(field: FieldDef): boolean {
  return field.kind === 'integer' || field.kind === 'decimal';
}
