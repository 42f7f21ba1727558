// 'Сума прописом' (sales.md §1.6): a money amount in Ukrainian words for invoices and waybills — the whole
// hryvnias in words, the kopecks as two digits, each with its plural form, the first letter capitalised. гривня and
// тисяча are feminine (одна, дві), мільйон and мільярд masculine. Exact decimals only: the amount is rounded half
// away from zero to kopecks, never through a float.
import { dec, fixed, round } from './decimal.ts';
import { pluralUk } from './plural.ts';

type Forms = readonly [one: string, few: string, many: string];

const ONES_MASCULINE = ['', 'один', 'два', 'три', 'чотири', "п'ять", 'шість', 'сім', 'вісім', "дев'ять"];
const ONES_FEMININE = ['', 'одна', 'дві', 'три', 'чотири', "п'ять", 'шість', 'сім', 'вісім', "дев'ять"];
const TEENS = [
  'десять',
  'одинадцять',
  'дванадцять',
  'тринадцять',
  'чотирнадцять',
  "п'ятнадцять",
  'шістнадцять',
  'сімнадцять',
  'вісімнадцять',
  "дев'ятнадцять",
];
const TENS = [
  '',
  '',
  'двадцять',
  'тридцять',
  'сорок',
  "п'ятдесят",
  'шістдесят',
  'сімдесят',
  'вісімдесят',
  "дев'яносто",
];
const HUNDREDS = ['', 'сто', 'двісті', 'триста', 'чотириста', "п'ятсот", 'шістсот', 'сімсот', 'вісімсот', "дев'ятсот"];

/** The groups of three digits, from the largest: a group's noun forms and whether its numerals are feminine. */
const SCALES: ReadonlyArray<{ forms: Forms | null; feminine: boolean }> = [
  { forms: null, feminine: true }, // the hryvnias themselves: гривня is feminine
  { forms: ['тисяча', 'тисячі', 'тисяч'], feminine: true },
  { forms: ['мільйон', 'мільйони', 'мільйонів'], feminine: false },
  { forms: ['мільярд', 'мільярди', 'мільярдів'], feminine: false },
  { forms: ['трильйон', 'трильйони', 'трильйонів'], feminine: false },
];

const CURRENCIES = {
  UAH: { major: ['гривня', 'гривні', 'гривень'] as Forms, minor: ['копійка', 'копійки', 'копійок'] as Forms },
} as const;
export type WordsCurrency = keyof typeof CURRENCIES;

/** 0 < n < 1000 in words. */
function triad(n: number, feminine: boolean): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) words.push(HUNDREDS[hundreds]!);
  if (rest >= 10 && rest < 20) {
    words.push(TEENS[rest - 10]!);
  } else {
    if (rest >= 20) words.push(TENS[Math.floor(rest / 10)]!);
    const ones = rest % 10;
    if (ones) words.push((feminine ? ONES_FEMININE : ONES_MASCULINE)[ones]!);
  }
  return words;
}

/** A whole non-negative number of at most 15 digits in words, with its numerals agreeing as `feminine` says. */
export function integerInWords(digits: string, feminine = true): string {
  const clean = digits.replace(/^0+(?=\d)/, '');
  if (!/^\d{1,15}$/.test(clean)) throw new RangeError(`not a whole number of at most 15 digits: ${digits}`);
  if (/^0+$/.test(clean)) return 'нуль';
  const groups: number[] = [];
  for (let end = clean.length; end > 0; end -= 3) groups.push(Number(clean.slice(Math.max(0, end - 3), end)));
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const value = groups[i]!;
    if (!value) continue;
    const scale = SCALES[i]!;
    words.push(...triad(value, i === 0 ? feminine : scale.feminine));
    if (scale.forms) words.push(pluralUk(value, scale.forms));
  }
  return words.join(' ');
}

/**
 * 1234.56 → 'Одна тисяча двісті тридцять чотири гривні 56 копійок'. A negative amount (a refund) starts with
 * 'Мінус'.
 */
export function amountInWords(amount: string, currency: WordsCurrency = 'UAH'): string {
  const text = fixed(round(dec(amount), 2), 2);
  const negative = text.startsWith('-');
  const [whole = '0', kopecks = '00'] = text.replace('-', '').split('.');
  const names = CURRENCIES[currency];
  const hryvnias = Number(whole.slice(-3)); // the plural form depends on the last digits only
  const minor = Number(kopecks);
  const phrase = [
    negative ? 'мінус' : '',
    integerInWords(whole, true),
    pluralUk(hryvnias, names.major),
    kopecks,
    pluralUk(minor, names.minor),
  ]
    .filter(Boolean)
    .join(' ');
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}
