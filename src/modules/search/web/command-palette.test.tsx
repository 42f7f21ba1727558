// The command palette (issue 21): Ctrl+K opens it, the typing is searched once after a pause, the answer shows its
// groups under their Ukrainian titles, the arrows move, Enter opens the record's page, Esc closes; the states say
// what is happening; the header's button opens it too.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '@/web/lib/navigation.ts';
import { deferred, jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import type { SearchResult } from '../search.contract.ts';
import { CommandPalette } from './command-palette.tsx';

const answer: SearchResult = {
  groups: [
    {
      key: 'orders',
      hits: [{ id: 42, title: 'ORD-2026-00042', detail: '10.11.2026 · Техноцентр', url: '/orders?open=42' }],
    },
    {
      key: 'clients',
      hits: [
        { id: 7, title: 'Техноцентр', detail: '12345678', url: '/clients?search=%D0%A2' },
        { id: 8, title: 'Технопарк', detail: null, url: '/clients?search=%D0%A3' },
      ],
    },
  ],
};

function setup(handler: (url: string) => Response | Promise<Response> = () => jsonResponse(answer)) {
  const fetchMock = stubFetch(async (url) => handler(url));
  const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
  const user = userEvent.setup();
  renderWithProviders(<CommandPalette />);
  const searchCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/api/search'));
  return { user, assign, searchCalls };
}

const box = () => screen.getByRole('combobox', { name: 'Що шукати' });
const active = () => screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true');

describe('CommandPalette', () => {
  it('opens on Ctrl+K, searches the pause-ended typing once, moves with the arrows and opens the hit on Enter', async () => {
    const { user, assign, searchCalls } = setup();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.keyboard('{Control>}k{/Control}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(box()).toBe(document.activeElement);
    expect(
      screen.getByText('Почніть вводити — знайдемо документи, контрагентів, товари й серійні номери'),
    ).toBeTruthy();

    await user.type(box(), 'техно');
    const listbox = await screen.findByRole('listbox', { name: 'Знайдене' });
    // One request for the whole word, not one per letter.
    expect(searchCalls()).toEqual(['/api/search?q=%D1%82%D0%B5%D1%85%D0%BD%D0%BE']);
    expect(within(listbox).getByRole('group', { name: 'Замовлення клієнтів' })).toBeTruthy();
    const clients = within(listbox).getByRole('group', { name: 'Клієнти' });
    expect(
      within(clients)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Техноцентр12345678', 'Технопарк']);

    expect(active()?.textContent).toBe('ORD-2026-0004210.11.2026 · Техноцентр');
    expect(box().getAttribute('aria-activedescendant')).toBe(active()?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()?.textContent).toBe('Технопарк');
    await user.keyboard('{ArrowDown}');
    expect(active()?.textContent).toContain('ORD-2026-00042');
    await user.keyboard('{ArrowUp}');
    expect(active()?.textContent).toBe('Технопарк');

    await user.keyboard('{Enter}');
    expect(assign).toHaveBeenCalledWith('/clients?search=%D0%A3');
  });

  it('opens with Cmd+K and with Ctrl+K on a Ukrainian layout, not with a plain K, and Esc closes it', async () => {
    const { user } = setup();
    await user.keyboard('k');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(window, { key: 'л', code: 'KeyK', ctrlKey: true });
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.keyboard('{Meta>}k{/Meta}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is opened by the header button and says loading, then nothing found', async () => {
    const pending = deferred<Response>();
    const { user, assign } = setup(() => pending.promise);
    await user.click(screen.getByRole('button', { name: 'Пошук' }));
    await user.type(box(), 'жодного');
    expect(await screen.findByText('Пошук…')).toBeTruthy();
    pending.resolve(jsonResponse({ groups: [] }));
    expect(await screen.findByText('Нічого не знайдено')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(assign).not.toHaveBeenCalled();
  });

  it('says when the search failed', async () => {
    const { user } = setup(() => jsonResponse({ error: 'Внутрішня помилка сервера' }, 500));
    await user.keyboard('{Control>}k{/Control}');
    await user.type(box(), 'ORD');
    expect(await screen.findByText('Не вдалося виконати пошук. Спробуйте ще раз.')).toBeTruthy();
  });

  it('searches at once on Enter when the typing has not paused yet, and opens the hit on the next Enter', async () => {
    const { user, assign, searchCalls } = setup();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(box(), 'ORD-2026-00042{Enter}');
    await screen.findByRole('listbox', { name: 'Знайдене' });
    expect(searchCalls()).toEqual(['/api/search?q=ORD-2026-00042']);
    expect(assign).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(assign).toHaveBeenCalledWith('/orders?open=42');
  });
});
