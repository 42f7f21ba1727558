// The dataset's scales: the full year the bench measures, the small one CI runs in seconds, and a factor of the full.

export interface DatasetScale {
  items: number;
  clients: number;
  orders: number;
  movements: number;
  notifications: number;
}

export const FULL_SCALE: DatasetScale = {
  items: 100_000,
  clients: 20_000,
  orders: 200_000,
  movements: 1_000_000,
  notifications: 100_000,
};

/** Seconds, for CI: every document kind and status still occurs, at a few hundred rows each. */
export const SMALL_SCALE: DatasetScale = {
  items: 300,
  clients: 60,
  orders: 200,
  movements: 2_000,
  notifications: 300,
};

export const datasetMessages = {
  badScale: (name: string) => `Невідомий масштаб «${name}»: очікується full, small або число від 0.001 до 10`,
} as const;

/** 'full', 'small' or a factor of the full scale ('0.1' → 10 000 items …). */
export function scaleOf(name: string): DatasetScale {
  if (name === 'full') return { ...FULL_SCALE };
  if (name === 'small') return { ...SMALL_SCALE };
  const factor = Number(name);
  if (!/^\d+(\.\d+)?$/.test(name) || !(factor >= 0.001 && factor <= 10))
    throw new RangeError(datasetMessages.badScale(name));
  const of = (n: number, least: number) => Math.max(least, Math.round(n * factor));
  return {
    items: of(FULL_SCALE.items, 50),
    clients: of(FULL_SCALE.clients, 10),
    orders: of(FULL_SCALE.orders, 10),
    movements: of(FULL_SCALE.movements, 500),
    notifications: of(FULL_SCALE.notifications, 10),
  };
}
