// Dates are typed and shown as дд.мм.рррр whatever the browser's language, and picked from a Ukrainian month grid.
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { DateField, isoToUk, maskDate, ukToIso } from './date-field.tsx';

function Field({ initial = '', min, max }: { initial?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField aria-label="Дата документа" value={value} onChange={setValue} min={min} max={max} />
      <output aria-label="значення">{value}</output>
    </>
  );
}

describe('date text', () => {
  it('reads дд.мм.рррр and eight digits, and refuses days that do not exist or years outside 2000–2999', () => {
    expect(ukToIso('27.11.2026')).toBe('2026-11-27');
    expect(ukToIso('27112026')).toBe('2026-11-27');
    expect(ukToIso('1.2.2026')).toBe('2026-02-01');
    expect(ukToIso('29.02.2028')).toBe('2028-02-29');
    for (const bad of [
      '29.02.2027',
      '31.04.2026',
      '00.01.2026',
      '12.13.2026',
      '01.01.1999',
      '01.01.3000',
      '11/27/2026',
      'x',
    ])
      expect(ukToIso(bad), bad).toBeNull();
    expect(isoToUk('2026-11-27')).toBe('27.11.2026');
    expect(isoToUk('')).toBe('');
    expect(maskDate('2711')).toBe('27.11');
    expect(maskDate('27112026')).toBe('27.11.2026');
    expect(maskDate('27.11.2026')).toBe('27.11.2026');
  });
});

describe('DateField', () => {
  it('shows the value as дд.мм.рррр and takes digits typed without dots', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Field initial="2026-01-05" />);
    const input = screen.getByLabelText('Дата документа') as HTMLInputElement;
    expect(input.value).toBe('05.01.2026');
    expect(input.placeholder).toBe('дд.мм.рррр');
    await user.clear(input);
    await user.type(input, '27112026');
    expect(input.value).toBe('27.11.2026');
    expect(screen.getByLabelText('значення').textContent).toBe('2026-11-27');
  });

  it('keeps a wrong date as typed, marks the field and changes nothing; empty clears the value', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Field initial="2026-01-05" />);
    const input = screen.getByLabelText('Дата документа');
    await user.clear(input);
    await user.type(input, '31.04.2026');
    await user.tab();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('значення').textContent).toBe('2026-01-05');
    await user.clear(input);
    await user.tab();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('значення').textContent).toBe('');
  });

  it('picks a day in a Ukrainian month grid, Monday first, with the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Field initial="2026-11-27" />);
    await user.click(screen.getByRole('button', { name: 'Відкрити календар' }));
    const grid = await screen.findByRole('grid', { name: 'листопад 2026' });
    expect([...grid.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'пн',
      'вт',
      'ср',
      'чт',
      'пт',
      'сб',
      'нд',
    ]);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('27 листопада 2026');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('5 грудня 2026');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('значення').textContent).toBe('2026-12-05');
    expect((screen.getByLabelText('Дата документа') as HTMLInputElement).value).toBe('05.12.2026');
  });

  it('offers no day after max or before min in the calendar, but takes such a date typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Field initial="2026-11-20" min="2026-11-10" max="2026-11-25" />);
    await user.click(screen.getByRole('button', { name: 'Відкрити календар' }));
    await screen.findByRole('grid', { name: 'листопад 2026' });
    expect(screen.getByRole('button', { name: '26 листопада 2026' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: '9 листопада 2026' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: '25 листопада 2026' }).getAttribute('aria-disabled')).toBeNull();
    // Walked onto by the keyboard, a day past max is not picked; the last allowed one is.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('20 листопада 2026');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('27 листопада 2026');
    expect(screen.getByLabelText('значення').textContent).toBe('2026-11-20');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{Enter}');
    expect(screen.getByLabelText('значення').textContent).toBe('2026-11-25');
    // Nor is one clicked.
    await user.click(screen.getByRole('button', { name: 'Відкрити календар' }));
    await user.click(await screen.findByRole('button', { name: '26 листопада 2026' }));
    expect(screen.getByRole('grid', { name: 'листопад 2026' })).toBeTruthy();
    expect(screen.getByLabelText('значення').textContent).toBe('2026-11-25');
    await user.keyboard('{Escape}');
    // Typed, it is the form's or the server's to say why the date does not fit.
    const input = screen.getByLabelText('Дата документа');
    await user.clear(input);
    await user.type(input, '01.12.2026');
    expect(screen.getByLabelText('значення').textContent).toBe('2026-12-01');
  });

  it('opens the calendar on the nearest allowed day when the value lies outside', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Field initial="2026-12-05" max="2026-11-25" />);
    await user.click(screen.getByRole('button', { name: 'Відкрити календар' }));
    await screen.findByRole('grid', { name: 'листопад 2026' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('25 листопада 2026');
  });
});
