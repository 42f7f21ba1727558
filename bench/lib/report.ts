// bench/report.md from the report object: the header says where and on what it was measured; every section is a
// table; budgets come first, errors before everything.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pluralUk } from '@/shared/plural.ts';
import { API_P99_BUDGET_MS, kib, ms } from './budgets.ts';
import { LARGE_SCAN } from './sql-baseline.ts';
import type { BenchReport, DatabaseResult, ProcessesResult } from './harness.ts';
import type { LoadFigures } from './stats.ts';

/** The section titles, in order (the CI test checks that each is present). */
export const SECTIONS = {
  budgets: '## Бюджети (DESIGN §9)',
  bundle: '## Пакет клієнта',
  lighthouse: '## Lighthouse',
  api: '## API під навантаженням',
  coldStart: '## Холодний старт і пам’ять',
  diagnosis: '## Діагностика повільних запитів',
  reproduce: '## Як відтворити',
} as const;

const n = (value: number) => Math.round(value).toLocaleString('uk-UA');
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} МіБ`;
const sec = (msValue: number | null) => (msValue === null ? '—' : `${(msValue / 1000).toFixed(1)} с`);
const mark = (ok: boolean | null) => (ok === null ? '— не виміряно' : ok ? '✅' : '❌ **понад бюджет**');
const dbName = (kind: string) => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL');
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

function header(report: BenchReport): string[] {
  const { meta } = report;
  const m = meta.machine;
  const pg = report.databases.find((d) => d.kind === 'postgres')?.version ?? null;
  const pglite = report.databases.find((d) => d.kind === 'pglite')?.version ?? null;
  const lines = [
    '# Вимірювання продуктивності (`npm run bench`)',
    '',
    `- **Дата:** ${meta.date.replace('T', ' ').slice(0, 19)} UTC`,
    `- **Машина:** ${m.cpu}, ${m.cores} ${pluralUk(m.cores, ['ядро', 'ядра', 'ядер'])}, ${(m.ramBytes / 2 ** 30).toFixed(1)} ГіБ RAM, ${m.os}`,
    `- **Node:** ${m.node}; **PostgreSQL:** ${pg ?? 'не вимірювався'}; **PGlite:** ${pglite ?? 'не вимірювався'}`,
    `- **Навантаження машини (load average 1/5/15 хв):** на початку ${meta.loadAverage.start.map((x) => x.toFixed(2)).join(' / ')}, наприкінці ${meta.loadAverage.end.map((x) => x.toFixed(2)).join(' / ')} — машина спільна, фонові процеси впливають на цифри`,
    `- **Масштаб даних:** ${meta.scaleName}`,
  ];
  if (meta.scaleName !== 'full') {
    lines.push(
      `- **⚠ Це не повний масштаб** (issue 10 вимірює на \`--scale full\`): бюджети API «на таблицях у 100 тис. рядків» тут перевірено на менших таблицях`,
    );
  }
  for (const db of report.databases) {
    const s = db.dataset.summary;
    const c = s.counts;
    lines.push(
      `- **Набір даних, ${dbName(db.kind)}** (${db.dataset.location}): ${n(c.items ?? 0)} товарів, ${n(c.clients ?? 0)} клієнтів, ` +
        `${n(c.orders ?? 0)} замовлень (${n(c.orderLines ?? 0)} ${pluralUk(c.orderLines ?? 0, ['рядок', 'рядки', 'рядків'])}), ${n(c.movements ?? 0)} рухів запасів, ` +
        `${n(c.notifications ?? 0)} сповіщень; згенеровано за ${s.totalSeconds.toFixed(1)} с` +
        (db.dataset.reused
          ? ` — **повторно використано** набір, згенерований ${db.dataset.generatedAt.replace('T', ' ').slice(0, 19)} UTC (та сама версія генератора; міграції, новіші за набір, сервер застосував до нього під час старту)`
          : ` (${db.dataset.generatedAt.replace('T', ' ').slice(0, 19)} UTC, у цьому запуску)`),
    );
  }
  for (const skipped of report.skippedDatabases)
    lines.push(`- **${dbName(skipped.kind)} пропущено:** ${skipped.reason}`);
  lines.push(
    `- **Навантаження API:** autocannon, ${meta.seconds} с, ${meta.connections} з'єднань на кожну кінцеву точку; клієнт навантаження працює на тій самій машині`,
    `- **Тривалість запуску:** ${(meta.benchSeconds / 60).toFixed(1)} хв; команда: \`${meta.command}\``,
    '',
  );
  return lines;
}

