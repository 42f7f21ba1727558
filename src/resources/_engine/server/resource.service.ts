// The engine's server half: one generic service for every declared resource (reference-data.md §0).
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
  type Table,
} from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { nearestEndWindow, pageWindow, type ListTotal } from '@/shared/list.ts';
import { countForPage } from '@/server/kernel/count.ts';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { foreignKeyViolation, uniqueViolation } from '@/server/kernel/db-errors.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { acceptsNull, createSchema, resourceMessages, updateSchema, type FieldDef } from '../define-resource.ts';
import { column, toCamel, type RegisteredResource } from './resource-registry.ts';
import { containsPattern } from '@/server/kernel/like.ts';

export type Row = Record<string, unknown> & { id: number };

/** The transaction lock of ensureSeeds (the other start-up locks: 7263540021–23, db.ts, roles and users). */
const SEED_LOCK = 7263540024;

export interface ResourceListQuery {
  page?: number;
  offset?: number;
  limit?: number;
  search?: string;
  sort?: string;
  isActive?: 'true' | 'false' | 'all';
  filters: Record<string, string | number | boolean>;
  /** Values of the declaration's `derivedFilters`. */
  derived?: Record<string, string>;
}

/**
 * Every field refuses `null` where its column does (issue 19 §5: null reached NOT NULL columns as a 500). The form and
 * the API take their rules from the declaration, so one that disagrees with its table is refused when the engine is
 * built, naming the field — not found by a user saving an empty input.
 */
function checkNullability(r: RegisteredResource) {
  for (const filter of r.def.derivedFilters ?? []) {
    if (!r.derivedFilters?.[filter.name]) throw new Error(`${r.def.route}: no condition for the filter ${filter.name}`);
  }
  for (const field of r.def.fields) {
    if (column(r, field.name).notNull && acceptsNull(field)) {
      throw new Error(`${r.def.route}: ${field.name} may be empty but its column is NOT NULL — declare it required`);
    }
  }
}

/**
 * A field whose values are words people read (a name, a position, a manufacturer), sorted in Ukrainian alphabetical
 * order; codes keep their own order (an SKU, a barcode, an IBAN, a patterned or checked requisite, a phone).
 */
function readsAsWords(field: FieldDef): boolean {
  return (
    field.kind === 'text' &&
    !field.pattern &&
    !field.check &&
    !/(code|sku|mpn|barcode|symbol|phone|website|iban|edrpou|ipn)$/i.test(field.name)
  );
}

export class ResourceEngine {
  readonly byRoute: ReadonlyMap<string, RegisteredResource>;
  private readonly byTable: ReadonlyMap<string, RegisteredResource[]>;

  readonly resources: readonly RegisteredResource[];

  constructor(resources: readonly RegisteredResource[]) {
    for (const r of resources) if (!r.lookupOnly) checkNullability(r);
    this.resources = resources;
    this.byRoute = new Map(resources.map((r) => [r.def.route, r]));
    const byTable = new Map<string, RegisteredResource[]>();
    for (const r of resources) byTable.set(getTableName(r.table), [...(byTable.get(getTableName(r.table)) ?? []), r]);
    this.byTable = byTable;
  }

  resource(route: string): RegisteredResource {
    const r = this.byRoute.get(route);
    if (!r) throw new Error(`no resource ${route}`);
    return r;
  }

  private fixedWhere(r: RegisteredResource): SQL[] {
    return [
      ...Object.entries(r.fixed ?? {}).map(([name, value]) => eq(column(r, name), value)),
      ...Object.entries(r.within ?? {}).map(([name, values]) => inArray(column(r, name), [...values])),
    ];
  }

  private searchWhere(r: RegisteredResource, search: string | undefined): SQL | undefined {
    if (!search) return undefined;
    const like = containsPattern(search);
    const conditions = r.def.fields
      .filter((f) => f.search)
      .map((f) =>
        f.kind === 'textList'
          ? sql`array_to_string(${column(r, f.name)}, ' ') ilike ${like}`
          : ilike(column(r, f.name), like),
      );
    if (r.searchAlso) conditions.push(r.searchAlso(like));
    return conditions.length ? or(...conditions) : undefined;
  }

