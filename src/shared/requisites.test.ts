import { describe, expect, it } from 'vitest';
import {
  checkBarcode,
  checkColor,
  checkEdrpou,
  checkEmail,
  checkIbanUa,
  checkPassport,
  checkRnokpp,
  checkTaxId,
  checkUktzed,
  checkVatNumber,
  gs1CheckDigit,
  ibanMfo,
  internalEan13,
  normalisePhone,
  type Check,
} from '@/shared/requisites.ts';

const valid = (value: string, warning?: string): Check =>
  warning ? { ok: true, value, warning } : { ok: true, value };
const invalid = (error: string): Check => ({ ok: false, error });

// Independent reference for IBAN check digits: BigInt over the whole number (the module chunks digit by digit).
const ibanNumeric = (s: string): bigint =>
  BigInt(Array.from(s, (ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch)).join(''));
const ibanRemainder = (iban: string): bigint => ibanNumeric(iban.slice(4) + iban.slice(0, 4)) % 97n;
function makeUaIban(mfo: string, account: string): string {
  const check = 98n - (ibanNumeric(`${mfo}${account}UA00`) % 97n);
  return `UA${String(check).padStart(2, '0')}${mfo}${account}`;
}

describe('checkEdrpou', () => {
  it('accepts codes below 30 000 000 (weights 1..7) and keeps leading zeros', () => {
    // 00032129 (АТ «Ощадбанк»): 0·1+0·2+0·3+3·4+2·5+1·6+2·7 = 0+0+0+12+10+6+14 = 42; 42 mod 11 = 9 = d8 ✓
    expect(checkEdrpou('00032129')).toEqual(valid('00032129'));
    // 14360570 (АТ КБ «ПриватБанк»): 1·1+4·2+3·3+6·4+0·5+5·6+7·7 = 1+8+9+24+0+30+49 = 121; 121 mod 11 = 0 = d8 ✓
    expect(checkEdrpou('14360570')).toEqual(valid('14360570'));
    expect(checkEdrpou('  00032129 ')).toEqual(valid('00032129'));
  });

  it('uses weights 7,1,2,3,4,5,6 for 30 000 000 ≤ code < 60 000 000', () => {
    // 40075815: 4·7+0·1+0·2+7·3+5·4+8·5+1·6 = 28+0+0+21+20+40+6 = 115; 115 mod 11 = 5 = d8 ✓
    expect(checkEdrpou('40075815')).toEqual(valid('40075815'));
    // The same digits with the low-range weights would give 4+0+0+28+25+48+7 = 112 mod 11 = 2 → 40075812 is wrong.
    expect(checkEdrpou('40075812')).toEqual(invalid('Невірна контрольна цифра ЄДРПОУ'));
  });

  it('switches weights exactly at 30 000 000 and 60 000 000', () => {
    // 2999999x (low): 2·1+9·(2+3+4+5+6+7) = 2+243 = 245; 245 mod 11 = 3. Mid weights would give 14+189 = 203 → 5.
    expect(checkEdrpou('29999993').ok).toBe(true);
    expect(checkEdrpou('29999995').ok).toBe(false);
    // 3000000x (mid): 3·7 = 21 mod 11 = 10 → weights +2: 3·9 = 27 mod 11 = 5. Low weights would give 3·1 = 3.
    expect(checkEdrpou('30000005').ok).toBe(true);
    expect(checkEdrpou('30000003').ok).toBe(false);
    // 5999999x (mid): 5·7+9·(1+2+3+4+5+6) = 35+189 = 224; 224 mod 11 = 4. Low weights: 5+243 = 248 mod 11 = 6.
    expect(checkEdrpou('59999994').ok).toBe(true);
    expect(checkEdrpou('59999996').ok).toBe(false);
    // 6000000x (low again): 6·1 = 6. Mid weights would give 6·7 = 42 mod 11 = 9.
    expect(checkEdrpou('60000006')).toEqual(valid('60000006'));
    expect(checkEdrpou('60000009').ok).toBe(false);
    // The codes 30000000 and 60000000 themselves are invalid under either weight set (check 5/3 and 6/9, never 0),
    // so whether the bounds are inclusive cannot change a result; the rule's 30M ≤ code < 60M is followed anyway.
    expect(checkEdrpou('30000000').ok).toBe(false);
    expect(checkEdrpou('60000000').ok).toBe(false);
    // ≥ 60 000 000 far from the boundary: 9·1+8·2+7·3+6·4+5·5+4·6+3·7 = 9+16+21+24+25+24+21 = 140 mod 11 = 8
    expect(checkEdrpou('98765438').ok).toBe(true);
  });

  it('recomputes with every weight + 2 when the remainder is 10 (low range)', () => {
    // 12345784: 1·1+2·2+3·3+4·4+5·5+7·6+8·7 = 1+4+9+16+25+42+56 = 153; 153 mod 11 = 10 →
    //           1·3+2·4+3·5+4·6+5·7+7·8+8·9 = 3+8+15+24+35+56+72 = 213; 213 mod 11 = 4 = d8 ✓
    expect(checkEdrpou('12345784')).toEqual(valid('12345784'));
    // Taking 10 mod 10 = 0 without the recompute would be wrong.
    expect(checkEdrpou('12345780').ok).toBe(false);
  });

  it('recomputes with every weight + 2 when the remainder is 10 (middle range)', () => {
    // 43005393: 4·7+3·1+0·2+0·3+5·4+3·5+9·6 = 28+3+0+0+20+15+54 = 120; 120 mod 11 = 10 →
    //           4·9+3·3+0·4+0·5+5·6+3·7+9·8 = 36+9+0+0+30+21+72 = 168; 168 mod 11 = 3 = d8 ✓
    expect(checkEdrpou('43005393')).toEqual(valid('43005393'));
  });

  it('uses 0 with a warning when the recomputed remainder is still 10', () => {
    // 12346420: 1+4+9+16+6·5+4·6+2·7 = 1+4+9+16+30+24+14 = 98; 98 mod 11 = 10 →
    //           1·3+2·4+3·5+4·6+6·7+4·8+2·9 = 3+8+15+24+42+32+18 = 142; 142 mod 11 = 10 → 0 = d8
    const low = checkEdrpou('12346420');
    expect(low.ok).toBe(true);
    expect(low.ok && low.value).toBe('12346420');
    expect(low.ok && low.warning).toMatch(/ЄДРПОУ/);
    // 30000440: 3·7+4·5+4·6 = 21+20+24 = 65 mod 11 = 10 → 3·9+4·7+4·8 = 27+28+32 = 87 mod 11 = 10 → 0
    const mid = checkEdrpou('30000440');
    expect(mid.ok && mid.warning).toMatch(/ЄДРПОУ/);
    // Any other last digit is simply wrong.
    expect(checkEdrpou('12346421')).toEqual(invalid('Невірна контрольна цифра ЄДРПОУ'));
  });

  it('gives no warning for ordinary valid codes', () => {
    const r = checkEdrpou('00032129');
    expect(r.ok && 'warning' in r).toBe(false);
  });

  it('rejects anything but exactly 8 digits', () => {
    for (const bad of ['', '3212', '0003212', '000321290', '0003212a', '0003 2129', '32129', '-0032129']) {
      expect(checkEdrpou(bad)).toEqual(invalid('ЄДРПОУ має містити 8 цифр'));
    }
    expect(checkEdrpou(null as unknown as string)).toEqual(invalid('ЄДРПОУ має містити 8 цифр'));
    expect(checkEdrpou(32129 as unknown as string)).toEqual(invalid('ЄДРПОУ має містити 8 цифр'));
  });

  it('rejects every wrong last digit of a valid code', () => {
    for (let d = 0; d <= 9; d++) {
      if (d === 9) continue;
      expect(checkEdrpou(`0003212${d}`)).toEqual(invalid('Невірна контрольна цифра ЄДРПОУ'));
    }
  });
});

