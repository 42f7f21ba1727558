// `npm run bench`: measures this machine and writes bench/report.md and bench/report.json (issue 10). A report,
// not a timed test: nothing here fails because a figure is slow; over-budget figures are marked in the report.
import '../src/server/alias-hooks.ts';
import path from 'node:path';

const { ArgsError, parseBenchArgs, USAGE } = await import('./lib/args.ts');
const { ROOT } = await import('./lib/bundle.ts');
const { runBench } = await import('./lib/harness.ts');
const { writeReport } = await import('./lib/report.ts');

let args;
try {
  args = parseBenchArgs(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof ArgsError)) throw err;
  console.error(err.message);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const started = performance.now();
const elapsed = () => {
  const s = Math.floor((performance.now() - started) / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
const outDir = path.resolve(ROOT, args.out ?? 'bench');
const command = ['npm run bench --', ...process.argv.slice(2)].join(' ').replace(/ --$/, '');
console.log(`Вимірювання: масштаб ${args.scale}, бази ${args.databases.join(' і ')}, навантаження ${args.seconds} с`);
const report = await runBench({
  scale: args.scale,
  databases: args.databases,
  seconds: args.seconds,
  connections: args.connections,
  lighthouse: args.skipLighthouse ? 'none' : 'all',
  formFactors: ['mobile', 'desktop'],
  workDir: path.join(ROOT, '.tmp', 'bench'),
  pgAdminUrl: process.env.BENCH_PG_URL || 'postgres://erp_test:erp_test@127.0.0.1:5432/erp_test',
  pgPrefix: 'bench_',
  fresh: args.fresh,
  command,
  log: (line) => console.log(`[${elapsed()}] ${line}`),
});

const file = writeReport(report, outDir);
const over = report.budgets.filter((b) => b.ok === false);
console.log('');
console.log(`Звіт: ${path.relative(ROOT, file)} і report.json`);
console.log(`Понад бюджет: ${over.length} з ${report.budgets.length}`);
for (const b of over) console.log(`  ✗ ${b.area}: ${b.budget} — ${b.value}`);
if (report.errors.length) {
  console.error(`\nПОМИЛКИ (${report.errors.length}):`);
  for (const e of report.errors) console.error(`  ! ${e}`);
  process.exitCode = 1;
}
