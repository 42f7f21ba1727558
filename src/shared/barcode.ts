// Barcode symbols as modules (warehouse.md §10): EAN-13 and Code 128 encoded exactly, as a list of alternating bar and
// space widths in modules (the first is always a bar). The PDF labels draw them as vector rectangles and the web
// preview as SVG from the same list, so what the preview shows is what prints. Isomorphic, no dependencies.
import { gs1CheckDigit } from './requisites.ts';

export type Symbology = 'ean13' | 'code128';

export interface BarcodeSymbol {
  symbology: Symbology;
  /** The encoded data (for EAN-13 the 13 digits, check digit included). */
  text: string;
  /** Alternating bar/space widths in modules, starting with a bar; no quiet zones. */
  widths: number[];
  /** Σ widths: the symbol's width in modules. */
  modules: number;
  /** Quiet zone each side, in modules (EAN-13: 11 left / 7 right; Code 128: 10). */
  quietLeft: number;
  quietRight: number;
}

// ---------------------------------------------------------------------------------------------------------------
// EAN-13

const EAN_L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const EAN_R = EAN_L.map((code) => Array.from(code, (bit) => (bit === '1' ? '0' : '1')).join(''));
const EAN_G = EAN_R.map((code) => Array.from(code).reverse().join(''));
/** Which left-half digits use the G (even) set, chosen by the first digit. */
const EAN_PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** True when the text is 13 digits whose GS1 check digit matches. */
export function isValidEan13(text: string | null | undefined): text is string {
  return typeof text === 'string' && /^\d{13}$/.test(text) && gs1CheckDigit(text.slice(0, 12)) === Number(text[12]);
}

/** The 13-digit EAN of 12 digits (check digit appended) or of 13 digits (check digit verified); else RangeError. */
export function completeEan13(digits: string): string {
  if (/^\d{12}$/.test(digits)) return digits + String(gs1CheckDigit(digits));
  if (isValidEan13(digits)) return digits;
  throw new RangeError('EAN-13 expects 12 digits or 13 digits with a valid check digit');
}

/** The 95 modules of an EAN-13 as '1' (bar) and '0' (space): guard, 6 digits, centre guard, 6 digits, guard. */
export function ean13Modules(digits: string): string {
  const code = completeEan13(digits);
  const d = Array.from(code, Number);
  const parity = EAN_PARITY[d[0]!]!;
  let out = '101';
  for (let i = 1; i <= 6; i++) out += (parity[i - 1] === 'L' ? EAN_L : EAN_G)[d[i]!]!;
  out += '01010';
  for (let i = 7; i <= 12; i++) out += EAN_R[d[i]!]!;
  return out + '101';
}

/** Run lengths of a module string that starts with a bar. */
export function modulesToWidths(modules: string): number[] {
  if (!/^1[01]*$/.test(modules)) throw new RangeError('a module string starts with a bar and holds only 0 and 1');
  const widths: number[] = [];
  let run = 1;
  for (let i = 1; i <= modules.length; i++) {
    if (i < modules.length && modules[i] === modules[i - 1]) run++;
    else {
      widths.push(run);
      run = 1;
    }
  }
  return widths;
}

/** The module string of alternating widths (bar first). */
export function widthsToModules(widths: readonly number[]): string {
  return widths.map((w, i) => (i % 2 === 0 ? '1' : '0').repeat(w)).join('');
}

export function ean13(digits: string): BarcodeSymbol {
  const text = completeEan13(digits);
  const widths = modulesToWidths(ean13Modules(text));
  return { symbology: 'ean13', text, widths, modules: 95, quietLeft: 11, quietRight: 7 };
}

// ---------------------------------------------------------------------------------------------------------------
// Code 128 (sets B and C)

/** Bar/space widths of the symbol values 0…106 (106 = stop, 7 elements). */
export const CODE128_PATTERNS: readonly string[] = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];
const START_B = 104;
const START_C = 105;
const CODE_B = 100; // in set C: switch to B
const CODE_C = 99; // in set B: switch to C
const STOP = 106;

