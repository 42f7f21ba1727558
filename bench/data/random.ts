// A seeded generator (mulberry32): the same scale gives the same dataset on every machine, so bench figures of two
// runs compare like with like.

export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
  /** An index in [0, n) skewed towards 0 (a few bestsellers, a long tail): power-law with exponent `skew`. */
  skewed(n: number, skew?: number): number;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
    skewed: (n, skew = 3) => Math.min(n - 1, Math.floor(n * Math.pow(next(), skew))),
  };
}

/** Kopecks as a money string, exactly (12345 → '123.45'). */
export function money(kopecks: number): string {
  const k = Math.max(0, Math.round(kopecks));
  return `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`;
}
