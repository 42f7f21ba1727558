import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import type { EmailRule } from '../email-notifications.contract.ts';
import { EmailNotificationsPage } from './email-notifications-page.tsx';

const shipmentSent: EmailRule = {
  eventKey: 'client_shipment_sent',
  label: 'Замовлення відправлено',
  group: 'client',
  isEnabled: false,
  recipients: { roles: [], userIds: [], extraEmails: [], toClientContacts: true, toManager: false },
  subjectTemplate: 'Замовлення {{orderNumber}} відправлено',
  bodyTemplate: 'ЕН {{trackingNumber}}',
  delivery: 'immediate',
  digestTime: '08:00',
  placeholders: [
    { name: 'orderNumber', label: 'Номер замовлення' },
    { name: 'trackingNumber', label: 'Номер ЕН' },
  ],
  updatedAt: null,
};
const lowStock: EmailRule = {
  ...shipmentSent,
  eventKey: 'low_stock',
  label: 'Низький залишок',
  group: 'staff',
  recipients: {
    roles: [1],
    userIds: [],
    extraEmails: ['store@example.com'],
    toClientContacts: false,
    toManager: false,
  },
  delivery: 'daily',
  digestTime: '09:30',
  placeholders: [{ name: 'itemName', label: 'Товар' }],
};

function stubApi(rules: EmailRule[] | 'error' = [shipmentSent, lowStock]) {
  return stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/email-notifications' && method === 'GET') {
      return rules === 'error' ? jsonResponse({ error: 'Збій сервера' }, 500) : jsonResponse(rules);
    }
    if (url === '/api/email-notifications/recipient-options') {
      return jsonResponse({
        roles: [{ id: 1, name: 'Адміністратор' }],
        users: [{ id: 5, name: 'Коваленко Олена', email: 'olena@example.com' }],
      });
    }
    if (url === '/api/email-notifications/client_shipment_sent' && method === 'PUT') {
      return jsonResponse({ ...shipmentSent, ...JSON.parse(String(init!.body)) });
    }
    if (url === '/api/email-notifications/client_shipment_sent/preview') {
      return jsonResponse({ subject: 'Замовлення ЗМ-2026-00042 відправлено', text: 'ЕН 20450000000000', html: '' });
    }
    if (url === '/api/email-notifications/client_shipment_sent/test') {
      return jsonResponse({ ok: true, message: 'Лист прийнято сервером: 250 OK', outboxId: 3 });
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const bodyOf = (fetchMock: ReturnType<typeof stubApi>, url: string, method: string) => {
  const call = fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === method);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

describe('EmailNotificationsPage', () => {
  it('lists the rules with their group, switch, delivery and recipients', async () => {
    stubApi();
    renderWithProviders(<EmailNotificationsPage />, { path: '/email-notifications' });
    const row = (await screen.findAllByText('Низький залишок'))[0]!.closest('tr')!;
    expect(within(row).getAllByText('Щоденний дайджест о 09:30').length).toBeGreaterThan(0);
    expect(within(row).getAllByText('1 роль, 1 адреса').length).toBeGreaterThan(0);
    expect(within(row).getByText('Працівникам')).toBeTruthy();
    const client = screen.getAllByText('Замовлення відправлено')[0]!.closest('tr')!;
    expect(within(client).getByText('Клієнтам')).toBeTruthy();
    expect(within(client).getByRole('switch', { name: 'Увімкнути правило «Замовлення відправлено»' })).toBeTruthy();
  });

  it('shows the load error with a retry', async () => {
    stubApi('error');
    renderWithProviders(<EmailNotificationsPage />, { path: '/email-notifications' });
    expect(await screen.findByText(/Не вдалося завантажити правила/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Спробувати ще раз' })).toBeTruthy();
  });

  it('edits a rule: inserts a placeholder, previews, sends a test and saves', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<EmailNotificationsPage />, { path: '/email-notifications' });
    await user.click(await screen.findByRole('button', { name: 'Змінити правило «Замовлення відправлено»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Замовлення відправлено' });
    await user.click(within(dialog).getByLabelText('Правило увімкнено'));
    const body = within(dialog).getByLabelText('Текст листа') as HTMLTextAreaElement;
    await user.click(body);
    body.setSelectionRange(body.value.length, body.value.length);
    await user.click(within(dialog).getByRole('button', { name: 'Вставити «Номер замовлення»' }));
    expect(body.value).toBe('ЕН {{trackingNumber}}{{orderNumber}}');

    await user.click(within(dialog).getByRole('button', { name: 'Попередній перегляд' }));
    expect(await within(dialog).findByText('ЕН 20450000000000')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Адреса для тесту'), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Надіслати тест' }));
    expect(await within(dialog).findByText('Лист прийнято сервером: 250 OK')).toBeTruthy();

    await user.click(within(dialog).getByLabelText('Коваленко Олена — olena@example.com'));
    await user.type(within(dialog).getByLabelText('Додаткові адреси'), 'boss@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, '/api/email-notifications/client_shipment_sent', 'PUT')).toBeDefined(),
    );
    expect(bodyOf(fetchMock, '/api/email-notifications/client_shipment_sent', 'PUT')).toMatchObject({
      isEnabled: true,
      bodyTemplate: 'ЕН {{trackingNumber}}{{orderNumber}}',
      recipients: { userIds: [5], extraEmails: ['boss@example.com'], toClientContacts: true },
    });
  });

  it('says what is wrong with an extra address before saving', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<EmailNotificationsPage />, { path: '/email-notifications' });
    await user.click(await screen.findByRole('button', { name: 'Змінити правило «Замовлення відправлено»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Замовлення відправлено' });
    await user.type(within(dialog).getByLabelText('Додаткові адреси'), 'не адреса');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Некоректна адреса: не адреса')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/email-notifications/client_shipment_sent', 'PUT')).toBeUndefined();
  });
});
