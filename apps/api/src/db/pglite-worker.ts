/**
 * The embedded database in a worker thread of its own
 * (docs/decisions/035-the-embedded-database-in-a-worker-thread.md): PGlite runs each statement
 * synchronously in the thread that calls it, so in the API's thread one slow statement stalled
 * every request, even those answered from memory. Here it stalls only this thread. Started and
 * spoken to by `pglite-thread.ts`; the protocol (`PgliteRequest`, `PgliteReply`) is defined there.
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { collectGarbage } from '../lib/collect-garbage.ts';
import { PrivateNodeFS } from './pglite-fs.ts';
import type {
  PgliteDump,
  PgliteReply,
  PgliteRequest,
  PgliteWorkerData,
  WireError,
} from './pglite-thread.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (see pglite-thread.ts).');

/**
 * Values of these types stay the text PostgreSQL sent: drizzle asks this of
 * every query (its own parsers make dates and intervals from the text).
 */
const textParsers = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((oid) => [oid, (value: string) => value]),
);

/**
 * PostgreSQL's memory in the embedded database, against PGlite's defaults
 * (docs/decisions/065-the-embedded-database-s-memory.md; bench/README.md, "Server process"):
 * - shared_buffers 8 MB instead of 128 MB: PGlite touches the whole pool at start, so it was
 *   ~120 MiB of every idle process. Pages outside it are read from the data folder's files,
 *   which the operating system keeps cached.
 */
const memorySettings = ['shared_buffers=8MB'];

// WebAssembly compiled by V8's baseline compiler (Liftoff) only, never re-compiled by its
// optimising one (TurboFan): the optimised copies of PostgreSQL's hot functions, and the
// compiler's own memory, held ~45 MiB more, for no measured gain in the time a query takes
// (same decision). Process-wide, set before PGlite compiles its module; nothing else in the
// server compiles WebAssembly.
setFlagsFromString('--liftoff-only');

const { pgliteDir, loadDataDir } = workerData as PgliteWorkerData;
const database = await PGlite.create({
  ...(pgliteDir ? { fs: new PrivateNodeFS(pgliteDir) } : {}),
  ...(loadDataDir ? { loadDataDir: new Blob([readFileSync(loadDataDir)]) } : {}),
  extensions: { pg_trgm },
  startParams: [
    ...PGlite.defaultStartParams,
    ...memorySettings.flatMap((setting) => ['-c', setting]),
  ],
});

// PGlite's start leaves its file system's tarball and its module's bytes behind.
collectGarbage();

/** Open transactions by the id the API's thread gave them. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean, replyId: number) => void }
>();
/** The reply of an 'end' is sent when the transaction settles (see 'begin'). */
const endPending = Symbol('end pending');
/** Rolls a transaction back without an error of its own. */
const rolledBack = new Error('Rolled back by the API');
const stopListening = new Map<number, () => Promise<void>>();

const send = (reply: PgliteReply) => port.postMessage(reply);

function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

async function answer(request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const client = request.tx === undefined ? database : transactions.get(request.tx)?.tx;
      if (!client) throw new Error(`No open transaction ${request.tx}.`);
      const result = await client.query(request.text, request.params, {
        rowMode: request.rowMode,
        parsers: textParsers,
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'begin': {
      const { tx: id } = request;
      // Answered once the transaction has begun; it ends when the API's thread sends 'end',
      // whose answer is sent once PostgreSQL has committed or rolled back.
      let endId: number | undefined;
      return new Promise<void>((begun, failed) => {
        database
          .transaction(
            (tx) =>
              new Promise<void>((commit, rollback) => {
                transactions.set(id, {
                  tx,
                  end: (ok, replyId) => {
                    endId = replyId;
                    if (ok) commit();
                    else rollback(rolledBack);
                  },
                });
                begun();
              }),
          )
          .then(
            () => send({ id: endId!, ok: true, value: undefined }),
            (error: unknown) => {
              if (endId === undefined) failed(error);
              else if (error === rolledBack) send({ id: endId, ok: true, value: undefined });
              else send({ id: endId, ok: false, error: toWireError(error) });
            },
          );
      });
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`No open transaction ${request.tx}.`);
      transactions.delete(request.tx);
      open.end(request.commit, request.id);
      return endPending;
    }
    case 'listen': {
      const { id, channel } = request;
      const unlisten = await database.listen(channel, (payload) =>
        send({ op: 'notify', listener: id, payload }),
      );
      stopListening.set(id, unlisten);
      return undefined;
    }
    case 'unlisten': {
      const unlisten = stopListening.get(request.listener);
      stopListening.delete(request.listener);
      await unlisten?.();
      return undefined;
    }
    case 'dump':
      // Inside a transaction of its own, so that no other is open: the tarball holds only
      // committed work, and the query's rows are of the same moment. A checkpoint first, so
      // that a database loaded from it has little of its write-ahead log to replay.
      return database.transaction(async (tx): Promise<PgliteDump> => {
        await tx.query('checkpoint');
        const { rows } = await tx.query(request.text, request.params, { parsers: textParsers });
        const tarball = await database.dumpDataDir('none');
        return { rows, tarball: new Uint8Array(await tarball.arrayBuffer()) };
      });
    case 'close':
      await database.close();
      return undefined;
  }
}

port.on('message', (request: PgliteRequest) => {
  answer(request).then(
    (value) => {
      if (value !== endPending) send({ id: request.id, ok: true, value });
      if (request.op === 'close') port.close();
    },
    (error: unknown) => send({ id: request.id, ok: false, error: toWireError(error) }),
  );
});
send({ op: 'ready' });
