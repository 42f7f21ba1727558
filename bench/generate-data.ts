// `npm run bench:data [-- --scale full|small|<factor>] [--data-dir DIR] [--force]`: fills a database with the bench's
// large realistic year (bench/data/generate.ts) — PostgreSQL when DATABASE_URL is set, else an embedded PGlite in
// DIR/pglite (default .tmp/bench-data, the directory the bench then starts the server on as ERP_DATA_DIR). Refuses a
// database that already holds business data unless --force. Prints each part's duration and writes the summary to
// bench/dataset.json.
import '../src/server/alias-hooks.ts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { openDatabase } = await import('../src/server/kernel/db.ts');
const { generateDataset, hasBusinessData, scaleOf, formatSeconds } = await import('./data/generate.ts');

const usage = 'Використання: npm run bench:data -- [--scale full|small|<множник>] [--data-dir каталог] [--force]';
let args;
try {
  args = parseArgs({
    options: {
      scale: { type: 'string', default: 'full' },
      'data-dir': { type: 'string', default: '.tmp/bench-data' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}

let scale;
try {
  scale = scaleOf(args.scale);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}

const databaseUrl = process.env.DATABASE_URL || null;
const dataDir = path.resolve(root, args['data-dir']);
const target = databaseUrl ? `PostgreSQL (${databaseUrl.replace(/\/\/[^@]*@/, '//')})` : `PGlite у ${dataDir}`;
console.log(`Генерація даних для вимірювань: ${target}`);
const database = await openDatabase({ databaseUrl, dataDir });
try {
  if ((await hasBusinessData(database.db)) && !args.force) {
    console.error(
      'У базі вже є робочі дані (товари, контрагенти, замовлення або рухи запасів) — генератор нічого не змінив. ' +
        'Вкажіть порожню базу або додайте --force.',
    );
    process.exitCode = 1;
  } else {
    const summary = await generateDataset(database.db, scale, (line) => console.log(line));
    const file = path.join(root, 'bench', 'dataset.json');
    writeFileSync(
      file,
      JSON.stringify({ ...summary, database: database.kind, generatedAt: new Date().toISOString() }, null, 2) + '\n',
    );
    console.log('');
    console.log('Підсумок:');
    for (const [name, n] of Object.entries(summary.counts)) console.log(`  ${name}: ${n.toLocaleString('uk-UA')}`);
    console.log('Тривалість частин:');
    for (const [name, s] of Object.entries(summary.seconds)) console.log(`  ${name}: ${formatSeconds(s)}`);
    const movementsPerSecond = Math.round(summary.counts.movements! / Math.max(0.001, summary.seconds.movements ?? 0));
    console.log(`Усього: ${formatSeconds(summary.totalSeconds)}; рухів запасів за секунду: ${movementsPerSecond}`);
    console.log(
      `Зразок для вимірювань: товар ${summary.sample.itemId}, клієнт ${summary.sample.clientId}, замовлення ${summary.sample.orderId}`,
    );
    console.log(`Підсумок записано у ${path.relative(root, file)}`);
  }
} catch (err) {
  // A failed statement's message carries its whole SQL (thousands of parameters in a bulk insert): show its start and
  // the database's own reason.
  const { message, cause } = err as Error & { cause?: unknown };
  const reason = cause instanceof Error ? ` — ${cause.message}` : '';
  console.error(`Генерація не вдалася: ${message.length > 400 ? `${message.slice(0, 400)}…` : message}${reason}`);
  if (process.env.ERP_DEBUG) console.error(err);
  process.exitCode = 1;
} finally {
  await database.close();
}
