// A declared resource (DESIGN §1.3): Ukrainian labels, fields with kinds and rules, list columns, filters and
// default sort. The server engine builds REST, validation, export and import from it; the web engine builds the
// list page and the form. Isomorphic: no React, no Fastify, no Drizzle here.
import { z } from '@/shared/zod-uk.ts';
import { CALENDAR_YEARS, dateText } from '@/shared/document-date.ts';
import { pluralUk } from '@/shared/plural.ts';
import { checkEmail, normalisePhone, type Check } from '@/shared/requisites.ts';

export const fieldKinds = [
  'text',
  'textarea',
  'integer',
  'decimal',
  'boolean',
  'enum',
  'reference',
  'color',
  'date',
  'phone',
  'email',
  'textList',
] as const;
export type FieldKind = (typeof fieldKinds)[number];

export interface FieldOption {
  value: string;
  label: string;
}

export interface FieldDef {
  /** camelCase; the column is its snake_case. */
  name: string;
  label: string;
  kind: FieldKind;
  /**
   * Never empty: the column is NOT NULL, and null (or '') is refused with «Обов'язкове поле». With a `defaultValue`
   * it may still be left out of a new record. The engine refuses to start with a nullable field on a NOT NULL column.
   */
  required?: boolean;
  /** Unique among rows (trimmed, case-insensitive for text) — enforced by a unique index named `<table>_<name>_key`. */
  unique?: boolean;
  maxLength?: number;
  /** integer / decimal bounds (decimal bounds as strings of exact decimals). */
  min?: number;
  max?: number;
  /** decimal: digits after the point (README §7: price 6, amount 2, qty 4, percent 2). */
  scale?: number;
  options?: readonly FieldOption[];
  /** reference: the route of the referenced resource ('/departments'); labels come from its lookup. */
  references?: string;
  /** Shown as a column of the list (in field order). */
  list?: boolean;
  /** Offered as a filter of the list (enum, boolean, reference). */
  filter?: boolean;
  /** Searched by the list's search box (text kinds). */
  search?: boolean;
  /**
   * textList: other names of the record (a carrier's 'НП', 'Nova Poshta'). An import that names the record in a
   * reference column finds it by them too; its own display name wins when two records share one.
   */
  alias?: boolean;
  hint?: string;
  /** text: a pattern the trimmed value must match, with its Ukrainian message; `upper` uppercases first. */
  pattern?: { regex: RegExp; message: string; upper?: boolean };
  /**
   * text: a shared requisite check (src/shared/requisites.ts — barcode, IBAN, УКТ ЗЕД…) that validates and
   * normalises the trimmed value; its Ukrainian error is the field's message.
   */
  check?: (input: string) => Check;
  /** A valid value: the form's placeholder, and the registry test suite's sample for patterned fields. */
  example?: string;
  /**
   * The form shows the field only while another field holds one of these values (a natural person's document only
   * for a ФОП or a natural person). A hidden field keeps its value; the server's rules decide what it means.
   */
  shownWhen?: { field: string; values: readonly (string | boolean)[] };
  /** A value for new records (the form's initial value and the server's default when omitted). */
  defaultValue?: string | number | boolean | null;
  /**
   * A valid value unique to n, for generated records (the registry test suite, the bench data generator) where a
   * fixed `example` would collide with itself — an ЄДРПОУ with its check digit, an SKU.
   */
  sampleOf?: (n: number) => string;
  /** The 409 message when this field's unique index refuses a value (instead of the generic one). */
  uniqueMessage?: string;
  /**
   * boolean: at most one row holds true — per the values of the `per` fields (one default warehouse per type).
   * Setting it on one row clears it on the others in the same transaction. `required`: exactly one holds it, so the
   * holder cannot clear it, be deactivated or be deleted; another row takes it over instead.
   */
  exclusive?: { per?: readonly string[]; required?: boolean };
  /** Set only on list columns made from `computedColumns`: shown and exported, never stored, sorted or edited. */
  computed?: boolean;
  /** Set only on computed columns: a value above 0 is drawn in red (an overdue debt). */
  alertPositive?: boolean;
}

