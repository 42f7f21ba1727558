import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-in-words.ts';

describe('amountInWords', () => {
  it('writes the cases of sales.md §1.6 exactly', () => {
    expect(amountInWords('1234.56')).toBe('Одна тисяча двісті тридцять чотири гривні 56 копійок');
    expect(amountInWords('21.01')).toBe('Двадцять одна гривня 01 копійка');
    expect(amountInWords('11.00')).toBe('Одинадцять гривень 00 копійок');
    expect(amountInWords('2000000.02')).toBe('Два мільйони гривень 02 копійки');
  });

  it('agrees гривня and тисяча as feminine, мільйон and мільярд as masculine', () => {
    expect(amountInWords('2')).toBe('Дві гривні 00 копійок');
    expect(amountInWords('1001')).toBe('Одна тисяча одна гривня 00 копійок');
    expect(amountInWords('2002')).toBe('Дві тисячі дві гривні 00 копійок');
    expect(amountInWords('5000')).toBe("П'ять тисяч гривень 00 копійок");
    expect(amountInWords('1000000')).toBe('Один мільйон гривень 00 копійок');
    expect(amountInWords('21000000')).toBe('Двадцять один мільйон гривень 00 копійок');
    expect(amountInWords('3000000000')).toBe('Три мільярди гривень 00 копійок');
  });

  it('takes the many form for 11–14 and the teens, and the few form for 22–24', () => {
    expect(amountInWords('112.12')).toBe('Сто дванадцять гривень 12 копійок');
    expect(amountInWords('14014')).toBe('Чотирнадцять тисяч чотирнадцять гривень 00 копійок');
    expect(amountInWords('22.23')).toBe('Двадцять дві гривні 23 копійки');
    expect(amountInWords('999999.99')).toBe(
      "Дев'ятсот дев'яносто дев'ять тисяч дев'ятсот дев'яносто дев'ять гривень 99 копійок",
    );
  });

  it('rounds half away from zero to kopecks, writes zero and a refund', () => {
    expect(amountInWords('0')).toBe('Нуль гривень 00 копійок');
    expect(amountInWords('0.005')).toBe('Нуль гривень 01 копійка');
    expect(amountInWords('10.994')).toBe('Десять гривень 99 копійок');
    expect(amountInWords('-40.5')).toBe('Мінус сорок гривень 50 копійок');
  });

  it('refuses what is not a number, or more than it can name', () => {
    expect(() => amountInWords('дванадцять')).toThrow(RangeError);
    expect(() => integerInWords('1'.repeat(16))).toThrow(RangeError);
  });
});
