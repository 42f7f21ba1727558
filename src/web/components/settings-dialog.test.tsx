// The settings dialog of the toolkit as a user meets it: the settings load (or fail to, with a retry), a wrong field
// keeps the dialog open, an unchanged form closes without a request, a save sends the change, refreshes what it
// changes and says so, and a refused save shows the server's reason and its field errors.
import { useId, useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/web/lib/api.ts';
import { deferred, jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import {
  SettingsDialog,
  SettingsForm,
  SettingsNumberField,
  SettingsSecretField,
  SettingsSwitch,
  SettingsTextField,
  type SettingsDialogTexts,
  type SettingsSubmit,
} from './settings-dialog.tsx';

const SETTINGS_URL = '/api/test-settings';
const queryKey = [SETTINGS_URL];

interface Settings {
  enabled: boolean;
  days: number;
}
type Patch = Partial<Settings>;

const texts: SettingsDialogTexts = {
  title: 'Налаштування тесту',
  description: 'Діють для всіх тестів',
  loading: 'Завантаження налаштувань…',
  loadError: 'Не вдалося завантажити налаштування',
  retry: 'Повторити',
  saved: 'Налаштування збережено',
  failed: 'Не вдалося зберегти налаштування',
  cancel: 'Скасувати',
  save: 'Зберегти',
};

function Fields({ settings, submitOnEnter }: { settings: Settings; submitOnEnter?: boolean }) {
  const id = useId();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [days, setDays] = useState(String(settings.days));
  const [error, setError] = useState<string | undefined>();

  function submit(): SettingsSubmit<Patch> {
    setError(undefined);
    if (days.trim() === '') return 'Заповніть форму';
    if (!/^\d+$/.test(days.trim())) {
      setError('Ціле число днів');
      return null;
    }
    const patch: Patch = {};
    if (enabled !== settings.enabled) patch.enabled = enabled;
    if (Number(days) !== settings.days) patch.days = Number(days);
    return patch;
  }

  return (
    <SettingsForm
      save={(patch: Patch) => apiRequest<Settings>('PATCH', SETTINGS_URL, patch)}
      submit={submit}
      invalidates={(query) => query.queryKey[0] === '/api/test-rows'}
      fieldErrors={{ days: setError }}
      submitOnEnter={submitOnEnter}
    >
      <SettingsSwitch
        id={`${id}-enabled`}
        label="Увімкнено"
        hint="Підказка перемикача"
        checked={enabled}
        onCheckedChange={setEnabled}
      />
      <SettingsNumberField
        id={`${id}-days`}
        label="Днів"
        hint="Підказка поля"
        error={error}
        value={days}
        onChange={setDays}
      />
    </SettingsForm>
  );
}

function renderDialog({
  onClose = vi.fn(),
  dialogTexts = texts,
  submitOnEnter,
}: { onClose?: () => void; dialogTexts?: SettingsDialogTexts; submitOnEnter?: boolean } = {}) {
  const result = renderWithProviders(
    <SettingsDialog<Settings> texts={dialogTexts} queryKey={queryKey} onClose={onClose}>
      {(settings) => <Fields settings={settings} submitOnEnter={submitOnEnter} />}
    </SettingsDialog>,
  );
  return { ...result, onClose };
}

const patches = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init!.body)));