/** A read-only list column the server derives for each row (a client's primary contact), placed after a field. */
export interface ComputedColumn {
  name: string;
  label: string;
  after?: string;
  /**
   * 'money': a decimal string shown with 2 decimals and a decimal comma, right-aligned; 'count': a whole number,
   * right-aligned; 'date': YYYY-MM-DD shown as дд.мм.рррр (default 'text').
   */
  kind?: 'text' | 'money' | 'count' | 'date';
  /** A value above 0 is drawn in red. */
  alertPositive?: boolean;
}

/**
 * A filter on a derived value (a client's debt): a choice in the filter bar ('Усі' first), sent as `?name=value`.
 * The server's registration of the resource says what each value means (`derivedFilters`).
 */
export interface DerivedFilter {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

export interface ResourceDef {
  /** The spec route; the API lives at `/api<route>` and permissions are keyed to it. */
  route: string;
  title: string;
  /** Accusative singular for buttons and messages: 'Нова одиниця' → newLabel. */
  newLabel: string;
  /** Noun phrase naming one record, for confirmations: 'одиницю виміру'. */
  oneLabel: string;
  fields: readonly FieldDef[];
  /** The field shown as the record's name (lookups, confirmations, references). */
  displayField: string;
  /** A field a picker shows beside the name, to tell similar names apart (an item's SKU). */
  lookupHint?: string;
  defaultSort: string;
  /** Fields that identify a row on import (update instead of insert). */
  importKey: readonly string[];
  /** Resources with an active flag are deactivated instead of deleted when something refers to them. */
  hasActiveFlag: boolean;
  /**
   * Rules across fields (e.g. an end date not before a start date): field name → Ukrainian message. Checked on
   * every create, and on update against the stored record merged with the change.
   */
  crossCheck?: (values: Readonly<Record<string, unknown>>) => Record<string, string>;
  /** Derived read-only columns of the list and export; the server's `decorate` hook fills them. */
  computedColumns?: readonly ComputedColumn[];
  /** Filters on derived values, after the fields' filters; the server's registration binds each to a condition. */
  derivedFilters?: readonly DerivedFilter[];
  /** Records every new installation starts with (reference-data.md "Seed"), created when the table is empty. */
  seed?: ReadonlyArray<Record<string, string | number | boolean | null | readonly string[]>>;
}

export function defineResource<const T extends ResourceDef>(def: T): T {
  const names = new Set(def.fields.map((f) => f.name));
  for (const key of [
    def.displayField,
    ...(def.lookupHint ? [def.lookupHint] : []),
    ...def.importKey,
    def.defaultSort.replace(/^-/, ''),
  ]) {
    if (!names.has(key) && key !== 'id' && key !== 'createdAt') {
      throw new Error(`${def.route}: unknown field ${key}`);
    }
  }
  return def;
}

/** The list's columns in order: the fields marked `list`, with the computed columns placed among them. */
export function listColumns(def: ResourceDef): FieldDef[] {
  const columns = def.fields.filter((f) => f.list);
  for (const c of def.computedColumns ?? []) {
    const field: FieldDef = {
      name: c.name,
      label: c.label,
      ...(c.kind === 'money'
        ? { kind: 'decimal' as const, scale: 2 }
        : c.kind === 'count'
          ? { kind: 'integer' as const }
          : c.kind === 'date'
            ? { kind: 'date' as const }
            : { kind: 'text' as const }),
      list: true,
      computed: true,
      alertPositive: c.alertPositive,
    };
    const at = c.after ? columns.findIndex((f) => f.name === c.after) : -1;
    if (at >= 0) columns.splice(at + 1, 0, field);
    else columns.push(field);
  }
  return columns;
}

export const resourceMessages = {
  required: "Обов'язкове поле",
  tooLong: (n: number) => `Не довше ${n} символів`,
  tooMany: (n: number) => `Не більше ${n} ${pluralUk(n, ['значення', 'значення', 'значень'])}`,
  integer: 'Вкажіть ціле число',
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  min: (n: number) => `Не менше ${n}`,
  max: (n: number) => `Не більше ${n}`,
  option: 'Оберіть значення зі списку',
  color: 'Вкажіть колір у форматі #RRGGBB',
  date: 'Вкажіть дату',
  reference: 'Оберіть запис зі списку',
  unique: (label: string) => `Запис з таким значенням поля «${label}» вже існує`,
  inUse: 'Запис використовується — зробіть його неактивним',
  inUseBy: (titles: string) => `Запис використовується (${titles}) — зробіть його неактивним`,
  inUseNoActive: (titles: string) => `Запис використовується (${titles}) — його не можна видалити`,
  exclusiveRequired: (label: string) =>
    `Поле «${label}» має бути позначене в одного запису — позначте ним інший запис, і з цього воно зніметься`,
  notFound: 'Запис не знайдено',
  isActive: 'Активний',
} as const;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The type check of a field's value: a value that is missing or null says «Обов'язкове поле» (it reaches the check
 * only where the field may not be empty), any other wrong type `message` — or zod's Ukrainian words without one.
 */
function present(message?: string) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === null || issue.input === undefined ? resourceMessages.required : message,
  };
}

