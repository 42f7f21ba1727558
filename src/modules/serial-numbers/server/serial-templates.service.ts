// Serial templates (sales.md §4): name, pattern, reset period and exactly one default. The default 'Стандартний'
// `{YY}{MM}-{N:5}` is created the first time anything needs a template. Counters live in serial_counters under
// `serial:<templateId>:<period>`; the preview reads them and never takes a value.
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { listOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { uniqueViolation } from '@/server/kernel/db-errors.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { categories } from '@/resources/categories/categories.table.ts';
import { items } from '@/resources/items/items.table.ts';
import {
  counterKey,
  DEFAULT_TEMPLATE,
  patternProblem,
  renderPattern,
  serialMessages as msg,
  type ResetPeriod,
  type SerialTemplate,
  type templateCreateSchema,
  type templateListQuerySchema,
  type TemplatePreview,
  type templateUpdateSchema,
} from '../serial-numbers.contract.ts';
import { serialCounters, serialTemplates } from './serial-numbers.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';

const ENTITY = 'serial_templates';
/** The lazily created default is written by the module itself. */
const systemActor: AuditContext = { userId: null, actor: 'serial-numbers' };

const columns = {
  id: serialTemplates.id,
  name: serialTemplates.name,
  pattern: serialTemplates.pattern,
  resetPeriod: serialTemplates.resetPeriod,
  isDefault: serialTemplates.isDefault,
  itemCount: sql<number>`(select count(*)::int from ${items} where ${items.serialTemplateId} = ${serialTemplates.id})`,
  categoryCount: sql<number>`(select count(*)::int from ${categories} where ${categories.serialTemplateId} = ${serialTemplates.id})`,
  createdAt: serialTemplates.createdAt,
  updatedAt: serialTemplates.updatedAt,
};

type Row = { [K in keyof typeof columns]: unknown };
const toTemplate = (r: Row): SerialTemplate => ({
  id: r.id as number,
  name: r.name as string,
  pattern: r.pattern as string,
  resetPeriod: r.resetPeriod as ResetPeriod,
  isDefault: r.isDefault as boolean,
  itemCount: Number(r.itemCount),
  categoryCount: Number(r.categoryCount),
  createdAt: (r.createdAt as Date).toISOString(),
  updatedAt: (r.updatedAt as Date).toISOString(),
});

/** The default template, created ('Стандартний', `{YY}{MM}-{N:5}`, monthly) when there is none yet. */
export async function ensureDefaultTemplate(db: DbOrTx): Promise<SerialTemplate> {
  const [existing] = await db.select(columns).from(serialTemplates).where(eq(serialTemplates.isDefault, true));
  if (existing) return toTemplate(existing);
  return db.transaction(async (tx) => {
    // No default: a template of the standard name becomes it, else the standard one is created. A concurrent
    // creator hits one of the unique indexes and does nothing; both then read the same row.
    const [named] = await tx
      .select({ id: serialTemplates.id })
      .from(serialTemplates)
      .where(sql`lower(btrim(${serialTemplates.name})) = lower(${DEFAULT_TEMPLATE.name})`);
    const changed = named
      ? await tx.execute(sql`update serial_templates set is_default = true
          where id = ${named.id} and not exists (select 1 from serial_templates where is_default) returning id`)
      : await tx.execute(sql`insert into serial_templates (name, pattern, reset_period, is_default)
          values (${DEFAULT_TEMPLATE.name}, ${DEFAULT_TEMPLATE.pattern}, ${DEFAULT_TEMPLATE.resetPeriod}, true)
          on conflict do nothing returning id`);
    const [row] = await tx.select(columns).from(serialTemplates).where(eq(serialTemplates.isDefault, true));
    if (!row) throw new DomainError(409, msg.templateNotFound);
    const template = toTemplate(row);
    if ((changed as unknown as { rows: unknown[] }).rows.length > 0) {
      await audit(tx, systemActor, {
        action: named ? 'update' : 'create',
        entityType: ENTITY,
        entityId: template.id,
        after: template,
      });
    }
    return template;
  });
}

export async function getTemplate(db: DbOrTx, id: number, lock = false): Promise<SerialTemplate> {
  if (lock)
    await db.select({ id: serialTemplates.id }).from(serialTemplates).where(eq(serialTemplates.id, id)).for('update');
  const [row] = await db.select(columns).from(serialTemplates).where(eq(serialTemplates.id, id));
  if (!row) throw new DomainError(404, msg.templateNotFound);
  return toTemplate(row);
}

export async function listTemplates(
  db: DbOrTx,
  q: z.output<typeof templateListQuerySchema>,
): Promise<{ rows: SerialTemplate[]; total: number }> {
  await ensureDefaultTemplate(db);
  const like = q.search ? containsPattern(q.search) : null;
  const where = like
    ? sql`(${serialTemplates.name} ilike ${like} or ${serialTemplates.pattern} ilike ${like})`
    : undefined;
  const { field, desc: isDesc } = parseSort(q.sort, ['name', 'pattern', 'resetPeriod', 'createdAt'] as const, 'name');
  const sortColumn = {
    name: serialTemplates.name,
    pattern: serialTemplates.pattern,
    resetPeriod: serialTemplates.resetPeriod,
    createdAt: serialTemplates.createdAt,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(serialTemplates)
      .where(where)
      .orderBy(desc(serialTemplates.isDefault), listOrder(sortColumn, field, isDesc), asc(serialTemplates.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(serialTemplates)
      .where(where),
  ]);
  return { rows: rows.map(toTemplate), total: Number(counted?.total ?? 0) };
}

function nameTaken(err: unknown): never {
  if (uniqueViolation(err)?.constraint === 'serial_templates_name_key') {
    throw new DomainError(409, msg.templateNameTaken, { name: msg.templateNameTaken });
  }
  throw err;
}

/** Makes `id` the one default: the others lose the mark first (the partial unique index allows one). */
async function makeDefault(tx: DbOrTx, id: number) {
  await tx
    .update(serialTemplates)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(serialTemplates.isDefault, true), ne(serialTemplates.id, id)));
  await tx
    .update(serialTemplates)
    .set({ isDefault: true, updatedAt: sql`now()` })
    .where(eq(serialTemplates.id, id));
}

