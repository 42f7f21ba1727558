// The warehouse a purchase is received into when the user names none (issue 21: components where production takes
// them from, products where sales ship them from): the question — the items of the lines chosen so far — and the
// answer, asked by the supplier order's form and the supplier receipt's form alike.
import { dbId } from '@/shared/contract.ts';
import { z } from '@/shared/zod-uk.ts';

const pickFromList = 'Оберіть запис зі списку';

/** `?itemIds=1,2`: the items of the lines chosen so far (none: a new document's default). */
export const defaultWarehouseQuerySchema = z.strictObject({
  itemIds: z
    .string()
    .trim()
    .max(6000)
    .regex(/^(\d+(,\d+)*)?$/, pickFromList)
    .transform((text): (string | number)[] => (text ? text.split(',') : []))
    .pipe(z.array(dbId(pickFromList)).max(500))
    .optional(),
});

/** The warehouse a purchase is received into when none is named (null only when no warehouse exists). */
export const defaultWarehouseSchema = z.object({
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
});
export type DefaultWarehouse = z.infer<typeof defaultWarehouseSchema>;
