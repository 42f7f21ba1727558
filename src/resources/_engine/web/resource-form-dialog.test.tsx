import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defineResource } from '@/resources/_engine/define-resource.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ResourceFormDialog } from './resource-form-dialog.tsx';

// As a client's 'Документ фізичної особи' follows its type: a net weight only for weighed parcels.
const parcels = defineResource({
  route: '/parcels',
  title: 'Посилки',
  newLabel: 'Нова посилка',
  oneLabel: 'посилку',
  fields: [
    { name: 'name', label: 'Назва', kind: 'text', required: true, list: true },
    {
      name: 'type',
      label: 'Тип',
      kind: 'enum',
      required: true,
      options: [
        { value: 'count', label: 'Кількість' },
        { value: 'weight', label: 'Вага' },
      ],
    },
    {
      name: 'netWeight',
      label: 'Вага нетто',
      kind: 'decimal',
      scale: 3,
      shownWhen: { field: 'type', values: ['weight'] },
    },
  ],
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['name'],
  hasActiveFlag: false,
});

describe('ResourceFormDialog', () => {
  it('shows a field with shownWhen only while its controlling field holds one of the values', async () => {
    stubFetch(() => jsonResponse({ error: 'Не знайдено' }, 404));
    const user = userEvent.setup();
    renderWithProviders(<ResourceFormDialog def={parcels} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Нова посилка' });
    expect(within(dialog).queryByRole('textbox', { name: 'Вага нетто' })).toBeNull();

    await user.click(within(dialog).getByRole('combobox', { name: 'Тип' }));
    await user.click(await screen.findByRole('option', { name: 'Вага' }));
    expect(within(dialog).getByRole('textbox', { name: 'Вага нетто' })).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox', { name: 'Тип' }));
    await user.click(await screen.findByRole('option', { name: 'Кількість' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Вага нетто' })).toBeNull();
  });
});