describe('checkRnokpp', () => {
  it('accepts a number whose 10th digit matches', () => {
    // 3184710691: −1·3+5·1+7·8+9·4+4·7+6·1+10·0+5·6+7·9 = −3+5+56+36+28+6+0+30+63 = 221;
    //             221 mod 11 = 1 (221 = 20·11 + 1); 1 mod 10 = 1 = d10 ✓
    expect(checkRnokpp('3184710691')).toEqual(valid('3184710691'));
    expect(checkRnokpp(' 3184710691\t')).toEqual(valid('3184710691'));
  });

  it('handles a negative sum and a remainder of 10', () => {
    // 3000000008: s = −1·3 = −3; ((−3 mod 11) + 11) mod 11 = 8 → d10 = 8
    expect(checkRnokpp('3000000008').ok).toBe(true);
    // 1000000000: s = −1; ((−1 mod 11) + 11) mod 11 = 10; 10 mod 10 = 0 → d10 = 0
    expect(checkRnokpp('1000000000').ok).toBe(true);
    // 0200000000: s = 5·2 = 10; 10 mod 11 = 10; 10 mod 10 = 0 → d10 = 0
    expect(checkRnokpp('0200000000')).toEqual(valid('0200000000'));
  });

  it('rejects a wrong check digit', () => {
    for (let d = 0; d <= 9; d++) {
      if (d === 1) continue;
      expect(checkRnokpp(`318471069${d}`)).toEqual(invalid('Невірна контрольна цифра РНОКПП'));
    }
    expect(checkRnokpp('3000000003').ok).toBe(false); // −3 mod 11 taken naively as 3
  });

  it('rejects anything but exactly 10 digits', () => {
    for (const bad of ['', '318471069', '31847106911', '318471069O', '3184 710691', 'АБ123456']) {
      expect(checkRnokpp(bad)).toEqual(invalid('РНОКПП має містити 10 цифр'));
    }
  });
});

