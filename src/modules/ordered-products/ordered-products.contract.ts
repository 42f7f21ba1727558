// Ordered products ('Замовлені товари', production.md §10, sales.md §7): open order demand per item, turned into
// MOs (made items) and supplier-order drafts (bought items). Shared by the server and the page.
import { documentDate } from '@/shared/document-date.ts';
import { paymentStatuses } from '@/modules/orders/orders.contract.ts';
import { dbId, idFilter } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';

export const orderedProductsMessages = {
  date: 'Вкажіть дату у форматі РРРР-ММ-ДД',
  decimal: 'Вкажіть число (не більше 4 знаків після коми)',
  positive: 'Має бути більше нуля',
  noItems: 'Оберіть хоча б одну позицію',
  itemNotFound: 'Позицію не знайдено',
  notMade: (sku: string) => `«${sku}» не виготовляється: немає діючої специфікації — її можна лише замовити`,
  notBought: (sku: string) => `«${sku}» виготовляється власними силами — створіть для неї МВ`,
  nothingToProduce: (sku: string) => `Для «${sku}» нічого виготовляти — вкажіть кількість`,
  nothingToBuy: (sku: string) => `Для «${sku}» нічого замовляти — вкажіть кількість`,
  noSupplier: (skus: readonly string[]) =>
    `Не вказано постачальника для: ${skus.join(', ')}. Додайте постачальника в картці позиції`,
  nothingToReserve: 'Немає вільного залишку для відкритих рядків цієї позиції',
  duplicateItem: 'Позицію вказано двічі',
  manufacturingUnavailable: 'Модуль виробництва ще недоступний',
} as const;

export const itemKinds = ['product', 'semi_finished', 'service', 'component', 'material'] as const;
export type ItemKind = (typeof itemKinds)[number];
export const itemKindLabels: Record<ItemKind, string> = {
  product: 'Готова продукція',
  semi_finished: 'Напівфабрикат',
  service: 'Послуга',
  component: 'Комплектуючий',
  material: 'Матеріал',
};

const isoDate = documentDate(orderedProductsMessages.date);
const qtyText = z
  .string({ error: orderedProductsMessages.decimal })
  .trim()
  .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
  .refine((v) => /^\d+(\.\d{1,4})?$/.test(v), orderedProductsMessages.decimal)
  .refine((v) => /[1-9]/.test(v), orderedProductsMessages.positive);
const id = z.number().int().positive().max(2_147_483_647);
const boolText = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const orderedProductsFilterShape = {
  /** 'Лише дозволені до виробництва' — on by default. */
  approvedOnly: boolText.optional(),
  categoryId: idFilter(),
  kind: z.enum(itemKinds).optional(),
  dueBefore: isoDate.optional(),
  clientId: idFilter(),
};

export const orderedProductsListQuerySchema = z.strictObject({ ...listQueryShape, ...orderedProductsFilterShape });
export type OrderedProductsListQuery = z.output<typeof orderedProductsListQuerySchema>;
export const orderedProductsSortFields = [
  'sku',
  'itemName',
  'demand',
  'uncovered',
  'free',
  'inProduction',
  'toProduce',
  'orders',
  'earliestDue',
  'value',
] as const;
export type OrderedProductsSortField = (typeof orderedProductsSortFields)[number];

export const orderedProductDetailQuerySchema = z.strictObject({
  approvedOnly: orderedProductsFilterShape.approvedOnly,
  dueBefore: orderedProductsFilterShape.dueBefore,
  clientId: orderedProductsFilterShape.clientId,
});

export const demandLineSchema = z.object({
  orderLineId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  kind: z.enum(itemKinds),
  /** qty − shipped. */
  remaining: z.string(),
  /** Σ reservations of the line (source 'order_line'). */
  reserved: z.string(),
  /** remaining − reserved (never below 0). */
  uncovered: z.string(),
  dueDate: z.string().nullable(),
  paymentStatus: z.enum(paymentStatuses),
  /** orders.productionApproved. */
  approved: z.boolean(),
  /** UAH per unit, net of discount and VAT: lineNet × fxRate ÷ qty. */
  netUnitPrice: z.string(),
  /** Σ mo_demands.qty of the line over open MOs (planned, released, in_progress). */
  coveredByMo: z.string(),
});
export type DemandLine = z.infer<typeof demandLineSchema>;

