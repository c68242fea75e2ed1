/**
 * `npm run db:migrate`: applies the checked-in migrations to the configured
 * database. Never through a running server: that server migrated at start.
 */
import { runCli } from './run-cli.ts';
import { UsageError } from './tool.ts';

runCli({
  name: 'migrate',
  usage: `Usage: npm run db:migrate

Applies the migrations this checkout holds that the database lacks (the server does so at each
start too). Stop an embedded server first: it holds the data folder.`,
  parse(argv) {
    if (argv.length > 0) throw new UsageError(`Unexpected argument "${argv[0]}".`);
  },
  startsDataDir: () => true,
  runsInServer: false,
  async run(_args, { database, print }) {
    // The migrations ran when the database was opened for this tool.
    print(`Migrations applied (${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}).`);
  },
});
