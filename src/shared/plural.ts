// Ukrainian plural forms: one (1, 21, 31…), few (2–4, 22–24…), many (0, 5–20, 25–30…).
export function pluralUk(n: number, forms: readonly [one: string, few: string, many: string]): string {
  const abs = Math.abs(n);
  const mod10 = abs % 10;
  const mod100 = abs % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}

/**
 * A count and its noun: '1 серійний номер', '3 серійні номери', '5 серійних номерів'. The count may be a decimal
 * string ('3.0000', as quantities come from the database): a whole one chooses by its last digits, with no float;
 * a fraction takes the few form's place ('2,5 …') and is printed with a decimal comma.
 */
export function countUk(count: number | string, forms: readonly [one: string, few: string, many: string]): string {
  const text = String(count).trim();
  const whole = /^-?(\d+)(?:\.0*)?$/.exec(text);
  const shown = whole ? text.replace(/\.0*$/, '') : text.replace('.', ',');
  return `${shown} ${whole ? pluralUk(Number(whole[1]!.slice(-2)), forms) : forms[1]}`;
}

/** The forms of 'серійний номер' for `countUk`. */
export const SERIAL_FORMS = ['серійний номер', 'серійні номери', 'серійних номерів'] as const;
