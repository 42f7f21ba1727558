import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BankAccount } from '@/modules/clients/clients.contract.ts';
import { sampleIbanUa } from '@/shared/requisites.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { BankAccountsDialog } from './bank-accounts-dialog.tsx';

const URL = '/api/clients/7/bank-accounts';
const privat = sampleIbanUa('305299', 1);
const mono = sampleIbanUa('322001', 2);
const broken = privat.slice(0, -1) + (privat.endsWith('0') ? '1' : '0');

const stored: BankAccount = {
  id: 1,
  iban: privat,
  bankName: 'ПриватБанк',
  currencyCode: 'UAH',
  isDefault: true,
  mfo: '305299',
};

type Answer = (init: RequestInit) => Response | undefined;

function stubApi(accounts: BankAccount[], onPut: Answer = () => undefined) {
  return stubFetch((url, init) => {
    if (url !== URL) return jsonResponse({ error: 'Не знайдено' }, 404);
    if (init.method === 'PUT') return onPut(init) ?? jsonResponse({ error: 'Не очікувано' }, 500);
    return jsonResponse(accounts);
  });
}

const puts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === URL && init?.method === 'PUT');

function renderDialog(props: { canChange?: boolean } = {}) {
  const onClose = vi.fn();
  renderWithProviders(<BankAccountsDialog title="Банківські рахунки: Вектор" url={URL} onClose={onClose} {...props} />);
  return { onClose };
}

describe('BankAccountsDialog', () => {
  it('shows the stored accounts with the МФО, and the empty state in Ukrainian', async () => {
    stubApi([stored]);
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Банківські рахунки: Вектор' })).toBeTruthy();
    expect(screen.getByText('Завантаження рахунків...')).toBeTruthy();
    const iban = (await screen.findByLabelText('IBAN')) as HTMLInputElement;
    expect(iban.value).toBe(privat);
    expect((screen.getByLabelText('Назва банку') as HTMLInputElement).value).toBe('ПриватБанк');
    expect((screen.getByLabelText('Валюта') as HTMLInputElement).value).toBe('UAH');
    expect(screen.getByRole('switch', { name: 'Основний у своїй валюті' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('МФО 305299')).toBeTruthy();
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Зберегти' }).hasAttribute('disabled')).toBe(true);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Видалити рахунок 1' }));
    expect(screen.getByText('Рахунків ще немає')).toBeTruthy();
  });

  it('refuses a bad IBAN before sending, in Ukrainian, and sends the right PUT body once it is fixed', async () => {
    const fetchMock = stubApi([], (init) => {
      const body = JSON.parse(String(init.body)) as { accounts: { iban: string; bankName: string | null }[] };
      return jsonResponse(
        body.accounts.map((a, i) => ({
          id: 10 + i,
          iban: a.iban,
          bankName: a.bankName,
          currencyCode: 'UAH',
          isDefault: i === 0,
          mfo: a.iban.slice(4, 10),
        })),
      );
    });
    const events = userEvent.setup();
    renderDialog();

    expect(await screen.findByText('Рахунків ще немає')).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Додати рахунок' }));
    const iban = screen.getByLabelText('IBAN');
    expect(document.activeElement).toBe(iban);
    expect((screen.getByLabelText('Валюта') as HTMLInputElement).value).toBe('UAH');
    await events.type(iban, broken);
    await events.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Невірна контрольна сума IBAN')).toBeTruthy();
    expect(iban.getAttribute('aria-invalid')).toBe('true');

    await events.clear(iban);
    await events.type(iban, 'UA12 3456');
    expect(await screen.findByText('IBAN має починатися з UA і містити 29 символів')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);

    // Spaces and lower case are fine: the IBAN is normalised before it is sent.
    await events.clear(iban);
    await events.type(iban, privat.toLowerCase().replace(/(.{4})/g, '$1 '));
    await events.type(screen.getByLabelText('Назва банку'), 'ПриватБанк');
    await events.click(screen.getByRole('button', { name: 'Додати рахунок' }));
    await events.type(screen.getAllByLabelText('IBAN')[1]!, mono);
    await events.click(screen.getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Рахунки збережено')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(puts(fetchMock)[0]![1]!.body))).toEqual({
      accounts: [
        { iban: privat, bankName: 'ПриватБанк', currencyCode: 'UAH', isDefault: true },
        { iban: mono, bankName: null, currencyCode: 'UAH', isDefault: false },
      ],
    });
    expect(screen.getByText('МФО 305299')).toBeTruthy();
    expect(screen.getByText('МФО 322001')).toBeTruthy();
    expect((screen.getAllByLabelText('IBAN')[0] as HTMLInputElement).value).toBe(privat);
  });

  it('keeps one default account per currency, like a radio group', async () => {
    const fetchMock = stubApi([stored, { ...stored, id: 2, iban: mono, bankName: null, isDefault: false }], () =>
      jsonResponse([]),
    );
    const events = userEvent.setup();
    renderDialog();
    const switches = await screen.findAllByRole('switch', { name: 'Основний у своїй валюті' });
    await events.click(switches[1]!);
    expect(switches[0]!.getAttribute('aria-checked')).toBe('false');
    expect(switches[1]!.getAttribute('aria-checked')).toBe('true');
    await events.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(puts(fetchMock)[0]![1]!.body)) as { accounts: { isDefault: boolean }[] };
    expect(body.accounts.map((a) => a.isDefault)).toEqual([false, true]);
  });

  it('puts the server’s per-row messages under their inputs and shows a conflict in the dialog', async () => {
    let attempt = 0;
    const fetchMock = stubApi([stored], () => {
      attempt += 1;
      if (attempt === 1) {
        return jsonResponse(
          {
            error: 'Некоректні дані запиту: accounts.0.bankName — Не довше 200 символів',
            fields: { 'accounts.0.bankName': 'Не довше 200 символів' },
          },
          400,
        );
      }
      return jsonResponse(
        { error: 'Цей IBAN уже належить іншій компанії', fields: { accounts: 'Цей IBAN уже належить іншій компанії' } },
        409,
      );
    });
    const events = userEvent.setup();
    renderDialog();

    await events.type(await screen.findByLabelText('Назва банку'), ' (Київ)');
    await events.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Не довше 200 символів')).toBeTruthy();
    expect(screen.getByLabelText('Назва банку').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Цей IBAN уже належить іншій компанії')).toBeNull();

    await events.click(screen.getByRole('button', { name: 'Зберегти' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Цей IBAN уже належить іншій компанії')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(2);
  });

  it('only shows the accounts to a user who may not change them', async () => {
    stubApi([stored]);
    renderDialog({ canChange: false });
    expect(((await screen.findByLabelText('IBAN')) as HTMLInputElement).closest('fieldset[disabled]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Зберегти' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Додати рахунок' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Видалити рахунок 1' })).toBeNull();
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ error: 'Клієнта не знайдено' }, 404) : jsonResponse([])));
    renderDialog();
    expect(await screen.findByText('Не вдалося завантажити рахунки: Клієнта не знайдено')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Рахунків ще немає')).toBeTruthy();
  });
});
