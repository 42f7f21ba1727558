import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodesFromImageData } from 'zxing-wasm/reader';
import {
  barRects,
  CODE128_PATTERNS,
  code128,
  code128Checksum,
  code128Values,
  completeEan13,
  ean13,
  ean13Modules,
  isValidEan13,
  itemLabelBarcode,
  modulesToWidths,
  widthsToModules,
  type BarcodeSymbol,
} from './barcode.ts';

// The reference pattern of 4006381333931 (first digit 4 → parity LGLLGG), written out by hand from the GS1 tables.
const EAN_4006381333931 =
  '101' +
  ['0001101', '0100111', '0101111', '0111101', '0001001', '0110011'].join('') +
  '01010' +
  ['1000010', '1000010', '1000010', '1110100', '1000010', '1100110'].join('') +
  '101';

describe('EAN-13', () => {
  it('encodes 4006381333931 as its published 95-module pattern', () => {
    expect(ean13Modules('4006381333931')).toBe(EAN_4006381333931);
    expect(ean13Modules('400638133393')).toBe(EAN_4006381333931); // check digit computed
    const symbol = ean13('4006381333931');
    expect(symbol.modules).toBe(95);
    expect(symbol.widths.reduce((a, b) => a + b, 0)).toBe(95);
    expect(widthsToModules(symbol.widths)).toBe(EAN_4006381333931);
  });

  it('validates and computes the check digit', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13(null)).toBe(false);
    expect(completeEan13('482000000001')).toBe('4820000000017');
    expect(() => ean13('4006381333930')).toThrow(RangeError);
    expect(() => ean13('ABC')).toThrow(RangeError);
  });
});

describe('Code 128', () => {
  it('gives the published checksum 55 of "PJJ123C" in set B', () => {
    const values = code128Values('PJJ123C');
    expect(values).toEqual([104, 48, 42, 42, 17, 18, 19, 35]);
    expect(code128Checksum(values)).toBe(55);
  });

  it('uses set C for an even run of digits and switches where it is shorter', () => {
    expect(code128Values('123456')).toEqual([105, 12, 34, 56]);
    // An odd run: one digit in B and three pairs in C, as short as three pairs and a switch back for the last one.
    expect(code128Values('1234567')).toEqual([104, 17, 99, 23, 45, 67]);
    // Four digits in the middle of text do not pay for two switches; six do.
    expect(code128Values('AB1234CD')).toEqual([104, 33, 34, 17, 18, 19, 20, 35, 36]);
    expect(code128Values('AB123456CD')).toEqual([104, 33, 34, 99, 12, 34, 56, 100, 35, 36]);
    // A trailing run of four digits saves one symbol.
    expect(code128Values('GRN-2026-00001')).toHaveLength(1 + 9 + 1 + 3);
  });

  it('has 107 patterns of 11 modules (the stop 13) and ends with the stop bar', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    CODE128_PATTERNS.slice(0, 106).forEach((p) => expect(Array.from(p, Number).reduce((a, b) => a + b)).toBe(11));
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    const symbol = code128('PJJ123C');
    // start + 7 data + check + stop: 9 × 11 + 13
    expect(symbol.modules).toBe(9 * 11 + 13);
    expect(symbol.widths.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
    expect(barRects(symbol)[0]).toEqual([0, 2]);
  });

  it('refuses text that is not printable ASCII', () => {
    expect(() => code128('Резистор')).toThrow(RangeError);
    expect(() => code128('')).toThrow(RangeError);
  });

  it('chooses the item EAN when valid, else Code 128 of the SKU', () => {
    expect(itemLabelBarcode({ sku: 'R-10K', barcode: '4006381333931' })?.symbology).toBe('ean13');
    expect(itemLabelBarcode({ sku: 'R-10K', barcode: '4006381333932' })).toMatchObject({
      symbology: 'code128',
      text: 'R-10K',
    });
    expect(itemLabelBarcode({ sku: 'R-10K', barcode: null })?.symbology).toBe('code128');
    expect(itemLabelBarcode({ sku: 'Р-10К', barcode: null })).toBeNull();
  });

  it('round-trips: modules → widths → modules', () => {
    expect(modulesToWidths('1101000111')).toEqual([2, 1, 1, 3, 3]);
    expect(widthsToModules([2, 1, 1, 3, 3])).toBe('1101000111');
  });
});

// The real check: draw the bars as pixels and read them back with ZXing, the decoder the scanner page uses.
describe('readable by the scanner decoder', () => {
  beforeAll(() => {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
      fireImmediately: true,
    });
  });

  function image(symbol: BarcodeSymbol, scale = 3, height = 60) {
    const modules = '0'.repeat(symbol.quietLeft) + widthsToModules(symbol.widths) + '0'.repeat(symbol.quietRight);
    const width = modules.length * scale;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = modules[Math.floor(x / scale)] === '1' ? 0 : 255;
        const o = (y * width + x) * 4;
        data[o] = data[o + 1] = data[o + 2] = v;
        data[o + 3] = 255;
      }
    }
    return { data, width, height, colorSpace: 'srgb' } as unknown as ImageData;
  }

  it.each([
    ['ean13', '4006381333931', 'EAN13'],
    ['ean13', '2000000000169', 'EAN13'],
    ['code128', 'PJJ123C', 'Code128'],
    ['code128', '1234567', 'Code128'],
    ['code128', 'AB123456CD', 'Code128'],
    ['code128', 'GRN-2026-00001', 'Code128'],
    ['code128', 'sku with spaces ~', 'Code128'],
  ] as const)('%s %s', async (kind, text, format) => {
    const symbol = kind === 'ean13' ? ean13(text) : code128(text);
    const [result] = await readBarcodesFromImageData(image(symbol), {
      formats: [format === 'EAN13' ? 'EAN-13' : format],
      tryHarder: true,
    });
    expect(result?.text).toBe(text);
    expect(result?.format).toBe(format);
  });
});