describe('checkPassport', () => {
  const error = 'Номер паспорта має містити 2 великі літери кирилицею і 6 цифр або 9 цифр (ID-картка)';

  it('accepts a booklet passport (2 Cyrillic capitals + 6 digits) and an ID card (9 digits)', () => {
    expect(checkPassport('АБ123456')).toEqual(valid('АБ123456'));
    expect(checkPassport('ЄЇ000001')).toEqual(valid('ЄЇ000001'));
    expect(checkPassport('ҐІ654321')).toEqual(valid('ҐІ654321'));
    expect(checkPassport('001234567')).toEqual(valid('001234567'));
  });

  it('removes whitespace and uppercases Cyrillic letters', () => {
    expect(checkPassport(' аб 123456 ')).toEqual(valid('АБ123456'));
    expect(checkPassport('001 234 567')).toEqual(valid('001234567'));
  });

  it('rejects Latin look-alikes, non-Ukrainian letters and wrong lengths', () => {
    for (const bad of ['AB123456', 'АB123456', 'ЫЭ123456', 'А1234567', 'АБВ12345', 'АБ12345', 'АБ1234567']) {
      expect(checkPassport(bad)).toEqual(invalid(error));
    }
    for (const bad of ['', '12345678', '1234567890', '12345678A']) expect(checkPassport(bad)).toEqual(invalid(error));
  });
});

describe('checkVatNumber', () => {
  it('accepts 12 digits for a legal entity', () => {
    expect(checkVatNumber('003212926658')).toEqual(valid('003212926658'));
    expect(checkVatNumber(' 123456789012 ')).toEqual(valid('123456789012'));
  });

  it('accepts the 10-digit РНОКПП of a ФОП, checking its check digit', () => {
    expect(checkVatNumber('3184710691')).toEqual(valid('3184710691'));
    expect(checkVatNumber('3184710690')).toEqual(invalid('Невірна контрольна цифра РНОКПП'));
  });

  it('rejects other lengths', () => {
    const error = 'ІПН платника ПДВ має містити 12 цифр (або 10 цифр РНОКПП для ФОП)';
    for (const bad of ['', '00032129', '12345678901', '1234567890123', '12345678901A']) {
      expect(checkVatNumber(bad)).toEqual(invalid(error));
    }
  });
});