/** Code 128 takes printable ASCII (space … '~'), 1 to 80 characters. */
export function isCode128Text(text: string): boolean {
  return /^[\x20-\x7E]{1,80}$/.test(text);
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';

/**
 * The symbol values of the text, start symbol included, checksum and stop excluded: the shortest mix of set B (one
 * character per symbol) and set C (two digits per symbol), found by dynamic programming over (position, set).
 */
export function code128Values(text: string): number[] {
  if (!isCode128Text(text)) throw new RangeError('Code 128 expects 1 to 80 printable ASCII characters');
  const n = text.length;
  type Set = 'B' | 'C';
  // best[i][set]: fewest symbols to encode text[i..] when the current set is `set` (switches included).
  const best: Array<Record<Set, number>> = Array.from({ length: n + 1 }, () => ({ B: Infinity, C: Infinity }));
  best[n] = { B: 0, C: 0 };
  for (let i = n - 1; i >= 0; i--) {
    const inB = 1 + best[i + 1]!.B;
    const inC = isDigit(text[i]) && isDigit(text[i + 1]) ? 1 + best[i + 2]!.C : Infinity;
    // A switch costs one symbol; staying is preferred on ties so B is the default.
    best[i] = { B: Math.min(inB, 1 + inC), C: Math.min(inC, 1 + inB) };
  }
  let set: Set = best[0]!.C < best[0]!.B ? 'C' : 'B';
  const values = [set === 'C' ? START_C : START_B];
  let i = 0;
  while (i < n) {
    const pairOk = isDigit(text[i]) && isDigit(text[i + 1]);
    if (set === 'B') {
      if (pairOk && 1 + 1 + best[i + 2]!.C < 1 + best[i + 1]!.B) {
        values.push(CODE_C);
        set = 'C';
        continue;
      }
      values.push(text.charCodeAt(i) - 32);
      i += 1;
    } else {
      if (!pairOk || 1 + best[i + 1]!.B < 1 + best[i + 2]!.C) {
        values.push(CODE_B);
        set = 'B';
        continue;
      }
      values.push(Number(text.slice(i, i + 2)));
      i += 2;
    }
  }
  return values;
}

/** The mod-103 check value: start + Σ value × position. */
export function code128Checksum(values: readonly number[]): number {
  return values.reduce((sum, value, index) => sum + value * Math.max(index, 1), 0) % 103;
}

export function code128(text: string): BarcodeSymbol {
  const values = code128Values(text);
  const all = [...values, code128Checksum(values), STOP];
  const widths = all.flatMap((value) => Array.from(CODE128_PATTERNS[value]!, Number));
  return {
    symbology: 'code128',
    text,
    widths,
    modules: widths.reduce((a, b) => a + b, 0),
    quietLeft: 10,
    quietRight: 10,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Which symbol a label carries

/**
 * The item's label barcode (warehouse.md §10): its EAN-13 when `barcode` is a valid EAN-13, else Code 128 of the SKU.
 * A SKU with characters outside printable ASCII (Cyrillic) cannot be Code 128: null then.
 */
export function itemLabelBarcode(item: { sku: string; barcode: string | null }): BarcodeSymbol | null {
  const barcode = item.barcode?.trim() ?? '';
  if (isValidEan13(barcode)) return ean13(barcode);
  const sku = item.sku.trim();
  return isCode128Text(sku) ? code128(sku) : null;
}

/** The bars of a symbol as rectangles in modules: [x, width] of each bar, x from the symbol's left edge. */
export function barRects(symbol: Pick<BarcodeSymbol, 'widths'>): Array<[number, number]> {
  const rects: Array<[number, number]> = [];
  let x = 0;
  symbol.widths.forEach((w, i) => {
    if (i % 2 === 0) rects.push([x, w]);
    x += w;
  });
  return rects;
}
