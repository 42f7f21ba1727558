// nearestEndWindow: a page past the middle is read from the other end, and the rows it names are exactly the page's.
import { describe, expect, it } from 'vitest';
import { nearestEndWindow } from './list.ts';

/** The rows a window names, in the list's order, over a list 0 … total−1. */
function rowsOf(total: number, limit: number, offset: number): number[] {
  const w = nearestEndWindow(total, { limit, offset });
  const source = Array.from({ length: total }, (_, i) => (w.reversed ? total - 1 - i : i));
  const rows = source.slice(w.offset, w.offset + w.limit);
  return w.reversed ? rows.reverse() : rows;
}

describe('nearestEndWindow', () => {
  it('names the same rows as a plain offset for every page of every size, reading from the nearer end', () => {
    for (const total of [0, 1, 2, 7, 50, 99, 100, 101, 1000]) {
      for (const limit of [1, 2, 3, 50]) {
        for (let offset = 0; offset <= total + limit; offset += limit) {
          const expected = Array.from({ length: total }, (_, i) => i).slice(offset, offset + limit);
          expect(rowsOf(total, limit, offset), `${total}/${limit}/${offset}`).toEqual(expected);
          const w = nearestEndWindow(total, { limit, offset });
          if (w.limit > 0) expect(w.offset).toBeLessThanOrEqual(Math.ceil(total / 2));
        }
      }
    }
  });

  it('reads the last page of 100 000 rows with no rows skipped', () => {
    expect(nearestEndWindow(100_000, { limit: 50, offset: 99_950 })).toEqual({ limit: 50, offset: 0, reversed: true });
    expect(nearestEndWindow(100_000, { limit: 50, offset: 0 })).toEqual({ limit: 50, offset: 0, reversed: false });
    expect(nearestEndWindow(100_010, { limit: 50, offset: 99_999 })).toEqual({ limit: 11, offset: 0, reversed: true });
    expect(nearestEndWindow(10, { limit: 50, offset: 50 })).toEqual({ limit: 0, offset: 50, reversed: false });
  });
});
