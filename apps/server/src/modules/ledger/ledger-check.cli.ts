import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { checkLedger } from './ledger-check.ts';

/**
 * `npm run ledger:check`: verifies the ledger on the configured database (DATABASE_URL, else the
 * embedded PGlite under PGLITE_DIR, which only one process may open: stop the site first). Exit
 * code 1 when anything does not balance. Read-only.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR, poolMax: 2 });
try {
  const report = await checkLedger(database.db);
  console.log(`ledger: ${report.transfers} transfers, ${report.entries} entries`);
  if (report.problems.length > 0) {
    for (const p of report.problems) console.error(`  ✗ ${p}`);
    process.exitCode = 1;
  } else {
    console.log('  ✓ every transfer and currency sums to zero; every cached balance equals its entries');
  }
} finally {
  await database.close();
}