describe('checkIbanUa / ibanMfo', () => {
  const known = 'UA213223130000026007233566001';

  it('accepts a known-good literal', () => {
    // Rearranged: '3223130000026007233566001' + 'UA21', U = 30, A = 10 →
    // 3223130000026007233566001301021 mod 97 = 1 ✓ (checked here with BigInt, independently of the module).
    expect(ibanNumeric('3223130000026007233566001301021') % 97n).toBe(1n);
    expect(ibanRemainder(known)).toBe(1n);
    expect(checkIbanUa(known)).toEqual(valid(known));
    expect(ibanMfo(known)).toBe('322313');
  });

  it('rejects the literal with any single digit changed', () => {
    for (let i = 2; i < known.length; i++) {
      const changed = known.slice(0, i) + String((Number(known[i]) + 1) % 10) + known.slice(i + 1);
      expect(checkIbanUa(changed)).toEqual(invalid('Невірна контрольна сума IBAN'));
      expect(ibanMfo(changed)).toBeNull();
    }
    // Any two adjacent different digits swapped.
    for (let i = 2; i < known.length - 1; i++) {
      if (known[i] === known[i + 1]) continue;
      const swapped = known.slice(0, i) + known[i + 1] + known[i] + known.slice(i + 2);
      expect(checkIbanUa(swapped)).toEqual(invalid('Невірна контрольна сума IBAN'));
    }
  });

  it('accepts IBANs whose check digits are computed with mod-97', () => {
    const privat = makeUaIban('305299', '0000026007233566001');
    expect(privat).toMatch(/^UA\d{2}3052990000026007233566001$/);
    expect(ibanRemainder(privat)).toBe(1n);
    expect(checkIbanUa(privat)).toEqual(valid(privat));
    expect(ibanMfo(privat)).toBe('305299');

    // Check digits with a leading zero and a letter-bearing account part (19 alphanumeric characters).
    for (const account of [
      '0000000000000000001',
      '2600000000000000000',
      '00000000000ABCDEF12',
      '9999999999999999999',
    ]) {
      const iban = makeUaIban('300001', account);
      expect(checkIbanUa(iban)).toEqual(valid(iban));
    }
    const cd00 = makeUaIban('300465', '0000026001234567890');
    expect(checkIbanUa(cd00.slice(0, 2) + '00' + cd00.slice(4))).toEqual(invalid('Невірна контрольна сума IBAN'));
  });

  it('removes spaces and uppercases before checking', () => {
    expect(checkIbanUa('ua21 3223 1300 0002 6007 2335 6600 1')).toEqual(valid(known));
    expect(checkIbanUa(`\t${known}\n`)).toEqual(valid(known));
    expect(ibanMfo('ua21 3223 1300 0002 6007 2335 6600 1')).toBe('322313');
  });

  it('rejects other countries and wrong formats', () => {
    const error = 'IBAN має починатися з UA і містити 29 символів';
    const bad = [
      '',
      'UA21322313000002600723356600', // 28
      'UA2132231300000260072335660011', // 30
      'DE89370400440532013000',
      'PL61109010140000071219812874',
      'UAX1322313000002600723356600X',
      'UA21A22313000002600723356600Z', // letter in the МФО
      'UA21-3223-1300-0002-6007-2335-6600-1',
    ];
    for (const input of bad) {
      expect(checkIbanUa(input)).toEqual(invalid(error));
      expect(ibanMfo(input)).toBeNull();
    }
  });
});