/** Locks the current default (if any), so two changes of the default mark queue up. */
async function lockDefault(tx: DbOrTx) {
  await tx
    .select({ id: serialTemplates.id })
    .from(serialTemplates)
    .where(eq(serialTemplates.isDefault, true))
    .for('update');
}

export async function createTemplate(
  db: DbOrTx,
  ctx: AuditContext,
  input: z.output<typeof templateCreateSchema>,
): Promise<SerialTemplate> {
  return db
    .transaction(async (tx) => {
      await lockDefault(tx);
      const [hasDefault] = await tx
        .select({ id: serialTemplates.id })
        .from(serialTemplates)
        .where(eq(serialTemplates.isDefault, true));
      const [row] = await tx
        .insert(serialTemplates)
        .values({ name: input.name, pattern: input.pattern, resetPeriod: input.resetPeriod, isDefault: false })
        .returning({ id: serialTemplates.id });
      // The first template is the default whatever was asked: there must always be one.
      if (input.isDefault || !hasDefault) await makeDefault(tx, row!.id);
      const after = await getTemplate(tx, row!.id);
      await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: row!.id, after });
      return after;
    })
    .catch(nameTaken);
}

export async function updateTemplate(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: z.output<typeof templateUpdateSchema>,
): Promise<SerialTemplate> {
  return db
    .transaction(async (tx) => {
      await lockDefault(tx);
      const before = await getTemplate(tx, id, true);
      const pattern = change.pattern ?? before.pattern;
      const resetPeriod = change.resetPeriod ?? before.resetPeriod;
      const problem = patternProblem(pattern, resetPeriod);
      if (problem) throw new DomainError(400, problem, { pattern: problem });
      if (change.isDefault === false && before.isDefault) {
        throw new DomainError(409, msg.defaultRequired, { isDefault: msg.defaultRequired });
      }
      await tx
        .update(serialTemplates)
        .set({ name: change.name ?? before.name, pattern, resetPeriod, updatedAt: sql`now()` })
        .where(eq(serialTemplates.id, id));
      if (change.isDefault === true && !before.isDefault) await makeDefault(tx, id);
      const after = await getTemplate(tx, id);
      await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after });
      return after;
    })
    .catch(nameTaken);
}

