import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import type { EmailSettings, OutboxRow } from '../email-settings.contract.ts';
import { EmailSettingsPage } from './email-settings-page.tsx';

const settings: EmailSettings = {
  host: 'smtp.example.com',
  port: 587,
  security: 'starttls',
  username: 'mailer',
  hasPassword: true,
  fromEmail: 'erp@example.com',
  fromName: 'Виробництво',
  replyTo: null,
  isActive: true,
  transport: 'settings',
};
const failed: OutboxRow = {
  id: 7,
  to: 'owner@example.com',
  subject: 'Тестовий лист',
  status: 'failed',
  attempts: 1,
  lastError: 'Invalid login: 535 Authentication failed',
  eventKey: 'email.test',
  createdAt: '2026-11-28T09:00:00.000Z',
  sentAt: null,
};

function stubApi() {
  return stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/email-settings' && method === 'GET') return jsonResponse(settings);
    if (url === '/api/email-settings' && method === 'PATCH') return jsonResponse({ ...settings, fromName: 'ТОВ' });
    if (url === '/api/email-settings/outbox') return jsonResponse([failed]);
    if (url === '/api/email-settings/test') {
      return jsonResponse({ ok: false, message: 'SMTP-сервер відмовив: Invalid login: 535', outboxId: 8 });
    }
    if (url === '/api/email-settings/outbox/7/retry')
      return jsonResponse({ ...failed, status: 'sent', lastError: null });
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const bodyOf = (fetchMock: ReturnType<typeof stubApi>, url: string, method: string) => {
  const call = fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === method);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

describe('EmailSettingsPage', () => {
  it('shows the settings with the password only as saved, and saves without it unless typed', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<EmailSettingsPage />, { path: '/email-settings' });
    expect(await screen.findByText('SMTP-сервер із цих налаштувань')).toBeTruthy();
    const password = screen.getByLabelText('Пароль') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('Збережено — залиште порожнім, щоб не змінювати');

    const fromName = screen.getByLabelText('Ім’я відправника');
    await user.clear(fromName);
    await user.type(fromName, 'ТОВ');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(bodyOf(fetchMock, '/api/email-settings', 'PATCH')).toBeDefined());
    const body = bodyOf(fetchMock, '/api/email-settings', 'PATCH');
    expect(body).toMatchObject({ host: 'smtp.example.com', port: 587, fromName: 'ТОВ' });
    expect(body).not.toHaveProperty('password');
  });

  it('says what is wrong before sending a bad address', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<EmailSettingsPage />, { path: '/email-settings' });
    const from = await screen.findByLabelText('Адреса відправника');
    await user.clear(from);
    await user.type(from, 'не адреса');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Невірна адреса e-mail')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/email-settings', 'PATCH')).toBeUndefined();
  });

  it('shows the SMTP refusal of a test letter and retries a failed letter from the outbox', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<EmailSettingsPage />, { path: '/email-settings' });
    await user.click(await screen.findByRole('button', { name: 'Надіслати тест' }));
    const dialog = await screen.findByRole('dialog', { name: 'Тестовий лист' });
    await user.type(within(dialog).getByLabelText('Кому'), 'owner@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Надіслати' }));
    expect(await within(dialog).findByText('SMTP-сервер відмовив: Invalid login: 535')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/email-settings/test', 'POST')).toEqual({ to: 'owner@example.com' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Закрити' })[0]!);

    const row = (await screen.findByText('Invalid login: 535 Authentication failed')).closest('tr')!;
    expect(within(row).getByText('Помилка')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Повторити лист до owner@example.com' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, init]) => u === '/api/email-settings/outbox/7/retry' && init?.method === 'POST'),
      ).toBe(true),
    );
  });
});