describe('normalisePhone', () => {
  const uaError = 'Телефон має бути у форматі +380XXXXXXXXX';

  it('completes Ukrainian numbers to +380XXXXXXXXX', () => {
    expect(normalisePhone('0671234567')).toEqual(valid('+380671234567'));
    expect(normalisePhone('380 (67) 123-45-67')).toEqual(valid('+380671234567'));
    expect(normalisePhone('380671234567')).toEqual(valid('+380671234567'));
    expect(normalisePhone('+380671234567')).toEqual(valid('+380671234567'));
    expect(normalisePhone('+38 (067) 123-45-67')).toEqual(valid('+380671234567'));
    expect(normalisePhone('(067) 123 45 67')).toEqual(valid('+380671234567'));
    expect(normalisePhone(' 044 – 123 45 67 ')).toEqual(valid('+380441234567'));
  });

  it('accepts other countries only as E.164 with 8–15 digits', () => {
    expect(normalisePhone('+48 601 234 567')).toEqual(valid('+48601234567'));
    expect(normalisePhone('+1 (212) 555-0100')).toEqual(valid('+12125550100'));
    expect(normalisePhone('+49301234')).toEqual(valid('+49301234')); // 8 digits
    expect(normalisePhone('+123456789012345')).toEqual(valid('+123456789012345')); // 15 digits
  });

  it('rejects everything else', () => {
    const foreignError = 'Іноземний телефон має бути у форматі +<код країни><номер> (від 8 до 15 цифр)';
    expect(normalisePhone('12345')).toEqual(invalid(uaError));
    expect(normalisePhone('')).toEqual(invalid(uaError));
    expect(normalisePhone('067123456')).toEqual(invalid(uaError)); // 9 digits
    expect(normalisePhone('06712345678')).toEqual(invalid(uaError)); // 11 digits
    expect(normalisePhone('+38067123456')).toEqual(invalid(uaError)); // +380 with 8 digits, not a foreign number
    expect(normalisePhone('+3806712345678')).toEqual(invalid(uaError));
    expect(normalisePhone('48601234567')).toEqual(invalid(uaError)); // foreign without '+'
    expect(normalisePhone('0048601234567')).toEqual(invalid(uaError));
    expect(normalisePhone('067.123.45.67')).toEqual(invalid(uaError));
    expect(normalisePhone('+4930123')).toEqual(invalid(foreignError)); // 7 digits
    expect(normalisePhone('+1234567890123456')).toEqual(invalid(foreignError)); // 16 digits
    expect(normalisePhone('+0123456789')).toEqual(invalid(foreignError));
    expect(normalisePhone('+48 601 ABC 567')).toEqual(invalid(foreignError));
  });
});

describe('checkEmail', () => {
  it('trims and lowercases a single address', () => {
    expect(checkEmail('  Ivan.Petrenko@Example.COM ')).toEqual(valid('ivan.petrenko@example.com'));
    expect(checkEmail('buh+invoices@sub.firma.com.ua')).toEqual(valid('buh+invoices@sub.firma.com.ua'));
    expect(checkEmail('Офіс@Пошта.УКР')).toEqual(valid('офіс@пошта.укр'));
  });

  it('asks for one address when given several or none', () => {
    const error = 'Вкажіть одну адресу e-mail';
    for (const bad of ['a@firma.ua, b@firma.ua', 'a@firma.ua;b@firma.ua', 'a@firma.ua b@firma.ua', '', '   ', ',;']) {
      expect(checkEmail(bad)).toEqual(invalid(error));
    }
  });

  it('rejects malformed addresses', () => {
    const error = 'Неправильна адреса e-mail';
    const bad = [
      'ivan',
      'ivan@',
      '@firma.ua',
      'ivan@firma',
      'ivan@@firma.ua',
      'ivan@firma@ua.com',
      'ivan@firma..ua',
      'ivan@-firma.ua',
      'ivan@firma.u',
      'ivan@1.2.3.4',
      '.ivan@firma.ua',
      'iv..an@firma.ua',
      'Іван <ivan@firma.ua>',
      'ivan@firma.ua extra',
      `${'a'.repeat(65)}@firma.ua`,
    ];
    for (const input of bad) expect(checkEmail(input)).toEqual(invalid(error));
  });
});

