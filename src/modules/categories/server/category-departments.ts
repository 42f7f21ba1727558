// A product category's departments (reference-data.md §2–3): read and replaced as a whole (audited), and the
// departments of a set of items through their categories — what splits an order's 'Відомість для відділів'.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { categories, categoryDepartments } from '@/resources/categories/categories.table.ts';
import { departments } from '@/resources/departments/departments.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { categoriesMessages, type CategoryDepartment } from '../categories.contract.ts';

async function productCategory(db: DbOrTx, id: number, lock = false) {
  const query = db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.scope, 'product')));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new DomainError(404, categoriesMessages.notFound);
  return row;
}

export async function departmentsOfCategory(db: DbOrTx, categoryId: number): Promise<CategoryDepartment[]> {
  await productCategory(db, categoryId);
  return db
    .select({ id: departments.id, name: departments.name, isActive: departments.isActive })
    .from(categoryDepartments)
    .innerJoin(departments, eq(departments.id, categoryDepartments.departmentId))
    .where(eq(categoryDepartments.categoryId, categoryId))
    .orderBy(ukOrder(departments.name), asc(departments.id));
}

/** Replaces the category's departments with `departmentIds` (duplicates dropped), audited before and after. */
export async function replaceCategoryDepartments(
  db: DbOrTx,
  ctx: AuditContext,
  categoryId: number,
  departmentIds: readonly number[],
): Promise<CategoryDepartment[]> {
  return db.transaction(async (tx) => {
    await productCategory(tx, categoryId, true);
    const ids = [...new Set(departmentIds)];
    if (ids.length) {
      const known = await tx.select({ id: departments.id }).from(departments).where(inArray(departments.id, ids));
      const missing = ids.findIndex((id) => !known.some((k) => k.id === id));
      if (missing >= 0) {
        throw new DomainError(422, categoriesMessages.unknownDepartment, {
          [`departmentIds.${missing}`]: categoriesMessages.unknownDepartment,
        });
      }
    }
    const before = await departmentsOfCategory(tx, categoryId);
    await tx.delete(categoryDepartments).where(eq(categoryDepartments.categoryId, categoryId));
    if (ids.length)
      await tx.insert(categoryDepartments).values(ids.map((departmentId) => ({ categoryId, departmentId })));
    const after = await departmentsOfCategory(tx, categoryId);
    await audit(tx, ctx, { action: 'update', entityType: 'category_departments', entityId: categoryId, before, after });
    return after;
  });
}

/** The department names of each item's product category (none: the item has no category or it has no departments). */
export async function departmentsOfItems(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (!itemIds.length) return result;
  const rows = await db
    .select({ itemId: items.id, name: departments.name })
    .from(items)
    .innerJoin(categoryDepartments, eq(categoryDepartments.categoryId, items.categoryId))
    .innerJoin(departments, eq(departments.id, categoryDepartments.departmentId))
    .where(inArray(items.id, [...new Set(itemIds)]))
    .orderBy(ukOrder(departments.name));
  for (const row of rows) result.set(row.itemId, [...(result.get(row.itemId) ?? []), row.name]);
  return result;
}