  whereOf(r: RegisteredResource, q: ResourceListQuery): SQL | undefined {
    const where: SQL[] = this.fixedWhere(r);
    if (r.def.hasActiveFlag && q.isActive !== 'all') where.push(eq(column(r, 'isActive'), q.isActive !== 'false'));
    for (const [name, value] of Object.entries(q.filters)) where.push(eq(column(r, name), value));
    for (const [name, value] of Object.entries(q.derived ?? {})) {
      const condition = r.derivedFilters?.[name]?.(value);
      if (condition) where.push(condition);
    }
    const search = this.searchWhere(r, q.search);
    if (search) where.push(search);
    return where.length ? and(...where) : undefined;
  }

  /** The list's order; `reversed` is the exact opposite (nulls included), for a page read from the end. */
  orderOf(r: RegisteredResource, sort: string | undefined, reversed = false): SQL[] {
    const sortable = new Set([
      'createdAt',
      ...r.def.fields.filter((f) => f.kind !== 'textarea' && f.kind !== 'textList').map((f) => f.name),
    ]);
    const text = sort && sortable.has(sort.replace(/^-/, '')) ? sort : r.def.defaultSort;
    const col = column(r, text.replace(/^-/, ''));
    // Ties follow the same direction, so "newest first" stays newest first within one timestamp.
    const isDesc = text.startsWith('-') !== reversed;
    const id = column(r, 'id');
    // A column that is never null sorts without a nulls clause, so an index scanned in either direction gives the
    // order and a page reads its rows only (DESIGN §9), not the whole sorted table. Nulls go last in the list's order.
    // A name or any other human-readable text sorts in Ukrainian alphabetical order (decision 0019).
    const field = r.def.fields.find((f) => f.name === text.replace(/^-/, ''));
    const nulls = col.notNull ? undefined : reversed ? 'first' : 'last';
    if (field && readsAsWords(field))
      return [ukOrder(col, isDesc ? 'desc' : 'asc', nulls), isDesc ? desc(id) : asc(id)];
    const direction = isDesc ? sql`desc` : sql`asc`;
    const order = nulls ? sql`${col} ${direction} nulls ${sql.raw(nulls)}` : sql`${col} ${direction}`;
    return [order, isDesc ? desc(id) : asc(id)];
  }

