/**
 * Starts the real product for the end-to-end tests, as `npm start` would:
 * a fresh embedded data folder, the demo data, the accounts the specs sign in
 * with and the businesses they look for (e2e/fixtures.ts), then the API serving
 * the built web app.
 * The accounts are written before the server opens the embedded database,
 * since PGlite allows one process at a time.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemoIfEmpty } from '../apps/api/src/tools/seed/seed.service.ts';
import { E2E_DATA_DIR, E2E_PORT } from './fixtures.ts';
import { writeFixtures } from './write-fixtures.ts';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });

const database = await openDatabase({ pgliteDir: path.join(E2E_DATA_DIR, 'db') });
await database.migrate();
await seedDemoIfEmpty(database, {
  filesDir: path.join(E2E_DATA_DIR, 'files'),
  log: (line) => console.log(line),
});
await writeFixtures(database);
await database.close();

// The e2e server always runs the embedded default, whatever the shell exported; the built
// web app is apps/web/dist unless E2E_WEB_DIST_DIR names another build.
const webDistDir = process.env.E2E_WEB_DIST_DIR;
for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'JWT_SECRET', 'WEB_DIST_DIR']) {
  delete process.env[name];
}
Object.assign(process.env, {
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: E2E_DATA_DIR,
  SEED_DEMO: 'true',
  // Every spec signs in from 127.0.0.1; per-account limits still apply.
  RATE_LIMIT_IP_MULTIPLIER: '50',
  INIT_CWD: process.cwd(),
  ...(webDistDir ? { WEB_DIST_DIR: path.resolve(webDistDir) } : {}),
});
await import('../apps/api/src/main.ts');
