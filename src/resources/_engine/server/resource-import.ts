// Import, steps 1 and 2 of reference-data.md §0: match the header row by Ukrainian label or English name, turn
// cells into API values (decimal comma or point, 'Так'/'Ні', enum labels, references by name), validate each row
// with the same zod schema as the API, and mark it new, update or error. Nothing is written here.
import type { z } from 'zod';
import { resourceMessages, type FieldDef } from '../define-resource.ts';
import type { RegisteredResource } from './resource-registry.ts';
import { importKeyOf, type ResourceEngine } from './resource.service.ts';
import type { Cell, Sheet } from './tabular.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';

export const importMessages = {
  noRows: 'У файлі немає рядків з даними',
  tooManyRows: (n: number) => `Забагато рядків: не більше ${n} за один імпорт`,
  noKey: (labels: string) => `У файлі немає стовпця-ключа: ${labels}`,
  duplicateKey: (row: number) => `Той самий ключ, що й у рядку ${row}`,
  notFoundRef: (label: string, value: string) => `${label}: не знайдено «${value}»`,
  badBoolean: (label: string) => `${label}: очікується «Так» або «Ні»`,
  badOption: (label: string, value: string) => `${label}: невідоме значення «${value}»`,
  badNumber: (label: string) => `${label}: очікується число`,
  hasErrors: 'У файлі є рядки з помилками — нічого не імпортовано. Виправте файл і завантажте його знову.',
  unreadable: 'Не вдалося прочитати файл: очікується CSV або XLSX',
} as const;

export const MAX_IMPORT_ROWS = 20_000;

export interface ImportColumn {
  header: string;
  field: string | null;
}

export interface ImportRow {
  row: number;
  status: 'new' | 'update' | 'error';
  messages: string[];
  values: Record<string, unknown>;
  id: number | null;
}

const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

export function mapColumns(
  r: RegisteredResource,
  headers: string[],
  override?: Record<string, string>,
): ImportColumn[] {
  const candidates = [
    ...r.def.fields.map((f) => ({ name: f.name, keys: [norm(f.label), norm(f.name)] })),
    ...(r.def.hasActiveFlag ? [{ name: 'isActive', keys: [norm(resourceMessages.isActive), 'isactive'] }] : []),
  ];
  const used = new Set<string>();
  return headers.map((header) => {
    if (override && header in override) {
      const chosen = override[header];
      const valid = candidates.some((c) => c.name === chosen) && !used.has(chosen!);
      if (valid) used.add(chosen!);
      return { header, field: valid ? chosen! : null };
    }
    const match = candidates.find((c) => c.keys.includes(norm(header)) && !used.has(c.name));
    if (match) used.add(match.name);
    return { header, field: match?.name ?? null };
  });
}

function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return String(cell).trim();
}

function convert(
  field: FieldDef | { name: 'isActive'; label: string; kind: 'boolean' },
  raw: string,
  refs: Map<string, Map<string, number>>,
): { value?: unknown; error?: string } {
  if (raw === '') return { value: field.kind === 'boolean' ? undefined : field.kind === 'textList' ? [] : null };
  switch (field.kind) {
    case 'boolean': {
      const v = raw.toLowerCase();
      if (['так', 'true', '1', 'yes', 'y', 'т'].includes(v)) return { value: true };
      if (['ні', 'false', '0', 'no', 'n', 'н'].includes(v)) return { value: false };
      return { error: importMessages.badBoolean(field.label) };
    }
    case 'integer': {
      const t = raw.replace(/\s/g, '');
      return /^-?\d+$/.test(t) ? { value: Number(t) } : { error: importMessages.badNumber(field.label) };
    }
    case 'decimal':
      return { value: raw.replace(/\s/g, '').replace(',', '.') };
    case 'date': {
      // dd.mm.yyyy as people type it, or ISO (reference-data.md §0); the schema checks the day exists.
      const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(raw);
      return {
        value: dotted ? `${dotted[3]}-${dotted[2]!.padStart(2, '0')}-${dotted[1]!.padStart(2, '0')}` : raw.slice(0, 10),
      };
    }
    case 'enum': {
      const option = (field as FieldDef).options?.find((o) => o.value === raw || norm(o.label) === norm(raw));
      return option ? { value: option.value } : { error: importMessages.badOption(field.label, raw) };
    }
    case 'textList':
      // As the export writes them: 'НП, Nova Poshta' (a semicolon or a new line also separates).
      return { value: raw.split(/[,;\n]/) };
    case 'reference': {
      if (/^\d+$/.test(raw)) return { value: Number(raw) };
      const id = refs.get(field.name)?.get(raw.toLowerCase());
      return id ? { value: id } : { error: importMessages.notFoundRef(field.label, raw) };
    }
    default:
      return { value: raw };
  }
}

export async function analyseImport(
  engine: ResourceEngine,
  db: DbOrTx,
  r: RegisteredResource,
  sheet: Sheet,
  override?: Record<string, string>,
): Promise<{ columns: ImportColumn[]; rows: ImportRow[]; fatal: string | null }> {
  const columns = mapColumns(r, sheet.headers, override);
  if (!sheet.rows.length) return { columns, rows: [], fatal: importMessages.noRows };
  if (sheet.rows.length > MAX_IMPORT_ROWS)
    return { columns, rows: [], fatal: importMessages.tooManyRows(MAX_IMPORT_ROWS) };
  const mapped = new Set(columns.map((c) => c.field));
  const missingKey = r.def.importKey.filter((k) => !mapped.has(k));
  if (missingKey.length) {
    const labels = missingKey.map((k) => r.def.fields.find((f) => f.name === k)?.label ?? k).join(', ');
    return { columns, rows: [], fatal: importMessages.noKey(labels) };
  }

  const refs = new Map<string, Map<string, number>>();
  for (const field of r.def.fields.filter((f) => f.kind === 'reference' && mapped.has(f.name))) {
    refs.set(field.name, await engine.idsByLabel(db, field.references!));
  }
  const existing = await engine.idsByKey(db, r);
  const createSchema = engine.createSchemaOf(r);
  const updateSchema = engine.updateSchemaOf(r);
  const seen = new Map<string, number>();
  const isActiveField = { name: 'isActive' as const, label: resourceMessages.isActive, kind: 'boolean' as const };

  const rows: ImportRow[] = sheet.rows.map((cells, index) => {
    const rowNumber = index + 2; // line 1 is the header
    const messages: string[] = [];
    const values: Record<string, unknown> = {};
    columns.forEach((col, i) => {
      if (!col.field) return;
      const field = col.field === 'isActive' ? isActiveField : r.def.fields.find((f) => f.name === col.field)!;
      const { value, error } = convert(field, cellText(cells[i]), refs);
      if (error) messages.push(error);
      else if (value !== undefined) values[col.field] = value;
    });
    const key = importKeyOf(r.def.importKey.map((k) => values[k]));
    const id = existing.get(key) ?? null;
    if (seen.has(key)) messages.push(importMessages.duplicateKey(seen.get(key)!));
    else seen.set(key, rowNumber);
    const schema = (id === null ? createSchema : updateSchema) as z.ZodType<Record<string, unknown>>;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const label = r.def.fields.find((f) => f.name === issue.path[0])?.label ?? String(issue.path[0] ?? '');
        messages.push(label ? `${label}: ${issue.message}` : issue.message);
      }
    }
    return {
      row: rowNumber,
      status: messages.length ? 'error' : id === null ? 'new' : 'update',
      messages,
      values: parsed.success ? parsed.data : values,
      id,
    };
  });
  return { columns, rows, fatal: null };
}
