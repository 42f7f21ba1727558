// `npm run ledger:check`: proves, on the configured database (DATABASE_URL or the embedded one in ERP_DATA_DIR),
// that stock balances equal the sum of movements, item costs equal the sum of movement values and reservations add
// up (domain README §3), and that the sale facts kept on shipment lines equal their documents (decision 0028). Exit code 0 when they hold, 1 otherwise.
import '../src/server/alias-hooks.ts';

const { loadConfig } = await import('../src/server/kernel/config.ts');
const { openDatabase } = await import('../src/server/kernel/db.ts');
const { checkLedger } = await import('../src/modules/stock/server/index.ts');
const { checkSaleFacts } = await import('../src/modules/shipments/server/index.ts');

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await checkLedger(database.db);
  const saleProblems = await checkSaleFacts(database.db);
  if (result.ok && !saleProblems.length) {
    console.log(
      'Облік запасів узгоджений: залишки, собівартість і резерви збігаються з рухами, факти продажів — з відвантаженнями.',
    );
  } else {
    const problems = [...result.problems, ...saleProblems];
    console.error(`Знайдено розбіжності (${problems.length}):`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
