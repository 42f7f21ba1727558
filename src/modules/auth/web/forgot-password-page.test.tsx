import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messageSchema } from '@/shared/contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

const accepted = messageSchema.parse({
  message: 'Якщо адреса зареєстрована, на неї надіслано лист з інструкціями',
});

describe('ForgotPasswordPage', () => {
  it('sends the address and shows where the letter went', async () => {
    const fetchMock = stubFetch(() => jsonResponse(accepted));
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });

    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    await user.type(email, 'olena@example.com');
    await user.click(screen.getByRole('button', { name: 'Надіслати посилання' }));

    expect(await screen.findByRole('heading', { name: 'Перевірте пошту' })).toBeTruthy();
    expect(screen.getByText('olena@example.com')).toBeTruthy();
    expect(screen.getByText('Не бачите листа? Перевірте папку «Спам» або «Небажана пошта».')).toBeTruthy();
    expect(screen.getByText('Лист відправлено')).toBeTruthy();
    expect(screen.getByText('Перевірте електронну пошту для отримання інструкцій з відновлення паролю')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Повернутися до входу' }).getAttribute('href')).toBe('/');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/forgot-password');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'olena@example.com' });
  });

  it('shows a default message when sending fails without one', async () => {
    stubFetch(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });

    await user.type(screen.getByLabelText('E-mail'), 'olena@example.com');
    await user.click(screen.getByRole('button', { name: 'Надіслати посилання' }));

    expect(await screen.findByText('Не вдалося відправити лист для відновлення паролю')).toBeTruthy();
    expect(screen.getByText('Помилка')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Відновлення паролю' })).toBeTruthy();
  });
});
