// The dialog of a record edited in one form, as a user meets it: the record loads (or its load fails with a retry),
// closing a changed form asks first in the module's words, a stale save offers the server's copy, and a reader's
// form has no 'Зберегти' and no 'Видалити'.
import { useEffect, useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Input } from '@/web/components/ui/input.tsx';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { RecordDialog, RecordFormFooter, useRecordDialog, type RecordFailure } from './record-dialog.tsx';

interface Thing {
  id: number;
  version: number;
  name: string;
}

const texts = {
  loading: 'Завантаження речі…',
  loadError: 'Не вдалося завантажити річ',
  retry: 'Спробувати ще раз',
  confirmClose: {
    title: 'Закрити без збереження?',
    description: 'Зміни речі буде втрачено.',
    confirm: 'Закрити',
    cancel: 'Повернутися',
  },
};
const footerTexts = {
  reload: 'Оновити річ',
  delete: 'Видалити',
  close: 'Закрити',
  save: 'Зберегти',
  saving: 'Збереження…',
  confirmDelete: {
    title: 'Видалити річ?',
    description: (name: string) => `Річ «${name}» буде видалено.`,
    confirm: 'Видалити',
    cancel: 'Скасувати',
  },
};

function ThingForm({
  thing,
  failure,
  readOnly,
  onDirtyChange,
  onReload,
  onClose,
}: {
  thing: Thing;
  failure: RecordFailure | null;
  readOnly: boolean;
  onDirtyChange: (dirty: boolean) => void;
  onReload: (() => void) | undefined;
  onClose: () => void;
}) {
  const [name, setName] = useState(thing.name);
  useEffect(() => onDirtyChange(name !== thing.name), [name, thing.name, onDirtyChange]);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <Input aria-label="Назва" value={name} onChange={(event) => setName(event.target.value)} />
      <RecordFormFooter
        failure={failure}
        onReload={onReload}
        remove={readOnly ? null : { name: thing.name, pending: false, run: () => Promise.resolve() }}
        readOnly={readOnly}
        busy={false}
        saving={false}
        texts={footerTexts}
        onClose={onClose}
      />
    </form>
  );
}

function ThingDialog({
  failure = null,
  readOnly = false,
  onClose,
}: {
  failure?: RecordFailure | null;
  readOnly?: boolean;
  onClose: () => void;
}) {
  const state = useRecordDialog<Thing>({
    id: 3,
    queryKey: ['/api/things/3'],
    get: async () => ({ id: 3, version: 2, name: 'Свіжа' }),
    isListQuery: () => false,
    reloadFailed: 'Не вдалося',
  });
  return (
    <RecordDialog
      state={state}
      texts={texts}
      title={state.record ? `Річ «${state.record.name}»` : 'Річ'}
      description="Опис"
      onClose={onClose}
    >
      {(requestClose) => (
        <ThingForm
          key={state.editorKey}
          thing={state.record!}
          failure={failure}
          readOnly={readOnly}
          onDirtyChange={state.setDirty}
          onReload={state.reload}
          onClose={requestClose}
        />
      )}
    </RecordDialog>
  );
}

describe('RecordDialog', () => {
  it('loads the record, and asks before a changed form is closed', async () => {
    stubFetch((url) =>
      url === '/api/things/3' ? jsonResponse({ id: 3, version: 1, name: 'Перша' }) : jsonResponse({}, 404),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ThingDialog onClose={onClose} />);
    expect(screen.getByText('Завантаження речі…', { selector: '[role="status"]' })).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Річ «Перша»' });

    await user.type(within(dialog).getByLabelText('Назва'), ' змінена');
    await user.click(within(dialog).getAllByRole('button', { name: 'Закрити' })[0]!);
    const ask = await screen.findByRole('alertdialog', { name: 'Закрити без збереження?' });
    await user.click(within(ask).getByRole('button', { name: 'Повернутися' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getAllByRole('button', { name: 'Закрити' })[0]!);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Закрити' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a load failure with a retry', async () => {
    let answer = jsonResponse({ error: 'Немає доступу' }, 500);
    stubFetch(() => answer);
    const user = userEvent.setup();
    renderWithProviders(<ThingDialog onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Не вдалося завантажити річ');
    answer = jsonResponse({ id: 3, version: 1, name: 'Перша' });
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByRole('dialog', { name: 'Річ «Перша»' })).toBeTruthy();
  });

  it("offers the server's copy after a stale save, and gives a reader no 'Зберегти' or 'Видалити'", async () => {
    stubFetch(() => jsonResponse({ id: 3, version: 1, name: 'Перша' }));
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(
      <ThingDialog failure={{ message: 'Річ уже змінили', stale: true }} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Річ «Перша»' });
    expect(within(dialog).getByRole('alert').textContent).toContain('Річ уже змінили');
    expect(within(dialog).getByRole('button', { name: 'Зберегти' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Оновити річ' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Річ «Свіжа»' })).toBeTruthy());
    unmount();

    renderWithProviders(<ThingDialog readOnly onClose={() => {}} />);
    const reader = await screen.findByRole('dialog', { name: 'Річ «Перша»' });
    expect(within(reader).queryByRole('button', { name: 'Зберегти' })).toBeNull();
    expect(within(reader).queryByRole('button', { name: 'Видалити' })).toBeNull();
  });
});
