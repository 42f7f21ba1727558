// A settings dialog declared by its fields (switches and whole numbers): the fields start from the loaded settings,
// a number out of its range is named under its input and nothing is sent, a save sends only what changed (in the
// fields' order), and the server's field error lands under its input.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/web/lib/api.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { DeclaredSettingsDialog } from './settings-dialog.tsx';

const SETTINGS_URL = '/api/declared-settings';

interface Settings {
  leadDays: number;
  countPlanned: boolean;
  limit: number;
}

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(
    <DeclaredSettingsDialog<Settings, Partial<Settings>>
      texts={{
        title: 'Налаштування',
        description: 'Для всіх',
        loading: 'Завантаження…',
        saved: 'Збережено',
        failed: 'Не вдалося зберегти',
        cancel: 'Скасувати',
        save: 'Зберегти',
      }}
      queryKey={[SETTINGS_URL]}
      fields={[
        { kind: 'whole', key: 'leadDays', label: 'Днів', hint: 'Від 0 до 365', max: 365, error: 'Від 0 до 365 днів' },
        { kind: 'switch', key: 'countPlanned', label: 'Враховувати заплановані', hint: 'Підказка' },
        { kind: 'whole', key: 'limit', label: 'Поріг', hint: 'До 1000', max: 1000, error: 'Від 0 до 1000' },
      ]}
      save={(patch) => apiRequest<Settings>('PATCH', SETTINGS_URL, patch)}
      onClose={onClose}
    />,
  );
  return { onClose };
}

const patches = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init!.body)));

describe('DeclaredSettingsDialog', () => {
  it('starts from the settings, names a wrong number and sends nothing, then sends only what changed', async () => {
    const fetchMock = stubFetch((_url, init) =>
      init.method === 'PATCH'
        ? jsonResponse({ leadDays: 10, countPlanned: true, limit: 5 })
        : jsonResponse({ leadDays: 7, countPlanned: false, limit: 5 }),
    );
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const days = (await screen.findByLabelText('Днів')) as HTMLInputElement;
    expect(days.value).toBe('7');
    expect((screen.getByLabelText('Поріг') as HTMLInputElement).value).toBe('5');
    expect(screen.getByRole('switch', { name: 'Враховувати заплановані' }).getAttribute('aria-checked')).toBe('false');

    await user.clear(days);
    await user.type(days, '366');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(screen.getByText('Від 0 до 365 днів')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(patches(fetchMock)).toEqual([]);

    await user.clear(days);
    await user.type(days, '10');
    await user.click(screen.getByRole('switch', { name: 'Враховувати заплановані' }));
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Збережено')).toBeTruthy();
    expect(patches(fetchMock)).toEqual([{ leadDays: 10, countPlanned: true }]);
    expect(Object.keys(patches(fetchMock)[0])).toEqual(['leadDays', 'countPlanned']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s field error under its number and stays open', async () => {
    stubFetch((_url, init) =>
      init.method === 'PATCH'
        ? jsonResponse({ error: 'Поріг завеликий', fields: { limit: 'Не більше 900' } }, 422)
        : jsonResponse({ leadDays: 7, countPlanned: false, limit: 5 }),
    );
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const limit = await screen.findByLabelText('Поріг');
    await user.clear(limit);
    await user.type(limit, '950');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Не більше 900')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Поріг завеликий');
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
