// The file import dialog of the toolkit as a user meets it: the upload asks for a file first, sends the chosen one,
// shows a refused file's reason with each wrong row (or the default words when the server gave none), and then the
// result in place of the form; Esc closes it, except while the file is sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/web/components/ui/button.tsx';
import { ApiError } from '@/web/lib/api.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { FileImportDialog } from './file-import-dialog.tsx';

interface Result {
  names: string[];
}

function renderDialog(upload: (file: File) => Promise<Result>) {
  const onClose = vi.fn();
  const onUploaded = vi.fn();
  const onNext = vi.fn();
  renderWithProviders(
    <FileImportDialog
      texts={{ title: 'Імпорт речей', description: 'Файл CSV з речами', file: 'Файл речей' }}
      accept=".csv,text/csv"
      upload={upload}
      onUploaded={onUploaded}
      summary={(result) => `Створено речей: ${result.names.length}`}
      details={(result) => (
        <ul>
          {result.names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
      resultActions={
        <Button type="button" onClick={onNext}>
          Відкрити речі
        </Button>
      }
      onClose={onClose}
    />,
  );
  return { onClose, onUploaded, onNext, dialog: screen.getByRole('dialog', { name: 'Імпорт речей' }) };
}

const file = () => new File(['назва\nСтіл\n'], 'речі.csv', { type: 'text/csv' });

describe('FileImportDialog', () => {
  it('asks for a file, sends the chosen one and shows what it became', async () => {
    const upload = vi.fn(async (_file: File) => ({ names: ['Стіл', 'Стілець'] }));
    const { dialog, onUploaded, onNext, onClose } = renderDialog(upload);
    const user = userEvent.setup();
    const input = within(dialog).getByLabelText('Файл речей');
    expect(input.getAttribute('accept')).toBe('.csv,text/csv');

    await user.click(within(dialog).getByRole('button', { name: 'Імпортувати' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Оберіть файл');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(upload).not.toHaveBeenCalled();

    const chosen = file();
    await user.upload(input, chosen);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Імпортувати' }));

    expect((await within(dialog).findByRole('status')).textContent).toBe('Створено речей: 2');
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0]).toBe(chosen);
    expect(onUploaded).toHaveBeenCalledWith({ names: ['Стіл', 'Стілець'] });
    expect(within(dialog).getByText('Стілець')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Файл речей')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Відкрити речі' }));
    expect(onNext).toHaveBeenCalledTimes(1);
    // The footer's 'Закрити' comes before the dialog's corner cross, which has the same name.
    await user.click(within(dialog).getAllByRole('button', { name: 'Закрити' })[0]!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s reason with each wrong row, or its own words when there is none', async () => {
    const upload = vi
      .fn<(file: File) => Promise<Result>>()
      .mockRejectedValueOnce(
        new ApiError(400, 'Bad Request', {
          error: 'Файл не імпортовано: помилок — 2. Рядок 2: порожня назва. Рядок 5: повтор',
          fields: { 'rows.0': 'Рядок 2: порожня назва', 'rows.1': 'Рядок 5: повтор' },
        }),
      )
      .mockRejectedValueOnce(new Error('network'));
    const { dialog } = renderDialog(upload);
    const user = userEvent.setup();
    await user.upload(within(dialog).getByLabelText('Файл речей'), file());

    await user.click(within(dialog).getByRole('button', { name: 'Імпортувати' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Файл не імпортовано: помилок — 2')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Рядок 2: порожня назва', 'Рядок 5: повтор']);

    await user.click(within(dialog).getByRole('button', { name: 'Імпортувати' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Файл не імпортовано'));
    expect(within(dialog).getByLabelText('Файл речей')).toBeTruthy();
  });

  it('closes on Esc, but not while the file is sent', async () => {
    let answer: (result: Result) => void = () => {};
    const upload = vi.fn(() => new Promise<Result>((resolve) => (answer = resolve)));
    const { dialog, onClose } = renderDialog(upload);
    const user = userEvent.setup();
    await user.upload(within(dialog).getByLabelText('Файл речей'), file());
    await user.click(within(dialog).getByRole('button', { name: 'Імпортувати' }));

    const sending = await within(dialog).findByRole('button', { name: 'Імпорт…' });
    expect(sending.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Скасувати' }).hasAttribute('disabled')).toBe(true);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    answer({ names: [] });
    expect((await within(dialog).findByRole('status')).textContent).toBe('Створено речей: 0');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