/** The zod type of one field's value as the API takes it (decimals as strings, README §7). */
export function fieldSchema(field: FieldDef) {
  const m = resourceMessages;
  switch (field.kind) {
    case 'text':
    case 'textarea': {
      const max = field.maxLength ?? (field.kind === 'text' ? 200 : 2000);
      const pattern = field.pattern;
      let base = z.string(present()).trim().max(max, m.tooLong(max));
      if (pattern?.upper) base = base.toUpperCase();
      const patterned = pattern ? base.refine((v) => v === '' || pattern.regex.test(v), pattern.message) : base;
      const valid = field.check ? patterned.transform(checked(field.check)) : patterned;
      return field.required
        ? valid.refine((v) => v.length > 0, m.required)
        : valid.transform((v) => (v === '' ? null : v)).nullable();
    }
    case 'color': {
      const base = z
        .string(present())
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, m.color);
      return field.required ? base : z.union([base, z.literal('').transform(() => null)]).nullable();
    }
    case 'integer': {
      let base = z.number(present(m.integer)).int(m.integer);
      if (field.min !== undefined) base = base.min(field.min, m.min(field.min));
      if (field.max !== undefined) base = base.max(field.max, m.max(field.max));
      return field.required ? base : base.nullable();
    }
    case 'decimal': {
      const scale = field.scale ?? 2;
      const base = z
        .string(present(m.decimal(scale)))
        .trim()
        .regex(DECIMAL, m.decimal(scale))
        .refine((v) => (v.split('.')[1]?.length ?? 0) <= scale, m.decimal(scale))
        .refine((v) => field.min === undefined || !v.startsWith('-') || field.min < 0, m.min(field.min ?? 0))
        .refine((v) => field.min === undefined || compareDecimal(v, String(field.min)) >= 0, m.min(field.min ?? 0))
        .refine((v) => field.max === undefined || compareDecimal(v, String(field.max)) <= 0, m.max(field.max ?? 0));
      return field.required ? base : base.nullable();
    }
    case 'boolean':
      return z.boolean(present());
    case 'enum': {
      const values = (field.options ?? []).map((o) => o.value) as [string, ...string[]];
      const base = z.enum(values, present(m.option));
      return field.required ? base : base.nullable();
    }
    case 'reference': {
      const base = z.number(present(m.reference)).int(m.reference).positive(m.reference);
      return field.required ? base : base.nullable();
    }
    case 'date':
      // People's dates (a hire date) may be older than any document; the shared schema bounds both (issue 19 §5).
      return nullableText(dateText(m.date, CALENDAR_YEARS), field.required);
    case 'phone':
      return nullableText(z.string(present()).trim().transform(checked(normalisePhone)), field.required);
    case 'email':
      return nullableText(z.string(present()).trim().transform(checked(checkEmail)), field.required);
    case 'textList': {
      // A text[] column, never null: the empty list is 'none'. Blank entries are dropped, repeats (any case) once.
      const max = field.maxLength ?? 120;
      const base = z
        .array(z.string(present()).trim().max(max, m.tooLong(max)), present())
        .max(TEXT_LIST_MAX, m.tooMany(TEXT_LIST_MAX))
        .transform(uniqueTexts);
      return field.required ? base.refine((v) => v.length > 0, m.required) : base;
    }
  }
}