function errorsSection(report: BenchReport): string[] {
  if (!report.errors.length) return [];
  return ['## ⚠ ПОМИЛКИ ПІД ЧАС ВИМІРЮВАННЯ', '', ...report.errors.map((e) => `- **${e}**`), ''];
}

function budgetsSection(report: BenchReport): string[] {
  const over = report.budgets.filter((b) => b.ok === false).length;
  return [
    SECTIONS.budgets,
    '',
    over ? `Понад бюджет: **${over}** з ${report.budgets.length}.` : `Усі ${report.budgets.length} у межах бюджету.`,
    '',
    table(
      ['Розділ', 'Бюджет', 'Виміряно', 'Стан'],
      report.budgets.map((b) => [b.area, b.budget, b.value, mark(b.ok)]),
    ),
    '',
  ];
}

function bundleSection(report: BenchReport): string[] {
  const b = report.bundle;
  if (!b) return [SECTIONS.bundle, '', 'Не виміряно (див. помилки).', ''];
  const rows = b.routes.map((r) => [
    r.route === '/login' ? '/login (будь-яка адреса без входу)' : r.route,
    kib(r.js.br),
    kib(r.js.gzip),
    kib(r.css.br),
    kib(r.css.gzip),
    String(r.files),
  ]);
  return [
    SECTIONS.bundle,
    '',
    'Що браузер завантажує, перш ніж маршрут покаже вміст: точка входу з її статичними імпортами й CSS, для сторінок ' +
      'після входу — ще оболонка (`authenticated-app`) і лінивий фрагмент сторінки з його статичними імпортами ' +
      '(за маніфестом Vite і таблицею маршрутів `src/web/app/routes.tsx`). Розміри — ті, що надсилає сервер: ' +
      'попередньо стиснені `.br`/`.gz`, а файли до 1 КБ — як є. Фрагменти, що вантажаться після першого малювання ' +
      '(тости), не враховано.',
    '',
    table(['Маршрут', 'JS brotli', 'JS gzip', 'CSS brotli', 'CSS gzip', 'Файлів'], rows),
    '',
    `Уся збірка: JS ${kib(b.total.js.br)} brotli / ${kib(b.total.js.gzip)} gzip (${kib(b.total.js.raw)} без стиснення), ` +
      `CSS ${kib(b.total.css.br)} brotli / ${kib(b.total.css.gzip)} gzip, інше (WASM, значки) ${kib(b.total.other.raw)}; ` +
      `${b.total.files} файлів. Маніфест: ${b.manifestSource === 'served' ? 'зі збірки сервера' : 'з ідентичної збірки бенчмарка (`vite build --manifest`)'}` +
      `${b.identicalToServed ? '' : ' — **відрізняється від зібраної для сервера**'}.`,
    '',
    'Найбільші фрагменти JS:',
    '',
    table(
      ['Файл', 'brotli', 'gzip', 'без стиснення'],
      b.largestChunks.map((c) => [c.file, kib(c.br), kib(c.gzip), kib(c.raw)]),
    ),
    '',
  ];
}

