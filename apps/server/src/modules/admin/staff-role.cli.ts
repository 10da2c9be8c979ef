import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { GRANTABLE_ROLES, resetStaffTotp, setStaffRole } from './staff-role.ts';

/**
 * `npm run staff:role -- <phone or user id> <admin|support|finance|player>`: gives a registered
 * account a console role (or takes it back) on the configured database (DATABASE_URL, else the
 * embedded PGlite under PGLITE_DIR, which only one process may open: stop the site first).
 * `… <phone or user id> reset-2fa` forgets a staff member's authenticator (lost with its codes).
 */
const [who, role] = process.argv.slice(2);
if (!who || !role) {
  console.error(`usage: npm run staff:role -- <phone or user id> <${GRANTABLE_ROLES.join('|')}|reset-2fa>`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR, poolMax: 2 });
try {
  if (role === 'reset-2fa') {
    const done = await resetStaffTotp(database.db, who, new Date());
    console.log(`user ${done.userId}: authenticator forgotten; the next console visit enrols a new one`);
  } else {
    const done = await setStaffRole(database.db, who, role, new Date());
    console.log(`user ${done.userId}: ${done.before} → ${done.after}`);
  }
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
