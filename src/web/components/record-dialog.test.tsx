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
import { ApiError } from '@/web/lib/api.ts';
import {
  issuesToFields,
  RecordDialog,
  recordDialogTitle,
  RecordForm,
  RecordFormFooter,
  recordRemoval,
  StatusSelect,
  useRecordDialog,
  useRecordFields,
  useRecordSave,
  type RecordFailure,
} from './record-dialog.tsx';

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

/** A form built of the toolkit's fields: a required name, a status, the save that places field errors. */
function FieldsForm({ save, onSaved }: { save: (body: { name: string }) => Promise<Thing>; onSaved: () => void }) {
  const [name, setName] = useState('');
  const [status, setStatus] = useState<'active' | 'archived'>('archived');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<RecordFailure | null>(null);
  const { aria, field } = useRecordFields(errors, "Обов'язкове поле");
  const mutation = useRecordSave({
    save,
    editing: true,
    versionMessage: 'Річ уже змінили',
    texts: { saved: 'Збережено', created: 'Створено', saveFailed: 'Не вдалося зберегти' },
    setFailure,
    onFields: (fields) => {
      setErrors(fields);
      return true;
    },
    onSaved,
  });
  return (
    <RecordForm readOnly={false} onSubmit={() => mutation.mutate({ name })}>
      {field(
        'name',
        'Назва',
        <Input {...aria('name', true)} value={name} onChange={(event) => setName(event.target.value)} />,
        { required: true, hint: 'Як на етикетці' },
      )}
      {field(
        'status',
        'Статус',
        <StatusSelect
          statuses={['active', 'archived'] as const}
          labels={{ active: 'Активна', archived: 'Архівна' }}
          value={status}
          disabled={false}
          onChange={setStatus}
          trigger={aria('status')}
        />,
      )}
      {failure ? <p role="alert">{failure.stale ? `${failure.message} (оновіть)` : failure.message}</p> : null}
      <button type="submit">Зберегти</button>
    </RecordForm>
  );
}

describe("a record form's fields and save", () => {
  it('labels the fields, places field errors by them, and tells a stale version on the failure line', async () => {
    let answer: () => Promise<Thing> = () =>
      Promise.reject(new ApiError(422, 'Bad', { error: 'Перевірте поля', fields: { name: 'Вкажіть назву' } }));
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<FieldsForm save={() => answer()} onSaved={onSaved} />);
    const name = screen.getByRole('textbox', { name: 'Назва' });
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('Як на етикетці')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Статус' }).textContent).toContain('Архівна');

    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Вкажіть назву')).toBeTruthy();
    expect(screen.queryByText('Перевірте поля')).toBeNull();

    answer = () => Promise.reject(new ApiError(409, 'Conflict', { error: 'Річ уже змінили' }));
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Річ уже змінили (оновіть)')).toBeTruthy();

    answer = () => Promise.resolve({ id: 3, version: 2, name: 'Перша' });
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Річ уже змінили (оновіть)')).toBeNull();
  });

  it("names the dialog, offers 'Видалити' only for a saved record to who may change it, and maps issues", () => {
    const titles = { title: (name: string) => `Річ «${name}»`, untitled: 'Без назви', createTitle: 'Нова річ' };
    expect(recordDialogTitle({ name: 'Перша' }, 3, titles)).toBe('Річ «Перша»');
    expect(recordDialogTitle(undefined, 3, titles)).toBe('Без назви');
    expect(recordDialogTitle(undefined, undefined, titles)).toBe('Нова річ');

    const action = { isPending: false, mutateAsync: vi.fn(() => Promise.resolve(null)) };
    expect(recordRemoval(undefined, true, action)).toBeNull();
    expect(recordRemoval({ name: 'Перша' }, false, action)).toBeNull();
    const removal = recordRemoval({ name: 'Перша' }, true, action);
    expect(removal?.name).toBe('Перша');
    void removal?.run();
    expect(action.mutateAsync).toHaveBeenCalledWith('delete');

    expect(
      issuesToFields([
        { path: ['operations', 2, 'name'], message: 'Вкажіть назву' },
        { path: ['operations', 2, 'name'], message: 'Друге' },
        { path: [], message: 'Загальна' },
      ]),
    ).toEqual({ 'operations.2.name': 'Вкажіть назву', _: 'Загальна' });
  });
});
