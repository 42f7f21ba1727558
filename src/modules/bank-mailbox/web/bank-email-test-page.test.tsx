import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import type { BankEmailAnalysis } from '../bank-mailbox.contract.ts';
import { BankEmailTestPage } from './bank-email-test-page.tsx';

const analysis: BankEmailAnalysis = {
  parser: 'ukrsibbank',
  messageId: '<ua-1@ukrsibbank.com>',
  from: 'notify@ukrsibbank.com',
  subject: 'Надходження коштів',
  externalId: '<ua-1@ukrsibbank.com>',
  fields: {
    status: 'parsed',
    parseError: null,
    direction: 'credit',
    operationDate: '2026-11-27',
    amount: '1200.00',
    currency: 'UAH',
    ourIban: 'UA213223130000026007233566001',
    counterpartyName: 'ТОВ "Енергоплюс"',
    counterpartyTaxId: '12345678',
    counterpartyIban: null,
    purpose: 'Оплата за рахунком ЗМ-2026-00009',
    bankDocNumber: '4471',
  },
  warnings: [],
  duplicateOf: null,
  credit: true,
  company: { id: 1, name: 'ТОВ «Виробник»' },
  proposals: [
    {
      orderId: 9,
      orderNumber: 'ЗМ-2026-00009',
      clientName: 'Енергоплюс',
      outstanding: '1200.00',
      score: 100,
      reasons: ['Номер замовлення в призначенні', 'Сума дорівнює залишку до оплати'],
    },
  ],
  wouldAutoPost: true,
};

function stubApi() {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/bank-email-test/parse') return jsonResponse(analysis);
    if (url === '/api/bank-email-test/summary') {
      return jsonResponse({
        enabled: false,
        host: null,
        port: 993,
        tls: true,
        username: null,
        hasPassword: false,
        folder: 'INBOX',
        allowedSenders: [],
        parser: 'ukrsibbank',
        pollMinutes: 5,
        lastUid: 0,
        lastPollAt: null,
        lastError: null,
      });
    }
    if (url === '/api/bank-email-test/process') {
      return jsonResponse({
        alreadyProcessed: true,
        message: 'Вже оброблено',
        bankTransactionId: 3,
        paymentId: 12,
        status: 'parsed',
        paymentStatus: null,
      });
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

describe('BankEmailTestPage', () => {
  it('parses a pasted letter and shows the amount, payer, ЄДРПОУ, purpose and the order it would match', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<BankEmailTestPage />, { path: '/bank-email-test' });
    await user.type(screen.getByLabelText('Текст листа (повний MIME або лише текст)'), 'Сума: 1200');
    await user.click(screen.getByRole('button', { name: 'Розібрати' }));
    expect(await screen.findByText('1 200,00 UAH')).toBeTruthy();
    expect(screen.getByText('ТОВ "Енергоплюс"')).toBeTruthy();
    expect(screen.getByText('12345678')).toBeTruthy();
    expect(screen.getByText('Оплата за рахунком ЗМ-2026-00009')).toBeTruthy();
    expect(screen.getByText(/ЗМ-2026-00009 · Енергоплюс/)).toBeTruthy();
    expect(screen.getByText('100 балів')).toBeTruthy();
    expect(screen.getByText('Буде проведено автоматично')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/bank-email-test/process')).toBe(false);
  });

  it('processes only after the confirmation and says «Вже оброблено» with a link to the payment', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<BankEmailTestPage />, { path: '/bank-email-test' });
    await user.type(screen.getByLabelText('Текст листа (повний MIME або лише текст)'), 'лист');
    await user.click(screen.getByRole('button', { name: 'Обробити' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Обробити лист?' });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/bank-email-test/process')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Обробити' }));
    expect(await screen.findByText('Вже оброблено')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Відкрити платежі' }).getAttribute('href')).toBe('/payments?open=12'),
    );
  });
});
