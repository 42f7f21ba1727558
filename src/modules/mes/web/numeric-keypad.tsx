// The terminal's numeric keypad (production.md §6: big buttons, no free typing). The value is an exact decimal
// string with a point ('12.5'); the keypad shows a decimal comma. At most `maxDecimals` digits after the comma.
import { DeleteIcon } from 'lucide-react';
import { mesTexts } from '@/modules/mes/mes.contract.ts';
import { cn } from '@/web/lib/utils.ts';

const MAX_DIGITS = 12;

/** The value after pressing `key` (a digit, ',' or '⌫'); unchanged when the key would make it invalid. */
export function pressKey(value: string, key: string, maxDecimals = 4): string {
  if (key === 'C') return '';
  if (key === '⌫') return value.slice(0, -1);
  if (key === ',') {
    if (maxDecimals === 0 || value.includes('.')) return value;
    return value === '' ? '0.' : `${value}.`;
  }
  if (!/^\d$/.test(key)) return value;
  const [int = '', fraction] = value.split('.');
  if (fraction !== undefined) return fraction.length >= maxDecimals ? value : `${value}${key}`;
  if (int.length >= MAX_DIGITS) return value;
  return int === '0' ? key : `${value}${key}`;
}

/** How the keypad shows a value: a decimal comma, '0' when empty. */
export const keypadDisplay = (value: string) => (value === '' ? '0' : value.replace('.', ','));

/** The value to send: no dangling point, '0' when empty. */
export const keypadValue = (value: string) => (value === '' ? '0' : value.replace(/\.$/, ''));

const KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', ',', '0', '⌫'] as const;

export function NumericKeypad({
  value,
  onChange,
  maxDecimals = 4,
  disabled = false,
}: {
  value: string;
  onChange: (value: string) => void;
  maxDecimals?: number;
  disabled?: boolean;
}) {
  return (
    <div className="grid grid-cols-3 gap-2" role="group" aria-label="Цифрова клавіатура">
      {KEYS.map((key) => (
        <button
          key={key}
          type="button"
          disabled={disabled || (key === ',' && maxDecimals === 0)}
          aria-label={key === '⌫' ? mesTexts.backspace : key}
          onClick={() => onChange(pressKey(value, key, maxDecimals))}
          className={cn(
            'flex min-h-16 items-center justify-center rounded-lg border-2 border-slate-400 bg-white text-3xl font-bold text-slate-950',
            'select-none active:bg-slate-200 disabled:opacity-40 dark:border-slate-500 dark:bg-slate-900 dark:text-white',
            'outline-none focus-visible:ring-4 focus-visible:ring-blue-500',
          )}
        >
          {key === '⌫' ? <DeleteIcon className="size-8" aria-hidden="true" /> : key}
        </button>
      ))}
      <button
        type="button"
        disabled={disabled}
        onClick={() => onChange('')}
        className="col-span-3 min-h-16 rounded-lg border-2 border-slate-400 bg-slate-100 text-xl font-semibold text-slate-950 select-none active:bg-slate-200 disabled:opacity-40 dark:border-slate-500 dark:bg-slate-800 dark:text-white"
      >
        {mesTexts.clear}
      </button>
    </div>
  );
}