function lighthouseSection(report: BenchReport): string[] {
  const lh = report.lighthouse;
  if (lh.skipped) return [SECTIONS.lighthouse, '', `Пропущено: ${lh.skipped}.`, ''];
  if (!lh.runs.length) return [SECTIONS.lighthouse, '', 'Не виміряно (див. помилки).', ''];
  const rows = lh.runs.map((r) => [
    `${r.label} (${r.path})`,
    r.formFactor === 'mobile' ? 'мобільний' : 'десктоп',
    r.performance?.toString() ?? '—',
    r.accessibility?.toString() ?? '—',
    r.fcpMs === null ? '—' : ms(r.fcpMs),
    r.lcpMs === null ? '—' : ms(r.lcpMs),
    r.tbtMs === null ? '—' : ms(r.tbtMs),
    r.observedFcpMs === null ? '—' : ms(r.observedFcpMs),
    r.observedLcpMs === null ? '—' : ms(r.observedLcpMs),
    r.transferBytes === null ? '—' : kib(r.transferBytes),
    r.requests?.toString() ?? '—',
    r.waterfallDepth === null ? '—' : String(r.waterfallDepth - 1),
  ]);
  const failed = lh.runs.filter((r) => r.failedAccessibilityAudits.length);
  const chains = [...new Map(lh.runs.filter((r) => r.waterfallChain.length).map((r) => [r.path, r])).values()];
  return [
    SECTIONS.lighthouse,
    '',
    `Lighthouse 13 (Chromium \`--headless=new\`) на великому наборі даних (${dbName(lh.database ?? '')}); сторінки після входу — з cookie сесії. ` +
      'FCP, LCP, TBT — оцінки Lighthouse (мобільний: імітація повільного 4G і вчетверо повільнішого процесора); ' +
      '«виміряний» FCP/LCP — що сталося насправді на localhost. Каскад — рівнів запитів після документа (оцінка за журналом мережі Chrome).',
    '',
    table(
      [
        'Сторінка',
        'Пристрій',
        'Продуктивність',
        'Доступність',
        'FCP',
        'LCP',
        'TBT',
        'FCP виміряний',
        'LCP виміряний',
        'Передано',
        'Запитів',
        'Каскад',
      ],
      rows,
    ),
    '',
    ...(failed.length
      ? [
          'Провалені перевірки доступності: ' +
            failed.map((r) => `${r.path} (${r.formFactor}): ${r.failedAccessibilityAudits.join(', ')}`).join('; ') +
            '.',
          '',
        ]
      : []),
    'Найдовший ланцюжок запитів:',
    '',
    ...chains.map((r) => `- ${r.path}: ${r.waterfallChain.map((u) => `\`${u}\``).join(' → ')}`),
    '',
  ];
}

function latency(f: LoadFigures | null, which: 'p50' | 'p99'): string {
  if (!f) return '—';
  return f.completed ? ms(f[which]) : `> ${f.seconds.toFixed(0)} с ❌`;
}

function apiTable(db: DatabaseResult): string {
  return table(
    [
      'Кінцева точка',
      'Рядків усього',
      'зап/с',
      'p50',
      'p99',
      'не 2xx',
      `SQL: запитів`,
      'SQL зап/с',
      'SQL p50',
      'SQL p99',
      'API ÷ SQL (p50)',
      'SQL ÷ API (зап/с)',
    ],
    db.endpoints.map((e) => [
      `${e.label}: \`${e.path}\``,
      e.total === null ? '—' : n(e.total),
      e.http ? n(e.http.rps) : '—',
      latency(e.http, 'p50'),
      e.http?.completed ? `${ms(e.http.p99)}${e.http.p99 > API_P99_BUDGET_MS ? ' ❌' : ''}` : latency(e.http, 'p99'),
      e.http ? (e.http.non2xx + e.http.errors ? `**${e.http.non2xx + e.http.errors}**` : '0') : '—',
      String(e.statements.length),
      e.sql ? n(e.sql.rps) : '—',
      latency(e.sql, 'p50'),
      latency(e.sql, 'p99'),
      e.overheadP50 === null ? '—' : `${e.overheadP50.toFixed(1)}×`,
      e.overheadRps === null ? '—' : `${e.overheadRps.toFixed(1)}×`,
    ]),
  );
}

