/** `npm run db:migrate`: applies the checked-in migrations to the configured database. */
import { runCli, withDatabase } from './run-cli.ts';

runCli(
  async () => {
    const kind = await withDatabase(async (database) => database.kind);
    process.stdout.write(
      `Migrations applied (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}).\n`,
    );
  },
  { usage: 'Usage: npm run db:migrate' },
);
