/**
 * `npm run backup` and `npm run restore` for the embedded mode (docs/operations.md, "Backups";
 * docs/decisions/045-the-embedded-database-keeps-data-kills-interrupted.md). A backup is a gzipped
 * tar of
 *
 * - `formation-desk-backup.json`: what it is, when it was taken, what it holds;
 * - `database.tar`: PGlite's own tarball of its data folder (`dumpDataDir`), taken between two
 *   transactions — the same moment as the list of files below;
 * - `files/<key>`: every stored file a row of that database names, and nothing else.
 *
 * Not in it: `jwt-secret` (a backup that leaks must not sign tokens for the live server; after
 * a restore into an empty folder everyone signs in again), the outbox, the lock.
 */
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir/private-data-dir.ts';
import { isNewStorageKey } from '../storage/file-storage.ts';
import { storageKeyColumns } from '../storage/stored-file-sources.ts';
import { readTar, tarStream, type TarEntrySource } from './tar.ts';

const MANIFEST = 'formation-desk-backup.json';
const DATABASE_ENTRY = 'database.tar';
const FILES_PREFIX = 'files/';
const FORMAT = 'formation-desk-backup';
const VERSION = 1;

interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: { kind: 'pglite'; bytes: number };
  files: { count: number; bytes: number; missing: string[] };
  /** Never in a backup (see above). */
  notIncluded: string[];
}

/** Every key a row names: the files a backup must carry. */
const storageKeysQuery = sql.join(
  Object.values(storageKeyColumns).map(
    (column) => sql`select ${column} as key from ${column.table} where ${column} is not null`,
  ),
  sql` union `,
);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Where a stored file is now: in place, or staged while its row has just committed
 * (docs/decisions/024-feedback-uploads-and-the-file-history.md).
 */
function locate(filesDir: string, key: string): string | undefined {
  const candidates = [path.join(filesDir, key)];
  if (isNewStorageKey(key)) candidates.push(path.join(filesDir, '.staging', key.slice(3)));
  return candidates.find((file) => existsSync(file));
}