/** Decision 0030: the same quick endpoints with one process and with one per core. */
function processesPart(p: ProcessesResult): string[] {
  const workers = `${p.workers} ${pluralUk(p.workers, ['процес', 'процеси', 'процесів'])}`;
  return [
    `#### Один процес і ${workers} (\`ERP_WORKERS\`, рішення 0030)`,
    '',
    `Поточний користувач, дашборд, списки й пошук (ті, що один процес обслуговує щонайменше 50 разів на секунду) ще раз під тим самим навантаженням ` +
      `із сервером у ${workers}. Пам’ять усіх процесів після навантаження: ${mib(p.rssAfterLoad)}.`,
    '',
    table(
      ['Кінцева точка', 'зап/с, 1 процес', `зап/с, ${workers}`, 'p99, 1 процес', `p99, ${workers}`, 'Зростання'],
      p.rows.map((r) => [
        `${r.label}: \`${r.path}\``,
        r.one ? n(r.one.rps) : '—',
        n(r.many.rps),
        r.one?.completed ? ms(r.one.p99) : '—',
        r.many.completed ? ms(r.many.p99) : '—',
        r.one && r.one.rps > 0 ? `${(r.many.rps / r.one.rps).toFixed(2).replace('.', ',')}×` : '—',
      ]),
    ),
    '',
  ];
}

function apiSection(report: BenchReport): string[] {
  const out = [
    SECTIONS.api,
    '',
    'HTTP: autocannon проти запущеного `node scripts/start.ts` (журнал сервера на рівні info, як у роботі). ' +
      'SQL: ті самі оператори, які виконує один такий запит (сесія, права, запити самої кінцевої точки), ' +
      'перехоплені журналом Drizzle у застосунку, зібраному в процесі бенчмарка на тій самій базі, і виконані ' +
      'напряму драйвером (`pg` / PGlite) з тією самою кількістю одночасних виконавців і тривалістю. ' +
      '«API ÷ SQL» — у скільки разів запит через API повільніший за свої оператори SQL: накладні витрати HTTP, Fastify, перевірки й серіалізації. ' +
      'Значення біля 1 або менше 1 означає, що накладні витрати менші за розкид вимірювань на цій (спільній) машині.',
    '',
  ];
  for (const db of report.databases) {
    out.push(`### ${dbName(db.kind)}`, '', apiTable(db), '');
    if (db.processes) out.push(...processesPart(db.processes));
  }
  for (const s of report.skippedDatabases) out.push(`### ${dbName(s.kind)}`, '', `Пропущено: ${s.reason}.`, '');
  return out;
}

function coldStartSection(report: BenchReport): string[] {
  return [
    SECTIONS.coldStart,
    '',
    'Від запуску процесу `node scripts/start.ts` (сервер — із пакета `dist/server`, зібраного заздалегідь, як його ' +
      'збирає `npm start`) до першої відповіді 200 на `GET /` (сервер відповідає лише після ' +
      'міграцій, створення адміністратора й довідників). Порожня база — перший запуск: створення бази і всі міграції ' +
      '(для PGlite — копія образу щойно змігрованої бази, який робить перший запуск з новими міграціями, рішення 0033). «Затихання» — скільки ще сервер працював сам (фонові задачі старту), ' +
      'перш ніж почалося навантаження. Пам’ять — RSS процесу сервера після всього навантаження (/proc/<pid>/status).',
    '',
    table(
      [
        'База',
        'Порожня база',
        'Велика база',
        'Затихання після старту',
        'RSS після навантаження',
        'Пік RSS',
        'Примітки',
      ],
      report.databases.map((db) => [
        dbName(db.kind),
        sec(db.coldStart.emptyMs),
        sec(db.coldStart.largeMs),
        sec(db.coldStart.settleMs),
        db.memoryAfterLoad ? mib(db.memoryAfterLoad.rss) : '—',
        db.memoryAfterLoad ? mib(db.memoryAfterLoad.peakRss) : '—',
        db.coldStart.notes.join('; ') || '—',
      ]),
    ),
    '',
    'Експорт XLSX реєстру продажів за рік (найбільший файл, який може попросити користувач) після навантаження: ' +
      'розмір, час і RSS сервера перед ним та найбільший під час нього (кожні 50 мс) — потокова видача тримає пам’ять сталою.',
    '',
    table(
      ['База', 'Розмір', 'Час', 'RSS перед', 'RSS пік під час'],
      report.databases.map((db) =>
        db.exportMemory
          ? [
              dbName(db.kind),
              mib(db.exportMemory.bytes),
              sec(db.exportMemory.seconds * 1000),
              mib(db.exportMemory.rssBefore),
              mib(db.exportMemory.rssPeakDuring),
            ]
          : [dbName(db.kind), '—', '—', '—', '—'],
      ),
    ),
    '',
  ];
}