describe('gs1CheckDigit / checkBarcode / internalEan13', () => {
  it('computes GS1 check digits (weights 3,1,3,… from the right)', () => {
    // EAN-13 4006381333931: from the left 1,3,1,3…: 4+0+0+18+3+24+1+9+3+9+9+9 = 89 → (10 − 9) mod 10 = 1
    expect(gs1CheckDigit('400638133393')).toBe(1);
    // EAN-8 96385074: 9·3+6+3·3+8+5·3+0+7·3 = 27+6+9+8+15+0+21 = 86 → 4
    expect(gs1CheckDigit('9638507')).toBe(4);
    // UPC-A 036000291452: 0+3+6·3+0+0+0+2·3+9+1·3+4+5·3 = 0+3+18+0+0+0+6+9+3+4+15 = 58 → 2
    expect(gs1CheckDigit('03600029145')).toBe(2);
    // GTIN-14 10012345678902: 1·3+0+0+1+2·3+3+4·3+5+6·3+7+8·3+9+0 = 3+0+0+1+6+3+12+5+18+7+24+9+0 = 88 → 2
    expect(gs1CheckDigit('1001234567890')).toBe(2);
    // Sum divisible by 10 gives 0, not 10.
    expect(gs1CheckDigit('0000000')).toBe(0);
  });

  it('throws RangeError for a programming error', () => {
    expect(() => gs1CheckDigit('')).toThrow(RangeError);
    expect(() => gs1CheckDigit('12a4')).toThrow(RangeError);
  });

  it('validates EAN-13, EAN-8, UPC-A and GTIN-14 check digits', () => {
    expect(checkBarcode('4006381333931')).toEqual(valid('4006381333931'));
    expect(checkBarcode('96385074')).toEqual(valid('96385074'));
    expect(checkBarcode('036000291452')).toEqual(valid('036000291452'));
    expect(checkBarcode('10012345678902')).toEqual(valid('10012345678902'));
    expect(checkBarcode(' 4006381333931 ')).toEqual(valid('4006381333931'));

    const error = 'Невірна контрольна цифра штрих-коду';
    expect(checkBarcode('4006381333932')).toEqual(invalid(error));
    expect(checkBarcode('96385075')).toEqual(invalid(error));
    expect(checkBarcode('036000291453')).toEqual(invalid(error));
    expect(checkBarcode('10012345678903')).toEqual(invalid(error));
  });

  it('accepts other 1–48 printable ASCII strings as Code 128', () => {
    expect(checkBarcode('ABC-123/x')).toEqual(valid('ABC-123/x'));
    expect(checkBarcode('1234567890')).toEqual(valid('1234567890')); // 10 digits: no GS1 length, so Code 128
    expect(checkBarcode('400638133393')).toEqual(invalid('Невірна контрольна цифра штрих-коду')); // 12 = UPC-A
    expect(checkBarcode('1')).toEqual(valid('1'));
    expect(checkBarcode('A B')).toEqual(valid('A B'));
    expect(checkBarcode('x'.repeat(48)).ok).toBe(true);

    const error = 'Штрих-код має містити від 1 до 48 друкованих символів ASCII';
    expect(checkBarcode('x'.repeat(49))).toEqual(invalid(error));
    expect(checkBarcode('')).toEqual(invalid(error));
    expect(checkBarcode('   ')).toEqual(invalid(error));
    expect(checkBarcode('Штрих123')).toEqual(invalid(error));
    expect(checkBarcode('AB\tC')).toEqual(invalid(error));
  });

  it('builds internal EAN-13 codes with prefix 200 and a valid check digit', () => {
    // 200000000042: 2+0+0+0+0+0+0+0+0+0+4·1+2·3 = 12 → 8
    expect(internalEan13(42)).toBe('2000000000428');
    expect(internalEan13(0)).toBe(`200000000000${gs1CheckDigit('200000000000')}`);
    expect(internalEan13(999_999_999)).toMatch(/^200999999999\d$/);
    for (const id of [1, 7, 42, 1234, 987654, 123456789, 999_999_999]) {
      const code = internalEan13(id);
      expect(code).toHaveLength(13);
      expect(code.startsWith('200')).toBe(true);
      expect(Number(code.slice(3, 12))).toBe(id);
      expect(checkBarcode(code)).toEqual(valid(code));
    }
  });

  it('rejects item ids that do not fit in 9 digits', () => {
    for (const id of [-1, 1.5, 1_000_000_000, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => internalEan13(id)).toThrow(RangeError);
    }
  });
});

