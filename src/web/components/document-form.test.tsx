// The document toolkit's form side as a user meets it, on a small document of item lines: the lines editor (empty,
// add, remove, the limit), a quantity left empty named as missing, the server's field errors under their inputs, a
// picked item dropping what was known of the one before; and the rules behind them (what a PATCH sends, a stale
// version's failure).
import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from '@/shared/zod-uk.ts';
import { ApiError } from '@/web/lib/api.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import {
  applyFieldErrors,
  changedFields,
  documentResolver,
  emptyItemLine,
  failureOf,
  itemLineOf,
  useDocumentLine,
  useDocumentLines,
  type ItemLineBase,
} from './document-form.ts';
import { DeleteDraftDialog } from './document-dialog.tsx';
import {
  DocumentLineRow,
  DocumentLinesEditor,
  LineDecimalInput,
  LineItemField,
  RemoveLineButton,
  LineField,
} from './document-lines.tsx';

const schema = z.object({
  note: z.string(),
  lines: z
    .array(z.object({ itemId: z.number().int().positive('Оберіть позицію'), qty: z.string().regex(/^\d+$/, 'Число') }))
    .min(1, 'Додайте хоча б один рядок'),
});
type Body = z.output<typeof schema>;
interface Values {
  note: string;
  lines: (ItemLineBase & { price: string | null })[];
}
const toInput = (values: Values) => ({
  note: values.note,
  lines: values.lines.map((line) => ({ itemId: line.itemId ?? 0, qty: line.qty })),
});
const resolver = documentResolver<Values, ReturnType<typeof toInput>, Body>(zodResolver(schema), toInput, {
  required: 'Обовʼязково',
  lines: ['qty'],
});

function Lines({ form, max }: { form: UseFormReturn<Values, unknown, Body>; max: number }) {
  const lines = useDocumentLines(form, () => ({ ...emptyItemLine(), price: null }));
  return (
    <DocumentLinesEditor
      formId="doc"
      lines={lines}
      max={max}
      grid="sm:grid-cols-[1fr_6rem_2.5rem]"
      columns={[{ label: 'Позиція' }, { label: 'Кількість', numeric: true }]}
    >
      {lines.fields.map((field, index) => (
        <Line key={field.id} form={form} index={index} onRemove={() => lines.remove(index)} />
      ))}
    </DocumentLinesEditor>
  );
}

function Line({
  form,
  index,
  onRemove,
}: {
  form: UseFormReturn<Values, unknown, Body>;
  index: number;
  onRemove: () => void;
}) {
  const { number, line, idOf, errorOf } = useDocumentLine(form, 'doc', index);
  return (
    <DocumentLineRow number={number} className="grid-cols-2">
      <LineItemField
        form={form}
        index={index}
        id={idOf('itemId')}
        label="Позиція"
        error={errorOf('itemId')}
        hint={line.sku ?? undefined}
        alsoClear={['price']}
        picker={(picker) => (
          <button
            type="button"
            id={picker.id}
            ref={picker.pickerRef}
            aria-invalid={picker.error || undefined}
            onClick={() => picker.onChange(7, 'Резистор 10 кОм')}
          >
            {line.itemLabel ?? 'Оберіть позицію'}
          </button>
        )}
      />
      <LineField id={idOf('qty')} label="Кількість" error={errorOf('qty')} hint={line.unit ?? undefined}>
        <LineDecimalInput
          id={idOf('qty')}
          aria-invalid={errorOf('qty') ? true : undefined}
          aria-describedby={`${idOf('qty')}-message`}
          {...form.register(`lines.${index}.qty`)}
        />
      </LineField>
      <RemoveLineButton number={number} onRemove={onRemove} />
    </DocumentLineRow>
  );
}

function renderForm(lines: Values['lines'] = [], max = 3) {
  const ref: { form?: UseFormReturn<Values, unknown, Body> } = {};
  function Form({ onForm }: { onForm: (form: UseFormReturn<Values, unknown, Body>) => void }) {
    const form = useForm<Values, unknown, Body>({ resolver, defaultValues: { note: '', lines } });
    useEffect(() => {
      onForm(form);
    }, [form, onForm]);
    return (
      <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
        <Lines form={form} max={max} />
        <button type="submit">Зберегти</button>
      </form>
    );
  }
  renderWithProviders(
    <Form
      onForm={(form) => {
        ref.form = form;
      }}
    />,
  );
  return () => ref.form!;
}

const stored = { itemId: 3, itemName: 'Конденсатор', sku: 'C-100', unitShortName: 'шт', qty: '41.500000' };

