// Demo correspondence of «Техноприлад» (sales.md §5), made through the real services: price-list letters to a few
// clients — one register already sent, a letter delivered and one returned, envelopes printed and waiting, drafts.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { defaultEnvelopeBlocks } from '../client-mail.contract.ts';
import { createRegister, sendRegister } from './client-mail.registers.ts';
import { saveEnvelopeTemplate } from './client-mail.templates.ts';
import {
  bulkCreateLetters,
  changeLetterStatus,
  createLetter,
  lettersForPrinting,
  updateLetter,
} from './client-mail.write.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

export const clientMailDemoSeeder: DemoSeeder = {
  name: 'client-mail',
  async run({ tx, log }) {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.isDefault, true));
    const clients = await tx
      .select({ id: counterparties.id })
      .from(counterparties)
      .where(
        and(
          eq(counterparties.isClient, true),
          eq(counterparties.isActive, true),
          isNotNull(counterparties.legalAddress),
        ),
      )
      .orderBy(asc(counterparties.id))
      .limit(8);
    if (!company || clients.length < 8) return;

    // The company's usual envelope is DL, with a line of advertising under the sender.
    await saveEnvelopeTemplate(tx, ctx, {
      companyId: company.id,
      format: 'DL',
      blocks: {
        ...defaultEnvelopeBlocks('DL'),
        advertising: { ...defaultEnvelopeBlocks('DL').advertising, visible: true },
      },
      advertisingText: 'Електронні модулі та прилади на замовлення — tekhnoprylad.ua',
      isDefault: true,
    });

    // The new price list, registered mail to five clients: printed, listed in a register and sent.
    const priceList = await bulkCreateLetters(tx, ctx, {
      counterpartyIds: clients.slice(0, 5).map((c) => c.id),
      subject: 'Прайс-лист на 2027 рік',
      body: 'Шановні партнери! Надсилаємо оновлений прайс-лист на продукцію «Техноприлад», що діятиме з 1 січня 2027 року.',
      kind: 'registered',
      envelopeFormat: 'C5',
    });
    const sentLetters = priceList.created.slice(0, 3);
    for (const [i, letter] of sentLetters.entries()) {
      await updateLetter(tx, ctx, letter.id, {
        trackingNumber: `RR${String(123456780 + i).padStart(9, '0')}UA`,
        postageCost: '42.50',
      });
    }
    await lettersForPrinting(
      tx,
      ctx,
      priceList.created.map((l) => l.id),
    );
    const register = await createRegister(tx, ctx, {
      postalService: 'ukrposhta',
      companyId: company.id,
      notes: 'Відділення № 1, м. Київ',
      letterIds: sentLetters.map((l) => l.id),
    });
    await sendRegister(tx, ctx, register.id);
    await changeLetterStatus(tx, ctx, sentLetters[0]!.id, { status: 'delivered' });
    await changeLetterStatus(tx, ctx, sentLetters[1]!.id, { status: 'returned' });

    // A simple letter taken to the post by hand, and a valuable one waiting in a draft register.
    const reconciliation = await createLetter(tx, ctx, {
      counterpartyId: clients[5]!.id,
      subject: 'Акт звірки взаєморозрахунків за ІІІ квартал',
      kind: 'simple',
    });
    await lettersForPrinting(tx, ctx, [reconciliation.id]);
    await changeLetterStatus(tx, ctx, reconciliation.id, { status: 'sent' });
    const contract = await createLetter(tx, ctx, {
      counterpartyId: clients[6]!.id,
      subject: 'Договір поставки № 45/2026 (2 примірники)',
      kind: 'valuable',
      declaredValue: '100',
      postageCost: '78.00',
    });
    await lettersForPrinting(tx, ctx, [contract.id]);
    await createRegister(tx, ctx, { postalService: 'ukrposhta', companyId: company.id, letterIds: [contract.id] });
    // Still drafts: a letter and a cancelled one.
    await createLetter(tx, ctx, { counterpartyId: clients[7]!.id, subject: 'Запрошення на виставку «Elcom Ukraine»' });
    const cancelled = await createLetter(tx, ctx, { counterpartyId: clients[7]!.id, subject: 'Лист-нагадування' });
    await changeLetterStatus(tx, ctx, cancelled.id, { status: 'cancelled' });
    log('Листування: 9 листів (відправлені, вручений, повернутий, чернетки) і 2 реєстри, один відправлений');
  },
};
