// Ukrainian plural forms: one (1, 21, 31…), few (2–4, 22–24…), many (0, 5–20, 25–30…).
export function pluralUk(n: number, forms: readonly [one: string, few: string, many: string]): string {
  const abs = Math.abs(n);
  const mod10 = abs % 10;
  const mod100 = abs % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}
