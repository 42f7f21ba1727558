// The command line of `npm run bench`.
import { parseArgs } from 'node:util';
import { scaleOf } from '../data/generate.ts';
import type { DbKind } from './dataset.ts';

export const USAGE =
  'Використання: npm run bench -- [--scale full|small|<множник>] [--db pglite|pg|both] [--duration секунд] ' +
  '[--connections N] [--skip-lighthouse] [--fresh] [--out каталог]';

export interface BenchArgs {
  scale: string;
  databases: DbKind[];
  seconds: number;
  connections: number;
  skipLighthouse: boolean;
  fresh: boolean;
  out: string | null;
  help: boolean;
}

export class ArgsError extends Error {}

export function parseBenchArgs(argv: string[]): BenchArgs {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        scale: { type: 'string', default: 'full' },
        db: { type: 'string', default: 'both' },
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '10' },
        'skip-lighthouse': { type: 'boolean', default: false },
        fresh: { type: 'boolean', default: false },
        out: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (err) {
    throw new ArgsError(`${(err as Error).message}\n${USAGE}`);
  }
  try {
    scaleOf(values.scale);
  } catch (err) {
    throw new ArgsError((err as Error).message);
  }
  const databases: Record<string, DbKind[]> = { pglite: ['pglite'], pg: ['postgres'], both: ['pglite', 'postgres'] };
  const chosen = databases[values.db];
  if (!chosen) throw new ArgsError(`Невідома база «${values.db}»: очікується pglite, pg або both`);
  const positive = (name: string, text: string, max: number) => {
    const v = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || !(v > 0 && v <= max)) {
      throw new ArgsError(`Некоректне значення --${name} «${text}»: очікується число від 0 до ${max}`);
    }
    return v;
  };
  return {
    scale: values.scale,
    databases: chosen,
    seconds: positive('duration', values.duration, 600),
    connections: Math.round(positive('connections', values.connections, 1000)),
    skipLighthouse: values['skip-lighthouse'],
    fresh: values.fresh,
    out: values.out ?? null,
    help: values.help,
  };
}