  /** The row as the API answers it: ISO dates, fixed columns hidden, a label beside every reference. */
  private async present(db: DbOrTx, r: RegisteredResource, rows: Record<string, unknown>[]): Promise<Row[]> {
    const labels = new Map<string, Map<number, string>>();
    for (const field of r.def.fields.filter((f) => f.kind === 'reference')) {
      const ids = [...new Set(rows.map((row) => row[field.name]).filter((v): v is number => typeof v === 'number'))];
      labels.set(field.name, await this.labelsOf(db, field.references!, ids));
    }
    const derived = generatedColumns(r.table);
    const out = rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) {
        if ((r.fixed && key in r.fixed) || derived.has(key)) continue;
        out[key] = value instanceof Date ? value.toISOString() : value;
      }
      for (const [name, map] of labels) {
        const id = row[name];
        out[`${name}Label`] = typeof id === 'number' ? (map.get(id) ?? null) : null;
      }
      return out as Row;
    });
    if (r.decorate && out.length) await r.decorate(db, out);
    return out;
  }

  async labelsOf(db: DbOrTx, route: string, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const target = this.resource(route);
    const rows = await db
      .select({ id: column(target, 'id'), label: column(target, target.def.displayField) })
      .from(target.table)
      .where(inArray(column(target, 'id'), ids));
    return new Map(rows.map((row) => [row.id as number, String(row.label)]));
  }

  async list(db: DbOrTx, r: RegisteredResource, q: ResourceListQuery): Promise<{ rows: Row[] } & ListTotal> {
    const where = this.whereOf(r, q);
    const window = pageWindow(q);
    const { total, capped } = await countForPage(
      db,
      db
        .select({ one: sql`1` })
        .from(r.table)
        .where(where),
      window,
    );
    const { limit, offset, reversed } = nearestEndWindow(total, window, capped);
    if (limit === 0) return { rows: [], total, capped };
    const rows = (await db
      .select()
      .from(r.table)
      .where(where)
      .orderBy(...this.orderOf(r, q.sort, reversed))
      .limit(limit)
      .offset(offset)) as Record<string, unknown>[];
    if (reversed) rows.reverse();
    return { rows: await this.present(db, r, rows), total, capped };
  }

  /** Every row of the filter, for export (capped: an export is a page of work, not a dump). */
  async all(db: DbOrTx, r: RegisteredResource, q: ResourceListQuery, cap = 100_000): Promise<Row[]> {
    const rows = await db
      .select()
      .from(r.table)
      .where(this.whereOf(r, q))
      .orderBy(...this.orderOf(r, q.sort))
      .limit(cap);
    return this.present(db, r, rows as Record<string, unknown>[]);
  }

  async get(db: DbOrTx, r: RegisteredResource, id: number, lock = false): Promise<Row> {
    const query = db
      .select()
      .from(r.table)
      .where(and(eq(column(r, 'id'), id), ...this.fixedWhere(r)));
    const [row] = (await (lock ? query.for('update') : query)) as Record<string, unknown>[];
    if (!row) throw new DomainError(404, resourceMessages.notFound);
    return (await this.present(db, r, [row]))[0]!;
  }

  async lookup(db: DbOrTx, r: RegisteredResource, search: string | undefined, ids: number[], limit: number) {
    const display = column(r, r.def.displayField);
    const where: SQL[] = this.fixedWhere(r);
    if (ids.length) where.push(inArray(column(r, 'id'), ids));
    else {
      if (r.def.hasActiveFlag) where.push(eq(column(r, 'isActive'), true));
      // A picker finds a record by its name and by every field its list searches (an item by SKU, barcode, MPN or
      // a supplier's SKU; a counterparty by its contacts), so every picker built on the lookup finds alike.
      if (search) {
        const byName = ilike(display, containsPattern(search));
        const byFields = this.searchWhere(r, search);
        where.push(byFields ? or(byName, byFields)! : byName);
      }
    }
    const hint = r.def.lookupHint ? column(r, r.def.lookupHint) : null;
    const rows = await db
      .select({ id: column(r, 'id'), label: display, ...(hint ? { hint } : {}) })
      .from(r.table)
      .where(and(...where))
      .orderBy(ukOrder(display), asc(column(r, 'id')))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id as number,
      label: String(row.label),
      ...(hint ? { hint: row.hint == null ? null : String(row.hint) } : {}),
    }));
  }

  /** References must point at an existing record of the referenced resource (its scope included). */
  private async checkReferences(db: DbOrTx, r: RegisteredResource, values: Record<string, unknown>) {
    const fields: Record<string, string> = {};
    for (const field of r.def.fields.filter((f) => f.kind === 'reference')) {
      const id = values[field.name];
      if (typeof id !== 'number') continue;
      const target = this.resource(field.references!);
      const [found] = await db
        .select({ id: column(target, 'id') })
        .from(target.table)
        .where(and(eq(column(target, 'id'), id), ...this.fixedWhere(target)));
      if (!found) fields[field.name] = resourceMessages.reference;
    }
    if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
  }

  private conflict(r: RegisteredResource, err: unknown): never {
    const unique = uniqueViolation(err);
    if (unique) {
      const table = getTableName(r.table);
      const name = toCamel((unique.constraint ?? '').replace(`${table}_`, '').replace(/_key$/, ''));
      const field = r.def.fields.find((f) => f.name === name);
      const message = field?.uniqueMessage ?? resourceMessages.unique(field?.label ?? name);
      throw new DomainError(409, message, { [field?.name ?? name]: message });
    }
    throw err;
  }

  private withDefaults(r: RegisteredResource, values: Record<string, unknown>) {
    const out: Record<string, unknown> = { ...values, ...(r.fixed ?? {}) };
    for (const field of r.def.fields) {
      if (out[field.name] === undefined && field.defaultValue !== undefined) out[field.name] = field.defaultValue;
    }
    return out;
  }

  async create(db: Db, ctx: AuditContext, r: RegisteredResource, values: Record<string, unknown>): Promise<Row> {
    return db
      .transaction(async (tx) => {
        const row = await this.insertOne(tx, ctx, r, values);
        return row;
      })
      .catch((err: unknown) => this.conflict(r, err));
  }

  /**
   * Exclusive flags (one default per group): a row taking the flag clears it on the others of its group in the same
   * transaction; the holder of a required one cannot drop it, nor be deactivated.
   */
  private async applyExclusive(
    tx: DbOrTx,
    r: RegisteredResource,
    id: number | null,
    before: Record<string, unknown> | null,
    merged: Record<string, unknown>,
  ) {
    for (const field of r.def.fields.filter((f) => f.exclusive)) {
      const held = before?.[field.name] === true;
      if (held && field.exclusive!.required && (merged[field.name] === false || merged.isActive === false)) {
        const message = resourceMessages.exclusiveRequired(field.label);
        throw new DomainError(400, message, { [merged[field.name] === false ? field.name : 'isActive']: message });
      }
      if (merged[field.name] !== true && id === null && field.exclusive!.required) {
        // The first row of a resource that must have one holder takes the flag itself.
        const [holder] = await tx
          .select({ id: column(r, 'id') })
          .from(r.table)
          .where(and(eq(column(r, field.name), true), ...this.fixedWhere(r)))
          .limit(1);
        if (!holder) merged[field.name] = true;
      }
      if (merged[field.name] !== true) continue;
      const group = (field.exclusive!.per ?? []).map((name) => {
        const value = merged[name];
        return value === null || value === undefined ? sql`${column(r, name)} is null` : eq(column(r, name), value);
      });
      const others = id === null ? [] : [sql`${column(r, 'id')} <> ${id}`];
      await tx
        .update(r.table)
        .set({ [field.name]: false, updatedAt: sql`now()` } as never)
        .where(and(eq(column(r, field.name), true), ...group, ...others, ...this.fixedWhere(r)));
    }
  }

  private async insertOne(tx: DbOrTx, ctx: AuditContext, r: RegisteredResource, values: Record<string, unknown>) {
    await this.checkReferences(tx, r, values);
    const full = this.withDefaults(r, values);
    const refused = (await r.checkCreate?.(tx, full)) ?? {};
    if (Object.keys(refused).length) throw new DomainError(422, Object.values(refused)[0]!, refused);
    await this.applyExclusive(tx, r, null, null, full);
    const [inserted] = (await tx
      .insert(r.table)
      .values(full as never)
      .returning()) as Record<string, unknown>[];
    const row = (await this.present(tx, r, [inserted!]))[0]!;
    await audit(tx, ctx, { action: 'create', entityType: getTableName(r.table), entityId: row.id, after: row });
    return row;
  }

  async update(db: Db, ctx: AuditContext, r: RegisteredResource, id: number, values: Record<string, unknown>) {
    return db
      .transaction(async (tx) => this.updateOne(tx, ctx, r, id, values))
      .catch((err: unknown) => this.conflict(r, err));
  }

  private async updateOne(
    tx: DbOrTx,
    ctx: AuditContext,
    r: RegisteredResource,
    id: number,
    values: Record<string, unknown>,
  ) {
    const before = await this.get(tx, r, id, true);
    await this.checkReferences(tx, r, values);
    const crossIssues = r.def.crossCheck?.({ ...before, ...values }) ?? {};
    if (Object.keys(crossIssues).length) throw new DomainError(400, Object.values(crossIssues)[0]!, crossIssues);
    const refused = (await r.checkUpdate?.(tx, before, values)) ?? {};
    if (Object.keys(refused).length) throw new DomainError(422, Object.values(refused)[0]!, refused);
    await this.applyExclusive(tx, r, id, before, { ...before, ...values });
    if (Object.keys(values).length) {
      await tx
        .update(r.table)
        .set({ ...values, updatedAt: sql`now()` } as never)
        .where(eq(column(r, 'id'), id));
    }
    const after = await this.get(tx, r, id);
    await audit(tx, ctx, { action: 'update', entityType: getTableName(r.table), entityId: id, before, after });
    return after;
  }

  async remove(db: Db, ctx: AuditContext, r: RegisteredResource, id: number): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        const before = await this.get(tx, r, id, true);
        const held = r.def.fields.find((f) => f.exclusive?.required && before[f.name] === true);
        if (held) throw new DomainError(409, resourceMessages.exclusiveRequired(held.label));
        await tx.delete(r.table).where(eq(column(r, 'id'), id));
        await audit(tx, ctx, { action: 'delete', entityType: getTableName(r.table), entityId: id, before });
      });
    } catch (err) {
      if (!foreignKeyViolation(err)) throw err;
      const titles = await this.referrers(db, r, id);
      const message = r.def.hasActiveFlag ? resourceMessages.inUseBy(titles) : resourceMessages.inUseNoActive(titles);
      throw new DomainError(409, message);
    }
  }

  /** What refers to a record: the titles of the tables holding a foreign key to it that use this id. */
  private async referrers(db: Db, r: RegisteredResource, id: number): Promise<string> {
    const table = getTableName(r.table);
    const refs = (await db.execute(sql`
      select cl.relname as "table", att.attname as "column"
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
      where con.contype = 'f' and con.confrelid = ${table}::regclass`)) as unknown as {
      rows: Array<{ table: string; column: string }>;
    };
    const titles: string[] = [];
    for (const ref of refs.rows) {
      const used = (await db.execute(
        sql`select 1 from ${sql.identifier(ref.table)} where ${sql.identifier(ref.column)} = ${id} limit 1`,
      )) as unknown as { rows: unknown[] };
      if (!used.rows.length) continue;
      const owners = this.byTable.get(ref.table);
      titles.push(owners?.map((o) => o.def.title).join(' / ') ?? foreignTitles[ref.table] ?? ref.table);
    }
    return [...new Set(titles)].join(', ') || resourceMessages.inUse;
  }

  createSchemaOf(r: RegisteredResource) {
    return createSchema(r.def);
  }
  updateSchemaOf(r: RegisteredResource) {
    return updateSchema(r.def);
  }

  /** Inserts or updates many rows in one transaction: all or nothing (import). */
  async upsertMany(
    db: Db,
    ctx: AuditContext,
    r: RegisteredResource,
    rows: Array<{ id: number | null; values: Record<string, unknown> }>,
    afterAll?: (tx: DbOrTx, counts: { created: number; updated: number }) => Promise<void>,
  ): Promise<{ created: number; updated: number }> {
    return db
      .transaction(async (tx) => {
        let created = 0;
        let updated = 0;
        for (const row of rows) {
          if (row.id === null) {
            await this.insertOne(tx, ctx, r, row.values);
            created++;
          } else {
            await this.updateOne(tx, ctx, r, row.id, row.values);
            updated++;
          }
        }
        await afterAll?.(tx, { created, updated });
        return { created, updated };
      })
      .catch((err: unknown) => this.conflict(r, err));
  }

  /**
   * Creates the declared seed records of every resource whose rows (in its scope) are none yet. Several processes
   * start at once on one database (decision 0030): each resource is checked and seeded under a transaction lock, so
   * the second finds the first's rows instead of seeding them again.
   */
  async ensureSeeds(db: Db): Promise<string[]> {
    const seeded: string[] = [];
    for (const r of this.resources) {
      if (!r.def.seed?.length) continue;
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
        const [{ n }] = (await tx
          .select({ n: count() })
          .from(r.table)
          .where(and(...this.fixedWhere(r)))) as [{ n: number }];
        if (n > 0) return;
        for (const values of r.def.seed!) {
          await this.insertOne(tx, { userId: null, actor: 'system' }, r, this.validated(r, values));
        }
        seeded.push(r.def.route);
      });
    }
    return seeded;
  }

  /** Inserts records in the caller's transaction, audited (demo data and other seeders). */
  async insertAll(tx: DbOrTx, ctx: AuditContext, route: string, rows: ReadonlyArray<Record<string, unknown>>) {
    const r = this.resource(route);
    const out: Row[] = [];
    for (const values of rows) out.push(await this.insertOne(tx, ctx, r, this.validated(r, values)));
    return out;
  }

  /** Creates one record in the caller's transaction, validated like the API and audited (module imports). */
  async insertIn(tx: DbOrTx, ctx: AuditContext, route: string, values: Record<string, unknown>): Promise<Row> {
    const r = this.resource(route);
    return this.insertOne(tx, ctx, r, this.validated(r, values));
  }

  /** Changes one record in the caller's transaction, validated like the API's PATCH and audited. */
  async updateIn(tx: DbOrTx, ctx: AuditContext, route: string, id: number, values: Record<string, unknown>) {
    const r = this.resource(route);
    return this.updateOne(tx, ctx, r, id, updateSchema(r.def).parse(values) as Record<string, unknown>);
  }

  /** Seeds and demo data pass the same schema as the API: validated and normalised (phones, e-mails). */
  private validated(r: RegisteredResource, values: Record<string, unknown>): Record<string, unknown> {
    return createSchema(r.def).parse(values) as Record<string, unknown>;
  }

  /** Existing rows by import key (normalised like the unique indexes), for the import's new/update decision. */
  async idsByKey(db: DbOrTx, r: RegisteredResource): Promise<Map<string, number>> {
    const map = new Map<string, number>();
    const keyFields = r.def.importKey;
    const cols = keyFields.map((name) => column(r, name));
    const rows = (await db
      .select({ id: column(r, 'id'), ...Object.fromEntries(keyFields.map((name, i) => [name, cols[i]!])) })
      .from(r.table)
      .where(and(...this.fixedWhere(r)))) as Array<Record<string, unknown>>;
    for (const row of rows) map.set(importKeyOf(keyFields.map((name) => row[name])), row.id as number);
    return map;
  }

  /** Referenced records by their display text, for import (case-insensitive, scope included). */
  /** Record ids by their display name, lower-cased; then by their other names (`alias` fields) where still free. */
  async idsByLabel(db: DbOrTx, route: string): Promise<Map<string, number>> {
    const target = this.resource(route);
    const aliasFields = target.def.fields.filter((f) => f.kind === 'textList' && f.alias);
    const rows = await db
      .select({
        id: column(target, 'id'),
        label: column(target, target.def.displayField),
        ...Object.fromEntries(aliasFields.map((f) => [f.name, column(target, f.name)])),
      })
      .from(target.table)
      .where(and(...this.fixedWhere(target)));
    const ids = new Map(rows.map((row) => [String(row.label).trim().toLowerCase(), row.id as number]));
    for (const row of rows) {
      for (const f of aliasFields) {
        for (const name of (row as Record<string, unknown>)[f.name] as string[]) {
          const key = name.trim().toLowerCase();
          if (!ids.has(key)) ids.set(key, row.id as number);
        }
      }
    }
    return ids;
  }
}

export const importKeyOf = (values: unknown[]) =>
  values.map((v) => (v === null || v === undefined ? '' : String(v).trim().toLowerCase())).join('\u0001');

/** Titles of module tables that refer to reference data (filled as modules arrive). */
const foreignTitles: Record<string, string> = {
  users: 'Користувачі',
  item_suppliers: 'Постачальники компонентів',
  client_delivery_presets: 'Налаштування доставки',
};

/**
 * The table's columns the database computes (`generatedAlwaysAs`, e.g. `items.name_sort_key`): sort helpers, not a
 * record's data, so a record is presented — listed, read, exported, audited — without them.
 */
function generatedColumns(table: Table): ReadonlySet<string> {
  return new Set(
    Object.entries(getTableColumns(table))
      .filter(([, col]) => col.generated !== undefined)
      .map(([key]) => key),
  );
}
