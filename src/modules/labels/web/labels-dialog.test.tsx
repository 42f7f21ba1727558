import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { LabelsDialog } from './labels-dialog.tsx';

const lampData = {
  itemId: 12,
  name: 'Лампа настільна',
  sku: 'LAMP-1',
  barcode: { symbology: 'ean13', text: '4006381333931' },
  priceWithVat: '300.00',
};
const cableData = {
  itemId: 3,
  name: 'Кабель USB-C',
  sku: 'CAB-USBC',
  barcode: { symbology: 'code128', text: 'CAB-USBC' },
  priceWithVat: null,
};

function stubApi(renderAnswer: () => Response = () => new Response(new Blob(['%PDF-1.3']), { status: 200 })) {
  return stubFetch((url, init) => {
    if (url.startsWith('/api/labels/items?')) {
      const ids = new URL(url, 'http://x').searchParams.get('ids')!.split(',').map(Number);
      const all = [lampData, cableData];
      return jsonResponse({ companyName: 'Техноприлад', items: ids.map((id) => all.find((d) => d.itemId === id)) });
    }
    if (url.startsWith('/api/lookups/products')) return jsonResponse([{ id: 3, label: 'Кабель USB-C' }]);
    if (url === '/api/labels/render' && init.method === 'POST') return renderAnswer();
    return jsonResponse({ error: `unexpected ${url}` }, 500);
  });
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

function stubWindow() {
  const tab = { location: { href: '' }, close: vi.fn() };
  const open = vi.fn(() => tab as unknown as Window);
  vi.stubGlobal('open', open);
  URL.createObjectURL = vi.fn(() => 'blob:labels-1');
  URL.revokeObjectURL = vi.fn();
  return { tab, open };
}

describe('LabelsDialog', () => {
  it('previews the label with its EAN-13, then prints the copies and template chosen into a new tab', async () => {
    const fetchMock = stubApi();
    const { tab, open } = stubWindow();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <LabelsDialog
        open
        onOpenChange={onOpenChange}
        items={[{ itemId: 12, name: 'Лампа настільна', sku: 'LAMP-1' }]}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Друк етикеток' });
    const preview = await within(dialog).findByTestId('label-preview');
    expect(within(preview).getByText('Техноприлад')).toBeTruthy();
    const svg = within(preview).getByRole('img', { name: 'EAN-13: 4006381333931' });
    // 30 bars in an EAN-13: 3 guards of 2, 1 centre guard of 2, 12 digits of 2 bars each.
    expect(svg.querySelectorAll('rect')).toHaveLength(30);
    expect(within(preview).queryByText('300,00 грн')).toBeNull();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Показувати ціну' }));
    expect(within(preview).getByText('300,00 грн')).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox', { name: 'Шаблон' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '58×40 мм',
      '40×25 мм',
      '100×150 мм (посилка)',
      'A4, 3×8 (70×37 мм)',
    ]);
    await user.click(screen.getByRole('option', { name: 'A4, 3×8 (70×37 мм)' }));

    const copies = within(dialog).getByRole('textbox', { name: 'Копій: Лампа настільна' });
    await user.clear(copies);
    await user.type(copies, '3');
    expect(within(dialog).getByText('Усього етикеток: 3')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Друкувати' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/labels/render')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      template: 'a4-3x8',
      showPrice: true,
      items: [{ itemId: 12, copies: 3 }],
    });
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('blob:labels-1');
  });

  it('refuses copies outside 1…500 in Ukrainian and holds the print', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(
      <LabelsDialog open onOpenChange={() => {}} items={[{ itemId: 12, name: 'Лампа настільна', sku: 'LAMP-1' }]} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Друк етикеток' });
    const copies = within(dialog).getByRole('textbox', { name: 'Копій: Лампа настільна' });
    for (const bad of ['0', '501', '2,5']) {
      await user.clear(copies);
      await user.type(copies, bad);
      expect(within(dialog).getByRole('alert').textContent).toBe('Кількість копій — ціле число від 1 до 500');
      expect(within(dialog).getByRole('button', { name: 'Друкувати' })).toHaveProperty('disabled', true);
    }
  });

  it('lets the user pick items when opened empty, shows Code 128 for an item without EAN, and the server refusal', async () => {
    stubApi(() => jsonResponse({ error: 'Забагато етикеток (2500) — не більше 2000 за раз' }, 400));
    const { tab } = stubWindow();
    const user = userEvent.setup();
    renderWithProviders(<LabelsDialog open onOpenChange={() => {}} items={[]} />);
    const dialog = await screen.findByRole('dialog', { name: 'Друк етикеток' });
    expect(within(dialog).getByText('Додайте товари, для яких потрібні етикетки')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Друкувати' })).toHaveProperty('disabled', true);

    await user.click(within(dialog).getByRole('combobox', { name: 'Додати товар' }));
    await user.click(await screen.findByRole('option', { name: 'Кабель USB-C' }));
    const preview = await within(dialog).findByTestId('label-preview');
    expect(within(preview).getByRole('img', { name: 'Code 128: CAB-USBC' })).toBeTruthy();
    expect(within(dialog).getByText('CAB-USBC', { selector: 'p' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Друкувати' }));
    expect(await within(dialog).findByText('Забагато етикеток (2500) — не більше 2000 за раз')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Прибрати «Кабель USB-C»' }));
    expect(within(dialog).getByText('Додайте товари, для яких потрібні етикетки')).toBeTruthy();
  });
});