export async function deleteTemplate(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getTemplate(tx, id, true);
    if (before.isDefault) throw new DomainError(409, msg.deleteDefault);
    if (before.itemCount > 0 || before.categoryCount > 0) {
      throw new DomainError(409, msg.templateInUse(before.itemCount, before.categoryCount));
    }
    await tx.delete(serialTemplates).where(eq(serialTemplates.id, id));
    // Its counters go with it: a template created later never inherits them (its id is new anyway).
    await tx.delete(serialCounters).where(sql`${serialCounters.key} like ${`serial:${id}:%`}`);
    await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before });
  });
}

/** The template a generation uses: the one asked for, else the item's own, else its category's, else the default. */
export async function resolveTemplate(
  db: DbOrTx,
  item: { serialTemplateId: number | null; categoryId: number | null },
  templateId?: number | null,
): Promise<SerialTemplate> {
  if (templateId) return getTemplate(db, templateId);
  const candidates: number[] = [];
  if (item.serialTemplateId) candidates.push(item.serialTemplateId);
  if (item.categoryId) {
    const [category] = await db
      .select({ serialTemplateId: categories.serialTemplateId })
      .from(categories)
      .where(eq(categories.id, item.categoryId));
    if (category?.serialTemplateId) candidates.push(category.serialTemplateId);
  }
  // items.serialTemplateId and categories.serialTemplateId carry no foreign key: a removed template falls through.
  for (const candidate of candidates) {
    const [row] = await db.select(columns).from(serialTemplates).where(eq(serialTemplates.id, candidate));
    if (row) return toTemplate(row);
  }
  return ensureDefaultTemplate(db);
}

/** The counter's current value under `key` (0 when never taken). */
async function counterValue(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db
    .select({ lastValue: serialCounters.lastValue })
    .from(serialCounters)
    .where(eq(serialCounters.key, key));
  return row?.lastValue ?? 0;
}

/** The next `count` serials of a template as of today, for an item's SKU (or a sample) — the counter is only read. */
export async function previewTemplate(
  db: DbOrTx,
  id: number,
  count: number,
  itemId?: number,
  date = kyivToday(),
): Promise<TemplatePreview> {
  const template = await getTemplate(db, id);
  let sku = 'АРТИКУЛ';
  if (itemId) {
    const [item] = await db.select({ sku: items.sku }).from(items).where(eq(items.id, itemId));
    if (item) sku = item.sku;
  }
  const key = counterKey(template.id, template.resetPeriod, date);
  const next = (await counterValue(db, key)) + 1;
  return {
    templateId: template.id,
    key,
    nextValue: next,
    values: Array.from({ length: count }, (_, i) => renderPattern(template.pattern, { date, sku, n: next + i })),
  };
}

/**
 * Takes a block of `n` counter values with one locked statement (README §6): the row lock serialises generators
 * and a rollback gives the values back. Answers the first value of the block.
 */
export async function takeCounterBlock(tx: DbOrTx, key: string, n: number): Promise<number> {
  const result = (await tx.execute(sql`
    insert into serial_counters (key, last_value) values (${key}, ${n})
    on conflict (key) do update set last_value = serial_counters.last_value + ${n}
    returning last_value`)) as unknown as { rows: Array<{ last_value: number }> };
  return Number(result.rows[0]!.last_value) - n + 1;
}
