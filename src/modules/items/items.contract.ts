// The item master's endpoints beyond the declared resource (reference-data.md §16).
import { z } from '@/shared/zod-uk.ts';

export const checkSkuQuerySchema = z.strictObject({ sku: z.string().trim().min(1).max(40) });
export const checkSkuSchema = z.object({ available: z.boolean() });

export const bulkItemsSchema = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(500),
  set: z
    .strictObject({
      categoryId: z.number().int().positive().nullable().optional(),
      isActive: z.boolean().optional(),
    })
    .refine((v) => v.categoryId !== undefined || v.isActive !== undefined, 'Оберіть, що змінити'),
});
export type BulkItems = z.infer<typeof bulkItemsSchema>;

export const itemsMessages = {
  hasBarcode: 'Товар уже має штрих-код — очистіть його, щоб згенерувати новий',
} as const;
