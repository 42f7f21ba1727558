// The departments of a product category (reference-data.md §2–3): which departments make or pack its products. They
// split an order's 'Відомість для відділів' by department.
import { idParams } from '@/shared/contract.ts';
import { z } from '@/shared/zod-uk.ts';
import { categoriesMessages } from './categories.messages.ts';

export { categoriesMessages } from './categories.messages.ts';

export const categoryDepartmentSchema = z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() });
export type CategoryDepartment = z.infer<typeof categoryDepartmentSchema>;

export const categoryDepartmentsBodySchema = z.strictObject({
  departmentIds: z
    .array(z.number({ error: categoriesMessages.department }).int().positive(categoriesMessages.department))
    .max(50, categoriesMessages.tooMany),
});

/** The shapes of the module's endpoints by name; their paths are in categories.endpoints.ts (decision 0016). */
export const categoriesSchemas = {
  departments: { params: idParams, response: z.array(categoryDepartmentSchema) },
  putDepartments: {
    params: idParams,
    body: categoryDepartmentsBodySchema,
    response: z.array(categoryDepartmentSchema),
  },
};