/** A statement slower than this (one run, EXPLAIN ANALYZE) is a database cause worth its plan in the report. */
const SLOW_STATEMENT_MS = API_P99_BUDGET_MS / 4;

function diagnosisSection(report: BenchReport): string[] {
  const out = [
    SECTIONS.diagnosis,
    '',
    'Для кожної кінцевої точки понад бюджет: чи винна база (найповільніший оператор і вузли плану, що читають ' +
      `понад ${LARGE_SCAN.toLocaleString('uk-UA')} ${pluralUk(LARGE_SCAN, ['рядок', 'рядки', 'рядків'])}), чи решта шляху запиту. Плани операторів, повільніших за ` +
      `${SLOW_STATEMENT_MS} мс або з великими переглядами, — нижче; усі плани — у bench/report.json.`,
    '',
  ];
  const quick: string[] = [];
  let any = false;
  for (const db of report.databases) {
    for (const e of db.endpoints) {
      const slowHttp = e.http !== null && (e.http.completed === 0 || e.http.p99 > API_P99_BUDGET_MS);
      const scans = e.explain.flatMap((x) => x.largeScans);
      const worst = [...e.explain].sort((a, b) => b.executionMs - a.executionMs)[0];
      const dbBound = scans.length > 0 || (worst !== undefined && worst.executionMs > SLOW_STATEMENT_MS);
      if (!slowHttp && !dbBound) continue;
      any = true;
      if (!dbBound) {
        quick.push(
          `- ${dbName(db.kind)} \`${e.path}\`: p99 ${e.http ? ms(e.http.p99) : '—'}, а найдовший оператор — ` +
            `${worst ? ms(worst.executionMs) : '—'}: час іде на чергу ${report.meta.connections} одночасних запитів ` +
            'до процесора й бази та на обробку в Node, не на план запиту.',
        );
        continue;
      }
      out.push(
        `### ${dbName(db.kind)}: \`${e.path}\``,
        '',
        `p99 ${e.http?.completed ? ms(e.http.p99) : '—'}; SQL p50 ${e.sql?.completed ? ms(e.sql.p50) : '—'}; ` +
          `великі перегляди: ${scans.join('; ') || 'немає'}.`,
        '',
      );
      if (worst) {
        out.push(
          `<details><summary>Найповільніший оператор (${ms(worst.executionMs)})</summary>`,
          '',
          '```sql',
          worst.sql.trim(),
          '```',
          '',
          '```',
          worst.plan,
          '```',
          '',
          '</details>',
          '',
        );
      }
    }
  }
  if (quick.length) out.push('### Понад бюджет без повільного SQL', '', ...quick, '');
  if (!any) out.push('Жодна кінцева точка не перевищила бюджет і не читала великих обсягів.', '');
  return out;
}

function reproduceSection(report: BenchReport): string[] {
  return [
    SECTIONS.reproduce,
    '',
    '```sh',
    report.meta.command,
    '```',
    '',
    'Набір даних створюється в `.tmp/bench/` (PGlite) і в базі `bench_<масштаб>` на PostgreSQL і використовується ' +
      'повторно, поки не змінилися генератор (bench/data) і міграції; `--fresh` генерує заново. Див. bench/README.md.',
    '',
  ];
}

export function renderMarkdown(report: BenchReport): string {
  return [
    ...header(report),
    ...errorsSection(report),
    ...budgetsSection(report),
    ...bundleSection(report),
    ...lighthouseSection(report),
    ...apiSection(report),
    ...coldStartSection(report),
    ...diagnosisSection(report),
    ...reproduceSection(report),
  ].join('\n');
}

/** Writes report.md and report.json into `dir`; returns the Markdown path. */
export function writeReport(report: BenchReport, dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  const file = path.join(dir, 'report.md');
  writeFileSync(file, renderMarkdown(report));
  return file;
}
