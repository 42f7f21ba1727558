import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';

export const currencies = pgTable(
  'currencies',
  {
    ...resourceColumns(),
    code: text('code').notNull(),
    numericCode: text('numeric_code'),
    name: text('name').notNull(),
    symbol: text('symbol'),
    decimals: integer('decimals').notNull().default(2),
    isBase: boolean('is_base').notNull().default(false),
    autoRates: boolean('auto_rates').notNull().default(false),
  },
  (t) => [
    uniqueIndex('currencies_code_key').on(normalised(t.code)),
    uniqueIndex('currencies_numeric_code_key').on(t.numericCode),
    // One base currency.
    uniqueIndex('currencies_is_base_key')
      .on(t.isBase)
      .where(sql`${t.isBase}`),
  ],
);
