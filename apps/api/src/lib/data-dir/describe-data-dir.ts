import type { Config } from '../../env.ts';

/** `host:port/database` of a PostgreSQL URL, without its credentials. */
function describePostgres(url: string): string {
  const { host, pathname } = new URL(url);
  return `PostgreSQL at ${host}${pathname}`;
}

/**
 * What the server and each tool say about where the data is, after "Data folder: ":
 * `/srv/fd/data (embedded)`, or `/srv/fd/data (database: PostgreSQL at db:5432/fd)`.
 * `embeddedNote` replaces "embedded" (a tool on a new folder says so).
 */
export function describeDataDir(
  config: Pick<Config, 'dataDir' | 'database'>,
  embeddedNote = 'embedded',
): string {
  return `${config.dataDir} (${
    'url' in config.database ? `database: ${describePostgres(config.database.url)}` : embeddedNote
  })`;
}
