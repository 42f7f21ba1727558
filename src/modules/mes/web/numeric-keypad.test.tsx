// The terminal's keypad: digits, one decimal comma, at most 4 decimals, backspace and clear — and the quantities
// dialog has no text field to type a quantity into.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { keypadDisplay, keypadValue, NumericKeypad, pressKey } from './numeric-keypad.tsx';

const press = (keys: string[], maxDecimals = 4) => keys.reduce((v, k) => pressKey(v, k, maxDecimals), '');

describe('pressKey', () => {
  it('builds an exact decimal from taps', () => {
    expect(press(['1', '2'])).toBe('12');
    expect(press(['0', '7'])).toBe('7');
    expect(press([',', '5'])).toBe('0.5');
    expect(press(['1', ',', ',', '2'])).toBe('1.2');
    expect(press(['1', ',', '1', '2', '3', '4', '5'])).toBe('1.1234');
    expect(press(['9', '8', '⌫'])).toBe('9');
    expect(press(['9', '8', 'C'])).toBe('');
    expect(press(['3', ','], 0)).toBe('3');
    expect(press(Array.from({ length: 20 }, () => '9'))).toHaveLength(12);
  });

  it('shows a decimal comma and sends a clean decimal', () => {
    expect(keypadDisplay('')).toBe('0');
    expect(keypadDisplay('2.5')).toBe('2,5');
    expect(keypadValue('')).toBe('0');
    expect(keypadValue('4.')).toBe('4');
    expect(keypadValue('4.25')).toBe('4.25');
  });
});

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <output data-testid="value">{keypadDisplay(value)}</output>
      <NumericKeypad value={value} onChange={setValue} />
    </>
  );
}

describe('NumericKeypad', () => {
  it('enters 12,5 by taps, erases and clears, with big keys and no text field', () => {
    render(<Harness />);
    expect(document.querySelector('input, textarea')).toBeNull();
    for (const key of ['1', '2', ',', '5']) fireEvent.click(screen.getByRole('button', { name: key }));
    expect(screen.getByTestId('value').textContent).toBe('12,5');
    fireEvent.click(screen.getByRole('button', { name: 'Стерти' }));
    expect(screen.getByTestId('value').textContent).toBe('12,');
    fireEvent.click(screen.getByRole('button', { name: 'Очистити' }));
    expect(screen.getByTestId('value').textContent).toBe('0');
    for (const button of screen.getAllByRole('button')) expect(button.className).toContain('min-h-16');
  });
});