describe('document lines editor', () => {
  it('starts empty, adds and removes lines, and stops at the limit', async () => {
    const user = userEvent.setup();
    renderForm([], 2);
    expect(screen.getByRole('region', { name: 'Рядки документа' })).toBeTruthy();
    expect(screen.getByText('Рядків ще немає')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Додати рядок' }));
    await user.click(screen.getByRole('button', { name: 'Додати рядок' }));
    expect(screen.getByRole('group', { name: 'Рядок 2' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Додати рядок' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Не більше 2 рядків')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Видалити рядок 1' }));
    expect(screen.queryByRole('group', { name: 'Рядок 2' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Додати рядок' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('names an empty quantity as missing, the grid error, and re-checks the grid once submitted', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Додайте хоча б один рядок');

    await user.click(screen.getByRole('button', { name: 'Додати рядок' }));
    expect(await screen.findByText('Обовʼязково')).toBeTruthy();
    expect(screen.queryByText('Додайте хоча б один рядок')).toBeNull();
    const qty = screen.getByLabelText('Кількість', { selector: 'input' });
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    expect(qty.getAttribute('aria-required')).toBe('true');
    expect(qty.getAttribute('inputmode')).toBe('decimal');
  });

  it('keeps a stored line as typed and drops what was known of an item when another is picked', async () => {
    const user = userEvent.setup();
    const form = renderForm([{ ...itemLineOf(stored), price: '9.99' }]);
    expect((screen.getByLabelText('Кількість', { selector: 'input' }) as HTMLInputElement).value).toBe('41,5');
    expect(screen.getByText('C-100')).toBeTruthy();

    const line = screen.getByRole('group', { name: 'Рядок 1' });
    await user.click(within(line).getByRole('button', { name: 'Позиція' }));
    expect(form().getValues('lines.0')).toEqual({
      itemId: 7,
      itemLabel: 'Резистор 10 кОм',
      sku: null,
      unit: null,
      qty: '41,5',
      price: null,
    });
    expect(form().getFieldState('lines.0.itemId').isDirty).toBe(true);
  });

  it("puts the server's field errors under the inputs they name", async () => {
    const form = renderForm([{ ...itemLineOf(stored), price: null }]);
    const refused = new ApiError(422, 'Unprocessable', {
      error: 'Перевірте поля',
      fields: { 'lines.0.qty': 'Більше, ніж на складі', 'lines.5.qty': 'Немає рядка', unknown: 'Не поле форми' },
    });
    let placed = false;
    act(() => {
      placed = applyFieldErrors(refused, form(), { header: ['note'], line: ['itemId', 'qty'] });
    });
    expect(placed).toBe(true);
    expect(await screen.findByText('Більше, ніж на складі')).toBeTruthy();
    expect(screen.queryByText('Немає рядка')).toBeNull();
    expect(applyFieldErrors(new Error('мережа'), form(), { header: [], line: [] })).toBe(false);
  });
});

describe('document form rules', () => {
  it('sends only what changed, everything when the stored copy cannot be compared', () => {
    const body = { note: 'a', lines: [{ itemId: 1, qty: '2' }] };
    expect(changedFields(body, { note: 'a', lines: [{ itemId: 1, qty: '3' }] })).toEqual({ lines: body.lines });
    expect(changedFields(body, body)).toEqual({});
    expect(changedFields(body, null)).toBe(body);
  });

  it('shows a refusal unless its errors landed, and a stale version always, with the way to reload', () => {
    const stale = new ApiError(409, 'Conflict', { error: 'Документ змінив інший користувач' });
    const texts = { versionMessage: 'Документ змінив інший користувач', fallback: 'Не вдалося зберегти' };
    expect(failureOf(stale, { placed: true, ...texts })).toEqual({
      message: 'Документ змінив інший користувач',
      stale: true,
    });
    expect(failureOf(new ApiError(422, 'x', { error: 'Поля' }), { placed: true, ...texts })).toBeNull();
    expect(failureOf(new Error('мережа'), { placed: false, ...texts })).toEqual({
      message: 'Не вдалося зберегти',
      stale: false,
    });
  });
});

describe('document draft deletion', () => {
  it("asks 'Видалити чернетку?' in the module's words and shows what it is given under the question", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    renderWithProviders(
      <DeleteDraftDialog
        number="PO-2026-00005"
        pending={false}
        texts={{
          title: 'Видалити чернетку?',
          description: (number) => `Чернетку ${number} буде видалено остаточно.`,
          confirm: 'Видалити',
          cancel: 'Не змінювати',
        }}
        onConfirm={() => asked.push('confirm')}
        onClose={() => asked.push('close')}
      >
        <p role="alert">Видалити можна лише чернетку</p>
      </DeleteDraftDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Видалити чернетку?' });
    expect(within(dialog).getByText('Чернетку PO-2026-00005 буде видалено остаточно.')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Видалити можна лише чернетку');
    await user.click(within(dialog).getByRole('button', { name: 'Видалити' }));
    await user.click(within(dialog).getByRole('button', { name: 'Не змінювати' }));
    expect(asked).toEqual(['confirm', 'close']);
  });
});
