// ReferenceFilter: the list filter by a referenced record keeps the picked record's label, names a record that came
// by link from its lookup by id, and shows 'Усі' again when the page resets the filter.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ReferenceFilter, ReferencePicker } from './reference-picker.tsx';

const suppliers = [
  { id: 3, label: 'Техноприлад' },
  { id: 7, label: 'Імрад' },
];

function Page({ initial }: { initial: number | null }) {
  const [supplierId, setSupplierId] = useState<number | null>(initial);
  return (
    <div>
      <ReferenceFilter
        route="/suppliers"
        label="Постачальник"
        value={supplierId}
        allLabel="Усі"
        onChange={setSupplierId}
      />
      <output aria-label="Фільтр">{supplierId ?? '—'}</output>
      <button type="button" onClick={() => setSupplierId(null)}>
        Скинути
      </button>
    </div>
  );
}

function stubLookups() {
  return stubFetch((url) => {
    const ids = new URL(url, 'http://x').searchParams.get('ids');
    if (ids) return jsonResponse(suppliers.filter((s) => String(s.id) === ids));
    return jsonResponse(suppliers);
  });
}

describe('ReferenceFilter', () => {
  it('shows the picked record, and Усі after a reset, without a second lookup', async () => {
    const fetchMock = stubLookups();
    const user = userEvent.setup();
    renderWithProviders(<Page initial={null} />);
    const filter = screen.getByRole('combobox', { name: 'Постачальник' });
    expect(filter.textContent).toBe('Постачальник: Усі');
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Імрад' }));
    expect(screen.getByRole('status', { name: 'Фільтр' }).textContent).toBe('7');
    expect(filter.textContent).toBe('Постачальник: Імрад');
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('ids='))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Скинути' }));
    expect(filter.textContent).toBe('Постачальник: Усі');
  });

  it('names a record given by a link from its lookup by id', async () => {
    const fetchMock = stubLookups();
    renderWithProviders(<Page initial={3} />);
    const filter = screen.getByRole('combobox', { name: 'Постачальник' });
    await waitFor(() => expect(filter.textContent).toBe('Постачальник: Техноприлад'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/lookups/suppliers?ids=3']);
  });
});

describe('ReferencePicker — the SKU beside an item', () => {
  it('shows the hint the lookup gives, keeps the option named by the record, and picks the name alone', async () => {
    stubFetch(() =>
      jsonResponse([
        { id: 12, label: 'Конденсатор 100 нФ 0603', hint: 'C-0603-100N' },
        { id: 13, label: 'Конденсатор 100 нФ 0805', hint: null },
      ]),
    );
    const picked: Array<[number | null, string | null]> = [];
    const user = userEvent.setup();
    renderWithProviders(
      <ReferencePicker
        route="/components"
        value={null}
        valueLabel={null}
        aria-label="Позиція"
        onChange={(id, label) => picked.push([id, label])}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Позиція' }));
    const option = await screen.findByRole('option', { name: 'Конденсатор 100 нФ 0603' });
    expect(option.textContent).toBe('Конденсатор 100 нФ 0603C-0603-100N');
    expect(screen.getByRole('option', { name: 'Конденсатор 100 нФ 0805' }).textContent).toBe('Конденсатор 100 нФ 0805');
    await user.click(option);
    expect(picked).toEqual([[12, 'Конденсатор 100 нФ 0603']]);
  });
});
