// Demo recipes of «Техноприлад», after the demo BOMs and tech cards: two variants of the power-supply board — the
// serial one on the SMT line (reflow, batches of 50, the default) and a small batch soldered by hand (batches of 5)
// — one BOM, two tech cards, so /recipes and /costing show two different unit costs.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { boms } from '@/modules/bom/server/bom.table.ts';
import { techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { createRecipe, makeDefaultRecipe } from './recipes.service.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

export const recipesDemoSeeder: DemoSeeder = {
  name: 'recipes',
  async run({ tx, log }) {
    const [board] = await tx.select({ id: items.id }).from(items).where(eq(items.sku, 'ПЛ-БЖ'));
    if (!board) return;
    const [bom] = await tx
      .select({ id: boms.id })
      .from(boms)
      .where(and(eq(boms.itemId, board.id), eq(boms.isDefault, true)));
    const [serialCard] = await tx
      .select({ id: techCards.id })
      .from(techCards)
      .where(and(eq(techCards.itemId, board.id), isNull(techCards.baseTechCardId), eq(techCards.status, 'active')));
    const [handCard] = await tx
      .select({ id: techCards.id })
      .from(techCards)
      .where(and(eq(techCards.itemId, board.id), isNotNull(techCards.baseTechCardId), eq(techCards.status, 'active')));
    if (!bom || !serialCard || !handCard) return;

    const serial = await createRecipe(tx, ctx, {
      itemId: board.id,
      name: 'Серійна, оплавлення',
      bomId: bom.id,
      techCardId: serialCard.id,
      batchSize: '50',
      status: 'active',
      labourRatePerHour: null,
      notes: null,
      instructions: [
        '**Серійна партія на SMT-лінії.**',
        '',
        '1. Перевірити трафарет і термопрофіль печі (SAC305).',
        '2. Першу плату партії — на контроль ВТК до запуску решти.',
        '3. Вивідні компоненти — після оплавлення.',
      ].join('\n'),
    });
    await makeDefaultRecipe(tx, ctx, serial.id);
    await createRecipe(tx, ctx, {
      itemId: board.id,
      name: 'Дрібна партія, ручна пайка',
      bomId: bom.id,
      techCardId: handCard.id,
      batchSize: '5',
      status: 'active',
      labourRatePerHour: null,
      notes: 'Для термінових замовлень, коли SMT-лінія зайнята',
      instructions: [
        '**Мала партія без SMT-лінії.**',
        '',
        '- SMD-компоненти паяти вручну за складальним кресленням.',
        '- Флюс змивати одразу після пайки кожної плати.',
      ].join('\n'),
    });
    log('Рецепти: плата БЖ — «Серійна, оплавлення» (типовий) і «Дрібна партія, ручна пайка»');
  },
};