describe('checkUktzed', () => {
  it('accepts 4 to 10 digits, removing spaces', () => {
    expect(checkUktzed('8471')).toEqual(valid('8471'));
    expect(checkUktzed('8471300000')).toEqual(valid('8471300000'));
    expect(checkUktzed('8471 30 00 00')).toEqual(valid('8471300000'));
    expect(checkUktzed('0101210000')).toEqual(valid('0101210000'));
    expect(checkUktzed('84713')).toEqual(valid('84713'));
  });

  it('rejects other input', () => {
    const error = 'Код УКТ ЗЕД має містити від 4 до 10 цифр';
    for (const bad of ['', '847', '84713000001', '8471.30', '84A1']) expect(checkUktzed(bad)).toEqual(invalid(error));
  });
});

describe('checkColor', () => {
  it('accepts #RRGGBB and returns it in lowercase', () => {
    expect(checkColor('#1a2b3c')).toEqual(valid('#1a2b3c'));
    expect(checkColor(' #FFAA00 ')).toEqual(valid('#ffaa00'));
  });

  it('rejects other notations', () => {
    const error = 'Колір має бути у форматі #RRGGBB';
    for (const bad of ['', 'ffaa00', '#fa0', '#ffaa00ff', '#ggaa00', 'red', 'rgb(255,170,0)']) {
      expect(checkColor(bad)).toEqual(invalid(error));
    }
  });
});

describe('checkTaxId', () => {
  it('uses ЄДРПОУ for a legal entity, whatever taxIdKind says', () => {
    expect(checkTaxId('legal_entity', '00032129')).toEqual(valid('00032129'));
    expect(checkTaxId('legal_entity', '00032128')).toEqual(invalid('Невірна контрольна цифра ЄДРПОУ'));
    expect(checkTaxId('legal_entity', '3184710691', 'rnokpp')).toEqual(invalid('ЄДРПОУ має містити 8 цифр'));
    expect(checkTaxId('legal_entity', '00032129', 'passport')).toEqual(valid('00032129'));
  });

  it('uses РНОКПП (default) or passport for a ФОП and an individual', () => {
    for (const kind of ['sole_proprietor', 'individual'] as const) {
      expect(checkTaxId(kind, '3184710691')).toEqual(valid('3184710691'));
      expect(checkTaxId(kind, '3184710691', 'rnokpp')).toEqual(valid('3184710691'));
      expect(checkTaxId(kind, '3184710690')).toEqual(invalid('Невірна контрольна цифра РНОКПП'));
      expect(checkTaxId(kind, '00032129')).toEqual(invalid('РНОКПП має містити 10 цифр'));
      expect(checkTaxId(kind, 'аб 123456', 'passport')).toEqual(valid('АБ123456'));
      expect(checkTaxId(kind, '123456789', 'passport')).toEqual(valid('123456789'));
      expect(checkTaxId(kind, '3184710691', 'passport').ok).toBe(false);
    }
  });

  it('accepts 1–30 printable characters for a foreign counterparty', () => {
    expect(checkTaxId('foreign', ' DE123456789 ')).toEqual(valid('DE123456789'));
    expect(checkTaxId('foreign', 'PL 527-020-67-71')).toEqual(valid('PL 527-020-67-71'));
    expect(checkTaxId('foreign', 'x'.repeat(30)).ok).toBe(true);
    expect(checkTaxId('foreign', 'Ž'.repeat(30)).ok).toBe(true);

    const error = 'Податковий номер нерезидента має містити від 1 до 30 друкованих символів';
    expect(checkTaxId('foreign', '')).toEqual(invalid(error));
    expect(checkTaxId('foreign', '   ')).toEqual(invalid(error));
    expect(checkTaxId('foreign', 'x'.repeat(31))).toEqual(invalid(error));
    expect(checkTaxId('foreign', 'DE12\u000045')).toEqual(invalid(error));
    expect(checkTaxId('foreign', 'DE12\u200B45')).toEqual(invalid(error));
  });

  it('returns an error instead of throwing for an unknown legal form', () => {
    const kind = 'partnership' as unknown as 'foreign';
    expect(checkTaxId(kind, '00032129')).toEqual(invalid('Невідома організаційно-правова форма'));
  });
});
