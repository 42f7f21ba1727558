// Plain JS on purpose: it must run (and fail clearly) on any Node, including the machine's Node 20.
import { readFileSync } from 'node:fs';

const wanted = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const actual = process.versions.node;
if (actual !== wanted) {
  console.error(
    `Помилка: потрібен Node.js ${wanted}, а запущено ${actual}.\n` +
      'Запускайте команди через npm (npm start, npm test): npm бере закріплений Node з node_modules/.bin.\n' +
      'Якщо node_modules немає, спершу виконайте npm ci.',
  );
  process.exit(1);
}