/** Opens a stored file where it is, following it from staging into place if it moves. */
function openStored(filesDir: string, key: string): Readable {
  for (let attempt = 0; attempt < 3; attempt++) {
    const file = locate(filesDir, key);
    if (!file) break;
    try {
      return createReadStream(file, { fd: openSync(file, 'r') });
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  throw new Error(`The stored file ${key} disappeared while it was backed up.`);
}

/**
 * Writes a backup of `database` (PGlite) and the files its rows name to `file` (a new file,
 * written whole or not at all). Runs in the server (admin channel) or in a tool that holds the
 * data folder: the database and the list of files are of one moment, and stored files never
 * change once written.
 */
export async function createBackup(
  database: Database,
  options: { filesDir: string; file: string; print: (line: string) => void },
): Promise<void> {
  const { filesDir, file, print } = options;
  if (!database.dump) {
    throw new Error(
      'npm run backup is for the embedded database. With DATABASE_URL, back up PostgreSQL with pg_dump: the stored files are in it too (docs/operations.md, "Backups").',
    );
  }
  if (existsSync(file)) throw new Error(`${file} already exists: name a new file.`);
  const startedAt = performance.now();
  const { rows, tarball } = await database.dump(storageKeysQuery);
  const keys = [...new Set((rows as Array<{ key: string }>).map((row) => row.key))].sort();
  const found: Array<{ key: string; size: number }> = [];
  const missing: string[] = [];
  for (const key of keys) {
    const where = locate(filesDir, key);
    if (where) found.push({ key, size: statSync(where).size });
    else missing.push(key);
  }
  const manifest: Manifest = {
    format: FORMAT,
    version: VERSION,
    createdAt: new Date().toISOString(),
    database: { kind: 'pglite', bytes: tarball.length },
    files: {
      count: found.length,
      bytes: found.reduce((sum, entry) => sum + entry.size, 0),
      missing,
    },
    notIncluded: ['jwt-secret', 'outbox', 'formation-desk.lock'],
  };
  async function* entries(): AsyncGenerator<TarEntrySource> {
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    yield { name: MANIFEST, size: manifestBytes.length, body: manifestBytes };
    yield {
      name: DATABASE_ENTRY,
      size: tarball.length,
      body: Buffer.from(tarball.buffer, tarball.byteOffset, tarball.length),
    };
    for (const { key, size } of found) {
      yield { name: FILES_PREFIX + key, size, body: () => openStored(filesDir, key) };
    }
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.part`;
  try {
    await pipeline(
      tarStream(entries()),
      createGzip(),
      createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE }),
    );
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  for (const key of missing) {
    print(`Warning: ${key} is named by a row but is not in ${filesDir}; the backup lacks it.`);
  }
  print(
    `Backed up the database (${megabytes(tarball.length)}) and ${found.length} files (${megabytes(manifest.files.bytes)}) to ${file} in ${seconds(startedAt)}.`,
  );
}

/** A non-empty folder, file by file (the database's own files, or stored files). */
const holdsAnything = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** Collects an entry's bytes (the manifest). */
function collect(into: Buffer[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      into.push(chunk);
      done();
    },
  });
}

/**
 * Restores `file` into the data folder: refuses one that holds a database or stored files
 * unless `force`, then builds the new database and files beside the old ones and only then
 * puts them in place (the old ones are removed). The caller holds the folder's lock.
 */
export async function restoreBackup(
  target: { dataDir: string; pgliteDir: string; filesDir: string },
  options: { file: string; force: boolean; print: (line: string) => void },
): Promise<void> {
  const { dataDir, pgliteDir, filesDir } = target;
  const { file, force, print } = options;
  if (!existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  const occupied = [
    ...(holdsAnything(pgliteDir) ? ['a database'] : []),
    ...(holdsAnything(filesDir) ? ['stored files'] : []),
  ];
  if (occupied.length > 0 && !force) {
    throw new Error(
      `${dataDir} already holds ${occupied.join(' and ')}; a restore replaces them. Run it again with --force to replace them, or set DATA_DIR to an empty folder.`,
    );
  }
  const startedAt = performance.now();
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const work = mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    const newFiles = path.join(work, 'files');
    const newDb = path.join(work, 'db');
    const tarballPath = path.join(work, DATABASE_ENTRY);
    mkdirSync(newFiles, { mode: PRIVATE_DIR_MODE });
    const manifestChunks: Buffer[] = [];
    let fileCount = 0;
    let fileBytes = 0;
    try {
      await readTar(createReadStream(file).pipe(createGunzip()), async ({ name, size }) => {
        if (name === MANIFEST) return collect(manifestChunks);
        if (name === DATABASE_ENTRY) {
          return createWriteStream(tarballPath, { flags: 'wx', mode: PRIVATE_FILE_MODE });
        }
        if (!name.startsWith(FILES_PREFIX)) return undefined;
        const to = path.resolve(newFiles, name.slice(FILES_PREFIX.length));
        if (!to.startsWith(newFiles + path.sep)) throw new Error(`Refused entry ${name}.`);
        mkdirSync(path.dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
        fileCount += 1;
        fileBytes += size;
        return createWriteStream(to, { flags: 'wx', mode: PRIVATE_FILE_MODE });
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
        throw new Error(`${file} is not a Formation Desk backup (not gzip).`, { cause: error });
      }
      throw error;
    }
    const manifest = parseManifest(Buffer.concat(manifestChunks), file);
    if (!existsSync(tarballPath)) throw new Error(`${file} holds no database.`);

    // The database from its tarball, brought up to this version's migrations.
    const database = await openDatabase({ pgliteDir: newDb, loadDataDir: tarballPath });
    let counts;
    try {
      await database.migrate();
      [counts] = await queryRows<{ businesses: number; documents: number }>(
        database.db,
        sql`select (select count(*)::int from businesses) as businesses,
                   (select count(*)::int from documents) as documents`,
      );
    } finally {
      await database.close();
    }

    // In place: the old ones aside first, removed with the work folder.
    for (const [from, to, aside] of [
      [newDb, pgliteDir, 'replaced-db'],
      [newFiles, filesDir, 'replaced-files'],
    ] as const) {
      if (existsSync(to)) renameSync(to, path.join(work, aside));
      renameSync(from, to);
    }
    print(
      `Restored the backup of ${manifest.createdAt} into ${dataDir}: ${counts!.businesses} businesses, ${counts!.documents} documents, ${fileCount} files (${megabytes(fileBytes)}) in ${seconds(startedAt)}.`,
    );
    if (manifest.files.missing.length > 0) {
      print(
        `Warning: ${manifest.files.missing.length} files were already missing when the backup was taken (${manifest.files.missing.slice(0, 3).join(', ')}…).`,
      );
    }
    print(
      "The backup holds no signing secret: this folder's jwt-secret (or JWT_SECRET) signs from now on, so sessions signed with another one end and their users sign in again.",
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function parseManifest(bytes: Buffer, file: string): Manifest {
  let manifest: Partial<Manifest> | undefined;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Partial<Manifest>;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== FORMAT) throw new Error(`${file} is not a Formation Desk backup.`);
  if (manifest.version !== VERSION) {
    throw new Error(
      `${file} is a backup of format ${manifest.version}; this version reads ${VERSION}.`,
    );
  }
  return manifest as Manifest;
}
