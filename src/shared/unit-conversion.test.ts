// The one conversion rule of a quantity entered in another unit of the stock unit's type (reference-data.md §1).
import { describe, expect, it } from 'vitest';
import { fromStockUnit, partOfLine, pricePerStockUnit, toStockUnit } from './unit-conversion.ts';

const kg = { shortName: 'кг', type: 'weight', factor: '1' };
const g = { shortName: 'г', type: 'weight', factor: '0.001' };
const m = { shortName: 'м', type: 'length', factor: '1' };
const pair = { shortName: 'пара', type: 'count', factor: '2' };
const pcs = { shortName: 'шт', type: 'count', factor: '1' };

describe('toStockUnit', () => {
  it('converts within a unit type by the factors, to the scale asked', () => {
    expect(toStockUnit('250', g, kg, 6)).toEqual({ ok: true, qty: '0.250000' });
    expect(toStockUnit('1.5', kg, g, 6)).toEqual({ ok: true, qty: '1500.000000' });
    expect(toStockUnit('3', pair, pcs, 6)).toEqual({ ok: true, qty: '6.000000' });
    expect(toStockUnit('7', pcs, pcs, 4)).toEqual({ ok: true, qty: '7.0000' });
    expect(toStockUnit('2.5', kg, g, 4)).toEqual({ ok: true, qty: '2500.0000' });
  });
  it('rounds half away from zero at the scale', () => {
    expect(toStockUnit('0.05', g, kg, 4)).toEqual({ ok: true, qty: '0.0001' });
    expect(toStockUnit('0.149', g, kg, 4)).toEqual({ ok: true, qty: '0.0001' });
    expect(toStockUnit('0.15', g, kg, 4)).toEqual({ ok: true, qty: '0.0002' });
  });
  it('refuses another unit type on the unit, a vanishing quantity on the qty', () => {
    expect(toStockUnit('2', m, kg, 6)).toEqual({
      ok: false,
      field: 'unitId',
      error: 'Одиниця «м» іншого типу, ніж облікова одиниця позиції «кг»',
    });
    expect(toStockUnit('0.0001', g, kg, 6)).toEqual({
      ok: false,
      field: 'qty',
      error: 'Кількість в обліковій одиниці менша за 0,000001 — вкажіть більшу',
    });
    expect(toStockUnit('0.04', g, kg, 4)).toEqual({
      ok: false,
      field: 'qty',
      error: 'Кількість в обліковій одиниці менша за 0,0001 — вкажіть більшу',
    });
  });
});

describe('pricePerStockUnit', () => {
  it('is the price of one stock unit', () => {
    expect(pricePerStockUnit('400', kg, g)).toBe('0.400000');
    expect(pricePerStockUnit('0.4', g, kg)).toBe('400.000000');
    expect(pricePerStockUnit('10', pair, pcs)).toBe('5.000000');
  });
});

describe('fromStockUnit', () => {
  it('gives a stock quantity back in the entered unit only when it converts back exactly', () => {
    expect(fromStockUnit('2500', kg, g, 4)).toBe('2.5000');
    expect(fromStockUnit('6', pair, pcs, 4)).toBe('3.0000');
    expect(fromStockUnit('7', pair, pcs, 4)).toBe('3.5000');
    expect(fromStockUnit('0.25', kg, g, 4)).toBeNull();
    expect(fromStockUnit('2', m, kg, 4)).toBeNull();
  });
});

describe('partOfLine', () => {
  it('keeps a part in the line unit when it converts back, else in the stock unit at the stock price', () => {
    expect(partOfLine('1000', '400', kg, g, 4)).toEqual({
      enteredQty: '1.0000',
      amountQty: '1.0000',
      unitPrice: '400',
    });
    expect(partOfLine('0.25', '400', kg, g, 4)).toEqual({
      enteredQty: null,
      amountQty: '0.2500',
      unitPrice: '0.400000',
    });
    expect(partOfLine('3', '10', null, pcs, 4)).toEqual({ enteredQty: null, amountQty: '3.0000', unitPrice: '10' });
  });
});