describe('SettingsDialog', () => {
  it('shows that the settings load, then the fields with their values', async () => {
    const answer = deferred<Response>();
    stubFetch(() => answer.promise);
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Налаштування тесту' });
    expect(within(dialog).getByText('Діють для всіх тестів')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe('Завантаження налаштувань…');
    answer.resolve(jsonResponse({ enabled: false, days: 7 }));
    const days = (await within(dialog).findByLabelText('Днів')) as HTMLInputElement;
    expect(days.value).toBe('7');
    expect(days.getAttribute('aria-describedby')).toBe(`${days.id}-message`);
    const enabled = within(dialog).getByRole('switch', { name: 'Увімкнено' });
    expect(enabled.getAttribute('aria-checked')).toBe('false');
    expect(document.getElementById(enabled.getAttribute('aria-describedby')!)?.textContent).toBe('Підказка перемикача');
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('says the settings did not load, with the server’s reason, and loads them again on retry', async () => {
    let fail = true;
    stubFetch(() =>
      fail ? jsonResponse({ error: 'Немає зв’язку з базою' }, 503) : jsonResponse({ enabled: true, days: 3 }),
    );
    const user = userEvent.setup();
    renderDialog();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Не вдалося завантажити налаштування: Немає зв’язку з базою',
    );
    expect(screen.queryByLabelText('Днів')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторити' }));
    expect(((await screen.findByLabelText('Днів')) as HTMLInputElement).value).toBe('3');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without a load error text shows the server’s reason, or the failure text, as the error line', async () => {
    stubFetch(() => jsonResponse({}, 500));
    renderDialog({ dialogTexts: { ...texts, loadError: undefined, retry: undefined } });
    expect((await screen.findByRole('alert')).textContent).toBe('Не вдалося зберегти налаштування');
    expect(screen.queryByRole('button', { name: 'Повторити' })).toBeNull();
  });

  it('saves only what changed: the button waits, the answer is cached, what it changes goes stale, closed', async () => {
    const saving = deferred<Response>();
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/test-rows' || url === '/api/other') return jsonResponse([]);
      if (init.method === 'PATCH') return saving.promise;
      return jsonResponse({ enabled: false, days: 7 });
    });
    const user = userEvent.setup();
    const { onClose, queryClient } = renderDialog();
    await queryClient.fetchQuery({ queryKey: ['/api/test-rows'] });
    await queryClient.fetchQuery({ queryKey: ['/api/other'] });
    await user.click(await screen.findByRole('switch', { name: 'Увімкнено' }));
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(patches(fetchMock)).toEqual([{ enabled: true }]);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Зберегти' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((screen.getByRole('button', { name: 'Скасувати' }) as HTMLButtonElement).disabled).toBe(true);
    expect(onClose).not.toHaveBeenCalled();

    saving.resolve(jsonResponse({ enabled: true, days: 7 }));
    expect(await screen.findByText('Налаштування збережено')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(queryKey)).toEqual({ enabled: true, days: 7 });
    // The rows the settings change are stale now (a list on the page reads them again).
    expect(queryClient.getQueryState(['/api/test-rows'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/other'])?.isInvalidated).toBe(false);
  });

  it('closes an unchanged form without a request, and keeps a wrong one open', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ enabled: false, days: 7 }));
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const days = await screen.findByLabelText('Днів');

    await user.clear(days);
    await user.type(days, '2,5');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(screen.getByText('Ціле число днів')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');

    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(screen.getByRole('alert').textContent).toBe('Заповніть форму');

    await user.type(days, '7');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(patches(fetchMock)).toEqual([]);
  });

  it('shows the server’s reason for a refused save and its field error, and stays open', async () => {
    let answer = jsonResponse({ error: 'Забагато днів', fields: { days: 'Не більше 365' } }, 422);
    stubFetch((_url, init) => (init.method === 'PATCH' ? answer : jsonResponse({ enabled: false, days: 7 })));
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const days = await screen.findByLabelText('Днів');
    await user.clear(days);
    await user.type(days, '400');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));

    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Забагато днів'),
    );
    expect(screen.getByText('Не більше 365').id).toBe(days.getAttribute('aria-describedby'));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Зберегти' }) as HTMLButtonElement).disabled).toBe(false);

    // No reason from the server: the dialog's own words.
    answer = jsonResponse({}, 500);
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Не вдалося зберегти налаштування',
      ),
    );
    expect(screen.queryByText('Забагато днів')).toBeNull();
    expect(screen.queryByText('Налаштування збережено')).toBeNull();
  });

  it('saves on Enter in a field only when the form allows it', async () => {
    const fetchMock = stubFetch((_url, init) =>
      jsonResponse(init.method === 'PATCH' ? { enabled: false, days: 9 } : { enabled: false, days: 7 }),
    );
    const user = userEvent.setup();
    const { onClose } = renderDialog({ submitOnEnter: false });
    const days = await screen.findByLabelText('Днів');
    await user.clear(days);
    await user.type(days, '9{Enter}');
    expect(patches(fetchMock)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches(fetchMock)).toEqual([{ days: 9 }]);
  });

  it('is a part of the dialog: a form alone says so', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      renderWithProviders(
        <SettingsForm save={async () => ({})} submit={() => ({})}>
          <span />
        </SettingsForm>,
      ),
    ).toThrow('SettingsForm is rendered by the children of a SettingsDialog');
  });
});

describe('SettingsTextField and SettingsSecretField', () => {
  function Fields({ saved }: { saved: boolean }) {
    const [user, setUser] = useState('buh');
    const [password, setPassword] = useState('');
    return (
      <>
        <SettingsTextField id="user" label="Користувач" autoComplete="off" value={user} onChange={setUser} />
        <SettingsSecretField
          id="password"
          label="Пароль"
          value={password}
          saved={saved}
          placeholders={{ saved: 'Збережено — залиште порожнім', none: 'Не задано' }}
          onChange={setPassword}
        />
        <output>{`${user}|${password}`}</output>
      </>
    );
  }

  it('labels its inputs, types into them, and never shows a saved password — only that one is saved', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Fields saved />);
    const name = screen.getByLabelText('Користувач') as HTMLInputElement;
    const secret = screen.getByLabelText('Пароль') as HTMLInputElement;
    expect([name.value, name.autocomplete]).toEqual(['buh', 'off']);
    expect([secret.type, secret.value, secret.autocomplete, secret.placeholder]).toEqual([
      'password',
      '',
      'new-password',
      'Збережено — залиште порожнім',
    ]);
    await user.clear(name);
    await user.type(name, 'касир');
    await user.type(secret, 's3cret');
    expect(screen.getByRole('status').textContent).toBe('касир|s3cret');
    unmount();
    renderWithProviders(<Fields saved={false} />);
    expect((screen.getByLabelText('Пароль') as HTMLInputElement).placeholder).toBe('Не задано');
  });
});
