import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { NumberingButton } from './numbering-dialog.tsx';

const rows = [
  {
    docType: 'order',
    label: 'Замовлення клієнтів',
    prefix: 'ORD',
    defaultPrefix: 'ORD',
    counter: 42,
    next: 'ORD-2026-00043',
  },
  { docType: 'payment', label: 'Платежі', prefix: 'PAY', defaultPrefix: 'PAY', counter: 0, next: 'PAY-2026-00001' },
];

const patches = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => [url, JSON.parse(String(init!.body))]);

async function open() {
  const user = userEvent.setup();
  renderWithProviders(<NumberingButton />, { path: '/companies' });
  await user.click(screen.getByRole('button', { name: 'Нумерація' }));
  const dialog = screen.getByRole('dialog', { name: 'Нумерація документів' });
  await within(dialog).findByText('Замовлення клієнтів');
  return { user, dialog };
}

describe('NumberingDialog', () => {
  it('previews the next number as the prefix is typed and saves only the changed prefix', async () => {
    const fetchMock = stubFetch((url, init) =>
      init.method === 'PATCH'
        ? jsonResponse([{ ...rows[0], prefix: 'ЗМ', next: 'ЗМ-2026-00043' }, rows[1]])
        : jsonResponse(rows),
    );
    const { user, dialog } = await open();
    expect(within(dialog).getByText('ORD-2026-00043')).toBeTruthy();
    const input = within(dialog).getByLabelText('Замовлення клієнтів');
    await user.clear(input);
    await user.type(input, 'зм');
    expect(within(dialog).getByText('ЗМ-2026-00043')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(fetchMock)).toEqual([['/api/companies/numbering', { order: 'ЗМ' }]]);
    expect(await screen.findByText('Нумерацію збережено')).toBeTruthy();
  });

  it('says what is wrong with a prefix before sending, and shows the server’s refusal under its field', async () => {
    const fetchMock = stubFetch((url, init) =>
      init.method === 'PATCH'
        ? jsonResponse(
            {
              error: 'Префікс ORD уже має тип «Замовлення клієнтів»',
              fields: { payment: 'Префікс ORD уже має тип «Замовлення клієнтів»' },
            },
            409,
          )
        : jsonResponse(rows),
    );
    const { user, dialog } = await open();
    const payment = within(dialog).getByLabelText('Платежі');
    await user.clear(payment);
    await user.type(payment, 'PA-1');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(within(dialog).getByText('Префікс — від 1 до 6 літер або цифр')).toBeTruthy();
    expect(patches(fetchMock)).toEqual([]);

    await user.clear(payment);
    await user.type(payment, 'ord');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(payment.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText('Префікс ORD уже має тип «Замовлення клієнтів»').length).toBeGreaterThan(0);
    expect(patches(fetchMock)).toEqual([['/api/companies/numbering', { payment: 'ORD' }]]);
  });
});
