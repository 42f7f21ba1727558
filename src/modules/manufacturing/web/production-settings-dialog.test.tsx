import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ProductionSettingsDialog } from './production-settings-dialog.tsx';

const PRODUCTION_SETTINGS_URL = '/api/manufacturing-orders/settings';

const current = {
  backflush: true,
  autoOutputOnLastOperation: true,
  requireBadge: false,
  hoursPerDay: 8,
  refuseStartWhenShort: false,
  holidays: ['2026-12-25'],
  plannedUtilisation: '0.85',
};

function stub() {
  const patches: unknown[] = [];
  stubFetch((url, init) => {
    if (url.startsWith(PRODUCTION_SETTINGS_URL)) {
      if (init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        patches.push(body);
        return jsonResponse({ ...current, ...body });
      }
      return jsonResponse(current);
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
  return patches;
}

describe('ProductionSettingsDialog', () => {
  it('sends only what changed and closes', async () => {
    const patches = stub();
    const onClose = vi.fn();
    renderWithProviders(<ProductionSettingsDialog onClose={onClose} />);
    const badge = await screen.findByRole('switch', { name: 'Вхід на терміналі лише за бейджем' });
    expect(badge.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(badge);
    const hours = screen.getByLabelText('Робочих годин на день');
    await userEvent.clear(hours);
    await userEvent.type(hours, '7,5');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches).toEqual([{ requireBadge: true, hoursPerDay: 7.5 }]);
  });

  it('says what is wrong with the hours and sends nothing', async () => {
    const patches = stub();
    renderWithProviders(<ProductionSettingsDialog onClose={() => undefined} />);
    const hours = await screen.findByLabelText('Робочих годин на день');
    await userEvent.clear(hours);
    await userEvent.type(hours, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect((await screen.findByText('Від 1 до 24 годин, кратно пів години')).textContent).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('edits the holidays one date a line as дд.мм.рррр and sends them as dates', async () => {
    const patches = stub();
    const onClose = vi.fn();
    renderWithProviders(<ProductionSettingsDialog onClose={onClose} />);
    const field = await screen.findByLabelText('Святкові та неробочі дні');
    expect((field as HTMLTextAreaElement).value).toBe('25.12.2026');
    await userEvent.type(field, '{enter}{enter}1.1.2027{enter}30.02.2027');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect((await screen.findByText('Рядок 4: вкажіть дату у форматі дд.мм.рррр')).textContent).toBeTruthy();
    expect(patches).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '07.01.2027{enter}01.01.2027{enter}25.12.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches).toEqual([{ holidays: ['2026-12-25', '2027-01-01', '2027-01-07'] }]);
  });

  it('edits the planned utilisation as a whole percent and sends it as an exact share', async () => {
    const patches = stub();
    const onClose = vi.fn();
    renderWithProviders(<ProductionSettingsDialog onClose={onClose} />);
    const field = await screen.findByLabelText('Планове використання робочого часу, %');
    expect((field as HTMLInputElement).value).toBe('85');
    await userEvent.clear(field);
    await userEvent.type(field, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect((await screen.findByText('Ціле число від 10 до 100')).textContent).toBeTruthy();
    expect(patches).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches).toEqual([{ plannedUtilisation: '0.90' }]);
  });
});