/** At most this many entries in a textList field. */
export const TEXT_LIST_MAX = 20;

/** Non-blank entries in their first spelling, each once whatever its case. */
export function uniqueTexts(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(value.trim());
  }
  return out;
}

/** Whether a field's schema lets `null` through (the column must then be nullable). */
export function acceptsNull(field: FieldDef): boolean {
  return fieldSchema(field).safeParse(null).success;
}

/** Runs a shared requisite check inside a zod transform: its normalised value, or its Ukrainian error. */
function checked(check: (input: string) => Check) {
  return (v: string, ctx: z.RefinementCtx) => {
    if (v === '') return v;
    const result = check(v);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    }
    return result.value;
  };
}

function nullableText(base: z.ZodType<string, string>, required: boolean | undefined) {
  return required
    ? base.refine((v) => v.length > 0, resourceMessages.required)
    : base.transform((v) => (v === '' ? null : v)).nullable();
}

/** Compares two exact decimal strings without floating point. */
export function compareDecimal(a: string, b: string): number {
  const norm = (v: string) => {
    const neg = v.startsWith('-');
    const [i = '0', f = ''] = v.replace(/^-/, '').split('.');
    return { neg, i: i.replace(/^0+(?=\d)/, ''), f };
  };
  const x = norm(a);
  const y = norm(b);
  const zero = (n: ReturnType<typeof norm>) => /^0*$/.test(n.i) && /^0*$/.test(n.f);
  if (zero(x) && zero(y)) return 0;
  if (x.neg !== y.neg) return x.neg ? -1 : 1;
  const sign = x.neg ? -1 : 1;
  if (x.i.length !== y.i.length) return sign * (x.i.length > y.i.length ? 1 : -1);
  if (x.i !== y.i) return sign * (x.i > y.i ? 1 : -1);
  const len = Math.max(x.f.length, y.f.length);
  const fx = x.f.padEnd(len, '0');
  const fy = y.f.padEnd(len, '0');
  return fx === fy ? 0 : sign * (fx > fy ? 1 : -1);
}

/** The create payload: every field, required ones without a default required, plus isActive where it exists. */
export function createSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields) {
    const s = fieldSchema(field);
    // A required field with a default may be omitted: the server fills the default in.
    const mustSend = field.required && field.kind !== 'boolean' && field.defaultValue === undefined;
    shape[field.name] = mustSend ? s : s.optional();
  }
  if (def.hasActiveFlag) shape.isActive = z.boolean().optional();
  const schema = z.strictObject(shape);
  return def.crossCheck ? schema.superRefine(crossRefine(def)) : schema;
}

function crossRefine(def: ResourceDef) {
  return (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const [path, message] of Object.entries(def.crossCheck!(values))) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  };
}

/** The update payload: every field optional (cross-field rules are checked on the merged record by the server). */
export function updateSchema(def: ResourceDef) {
  return createSchema({ ...def, crossCheck: undefined }).partial();
}