export const orderedProductRowSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  kind: z.enum(itemKinds),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  unitShortName: z.string().nullable(),
  /** Made here (the production spec resolves, production.md §0) — else bought and resold. */
  made: z.boolean(),
  demand: z.string(),
  reserved: z.string(),
  uncovered: z.string(),
  /** Σ over the planning warehouses of (on hand − reserved), each warehouse's share never below 0. */
  free: z.string(),
  /** Σ over open MOs of the item of (qty − produced). */
  inProduction: z.string(),
  /** max(0, uncovered − free − inProduction) for made items, else '0'. */
  toProduce: z.string(),
  /** The same formula for bought items, else '0'. */
  toBuy: z.string(),
  coveredByMo: z.string(),
  orders: z.number().int(),
  lines: z.number().int(),
  earliestDue: z.string().nullable(),
  /** UAH: Σ remaining × net unit price. */
  value: z.string(),
});
export type OrderedProductRow = z.infer<typeof orderedProductRowSchema>;

export const orderedProductsStatsSchema = z.object({
  items: z.number().int(),
  toProduceItems: z.number().int(),
  toBuyItems: z.number().int(),
  orders: z.number().int(),
  value: z.string(),
});
export type OrderedProductsStats = z.infer<typeof orderedProductsStatsSchema>;

export const orderedProductDetailSchema = z.object({
  row: orderedProductRowSchema.nullable(),
  lines: z.array(demandLineSchema),
});
export type OrderedProductDetail = z.infer<typeof orderedProductDetailSchema>;

export const reserveFreeSchema = z.strictObject({
  approvedOnly: z.boolean().optional(),
});
export const reserveFreeResultSchema = z.object({
  reserved: z.string(),
  lines: z.array(z.object({ orderLineId: z.number().int(), orderNumber: z.string(), qty: z.string() })),
});
export type ReserveFreeResult = z.infer<typeof reserveFreeResultSchema>;

export const createMoItemSchema = z.strictObject({
  itemId: id,
  qty: qtyText.optional(),
  recipeId: id.nullable().optional(),
  release: z.boolean().optional(),
  /** 'Кратно партії': round qty up to the recipe's batch size (else the item's). */
  roundToBatch: z.boolean().optional(),
});
export const createMosSchema = z.strictObject({
  items: z.array(createMoItemSchema).min(1, orderedProductsMessages.noItems).max(200),
  approvedOnly: z.boolean().optional(),
});
export type CreateMosInput = z.output<typeof createMosSchema>;
export const createMosResultSchema = z.object({
  orders: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      itemId: z.number().int(),
      qty: z.string(),
      released: z.boolean(),
      demands: z.array(z.object({ orderLineId: z.number().int(), qty: z.string() })),
    }),
  ),
});
export type CreateMosResult = z.infer<typeof createMosResultSchema>;

export const createSupplierOrdersSchema = z.strictObject({
  items: z
    .array(z.strictObject({ itemId: id, qty: qtyText.optional() }))
    .min(1, orderedProductsMessages.noItems)
    .max(500),
  approvedOnly: z.boolean().optional(),
});
export type CreateSupplierOrdersInput = z.output<typeof createSupplierOrdersSchema>;
export const createSupplierOrdersResultSchema = z.object({
  orders: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      supplierId: z.number().int(),
      supplierName: z.string(),
      lines: z.number().int(),
    }),
  ),
});
export type CreateSupplierOrdersResult = z.infer<typeof createSupplierOrdersResultSchema>;

/** The shapes of every endpoint of /api/ordered-products (paths in ordered-products.endpoints.ts, decision 0016). */
export const orderedProductsSchemas = {
  list: { query: orderedProductsListQuerySchema, response: z.array(orderedProductRowSchema) },
  stats: { query: orderedProductsListQuerySchema, response: orderedProductsStatsSchema },
  get: {
    params: z.strictObject({ itemId: dbId() }),
    query: orderedProductDetailQuerySchema,
    response: orderedProductDetailSchema,
  },
  reserve: {
    params: z.strictObject({ itemId: dbId() }),
    body: reserveFreeSchema.nullish(),
    response: reserveFreeResultSchema,
  },
  createManufacturingOrders: { body: createMosSchema, response: createMosResultSchema },
  createSupplierOrders: { body: createSupplierOrdersSchema, response: createSupplierOrdersResultSchema },
};
