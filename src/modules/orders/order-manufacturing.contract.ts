// The manufacturing orders linked to a client order's lines (sales.md §1.1, §1.3), as the order's drawer shows them
// before 'Повернути в чернетку', 'Скасувати' and revoking the production approval — and the refusals naming them.
import { z } from '@/shared/zod-uk.ts';

/** One MO with a demand link on one of the order's lines. */
export const orderManufacturingLinkSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** The MO's status code (planned, released, in_progress, completed, cancelled) and its Ukrainian label. */
  status: z.string(),
  statusLabel: z.string(),
  itemName: z.string(),
  /** The quantity linked to this order's lines, a decimal string. */
  qty: z.string(),
});
export type OrderManufacturingLink = z.infer<typeof orderManufacturingLinkSchema>;

/** A cancelled MO's links are left-overs: they neither block nor count as production for the order. */
export const blockingLinks = <T extends { status: string }>(links: readonly T[]): T[] =>
  links.filter((l) => l.status !== 'cancelled');

/** 'МВ-00012 (Запущено), МВ-00013 (Заплановано)'. */
export const linkListText = (links: readonly Pick<OrderManufacturingLink, 'number' | 'statusLabel'>[]): string =>
  links.map((l) => `${l.number} (${l.statusLabel})`).join(', ');

export const orderManufacturingMessages = {
  noDraft: (list: string) =>
    `До рядків замовлення прив’язані виробничі замовлення: ${list} — повернути його в чернетку не можна`,
  noRevoke: (list: string) =>
    `До рядків замовлення прив’язані виробничі замовлення: ${list} — відкликати дозвіл на виробництво не можна`,
};
