import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CommerceMlResult } from '@/modules/items/items.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { CommerceMlButton, readText } from './commerceml-dialog.tsx';

const catalog = new File(
  ['<КоммерческаяИнформация><Каталог><Товары/></Каталог></КоммерческаяИнформация>'],
  'import.xml',
  {
    type: 'text/xml',
  },
);
const offers = new File(['<КоммерческаяИнформация><ПакетПредложений/></КоммерческаяИнформация>'], 'offers.xml', {
  type: 'text/xml',
});

const result = (over: Partial<CommerceMlResult>): CommerceMlResult => ({
  dryRun: true,
  committed: false,
  counts: { new: 1, update: 0, error: 0 },
  rows: [{ entity: 'product', externalId: 'a1', name: 'Блок живлення', status: 'new', messages: [] }],
  ...over,
});

describe('CommerceMlButton', () => {
  it('dry-runs import.xml before offers.xml, lets prices wait for the goods, then commits both in that order', async () => {
    const calls: string[] = [];
    stubFetch(async (url, init) => {
      const body = await readText(init.body as Blob);
      const file = body.includes('<Каталог') ? 'import' : 'offers';
      const dry = url.includes('dryRun=1');
      calls.push(`${file}:${dry ? 'dry' : 'commit'}`);
      expect((init.body as Blob).type).toBe('application/xml');
      if (file === 'offers' && dry) {
        return jsonResponse(
          result({
            counts: { new: 0, update: 0, error: 1 },
            rows: [
              {
                entity: 'offer',
                externalId: 'a1',
                name: 'a1',
                status: 'error',
                messages: ['Товар з таким Ид не знайдено — спершу імпортуйте import.xml'],
              },
            ],
          }),
        );
      }
      return jsonResponse(result({ dryRun: dry, committed: !dry }));
    });
    const user = userEvent.setup();
    renderWithProviders(<CommerceMlButton />);
    await user.click(screen.getByRole('button', { name: 'Імпорт з BAS' }));
    await user.upload(screen.getByLabelText('Файли XML'), [offers, catalog]);

    const dialog = screen.getByRole('dialog');
    await within(dialog).findByRole('region', { name: 'offers.xml' });
    expect(calls).toEqual(['import:dry', 'offers:dry']);
    expect(within(dialog).getByText('Товар з таким Ид не знайдено — спершу імпортуйте import.xml')).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Імпортувати' });
    expect(submit.hasAttribute('disabled')).toBe(false);
    await user.click(submit);
    await waitFor(() => expect(calls).toEqual(['import:dry', 'offers:dry', 'import:commit', 'offers:commit']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not commit a lone file with errors and says what to do', async () => {
    stubFetch(() =>
      jsonResponse(
        result({
          counts: { new: 0, update: 0, error: 1 },
          rows: [
            {
              entity: 'product',
              externalId: 'a2',
              name: 'Без артикула',
              status: 'error',
              messages: ['Немає артикула'],
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<CommerceMlButton />);
    await user.click(screen.getByRole('button', { name: 'Імпорт з BAS' }));
    await user.upload(screen.getByLabelText('Файли XML'), catalog);
    await screen.findByText('Немає артикула');
    expect(
      screen.getByText('Виправте помилки у файлі й завантажте його знову: імпорт відбувається лише цілком.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Імпортувати' }).hasAttribute('disabled')).toBe(true);
  });
});
