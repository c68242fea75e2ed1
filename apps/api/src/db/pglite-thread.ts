/**
 * The API's side of the embedded database's worker thread (`pglite-worker.ts`,
 * docs/decisions/035-the-embedded-database-in-a-worker-thread.md): what drizzle and `client.ts` ask
 * of a PGlite client (`query`, `transaction`, `listen`, `close`), each call a message to the worker
 * and its answer a message back. Statements still run one at a time, in the order they arrive, as
 * in PGlite itself; the API's thread no longer waits for them.
 */
import { Worker } from 'node:worker_threads';

/** What the worker is started with. */
export interface PgliteWorkerData {
  /** The data folder; none: in memory (tests). */
  pgliteDir?: string;
  /** A tarball of a data folder (`dump`) to create the new, empty one from (a restore). */
  loadDataDir?: string;
}

type RowMode = 'array' | 'object';

export type PgliteRequest = { id: number } & (
  | { op: 'query'; text: string; params: unknown[]; rowMode: RowMode; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump'; text: string; params: unknown[] }
  | { op: 'close' }
);

/** What `dump` answers: the rows of its query and the data folder, as of one moment. */
export interface PgliteDump {
  rows: unknown[];
  /** PGlite's tarball of its data folder (`dumpDataDir`). */
  tarball: Uint8Array;
}

/** An error as it crosses the thread: its message, name and plain fields (code, detail…). */
export interface WireError {
  message: string;
  name: string;
  fields: Record<string, unknown>;
}

export type PgliteReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  | { op: 'notify'; listener: number; payload: string }
  | { op: 'ready' };

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: RowMode;
}

/** A transaction's client, as drizzle's PGlite session uses it. */
export interface PgliteTransactionClient {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

/** Declared by the API's bundle (scripts/build-api.mjs): the URL of its own main.js. */
declare const __fdBundleUrl: string | undefined;

/** The built worker beside the bundle, or its TypeScript source. */
function workerUrl(): URL {
  return typeof __fdBundleUrl === 'string'
    ? new URL('./pglite-worker.js', __fdBundleUrl)
    : new URL('./pglite-worker.ts', import.meta.url);
}

const reviveError = ({ message, name, fields }: WireError): Error =>
  Object.assign(new Error(message), fields, { name });

export class PgliteThread implements PgliteTransactionClient {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #closed = false;
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: PgliteReply) => this.#receive(reply));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => {
      if (!this.#closed) this.#fail(new Error(`The embedded database's thread exited (${code}).`));
    });
  }

  /** Starts the worker and waits until its database is open. */
  static async start(data: PgliteWorkerData): Promise<PgliteThread> {
    const url = workerUrl();
    const worker = url.pathname.endsWith('.ts')
      ? // From source (tsx, vitest): the worker imports its TypeScript through tsx's API (a
        // development dependency, found from the working directory: the checkout), as neither
        // process's loader reaches a worker thread.
        new Worker(
          `import('tsx/esm/api').then(({ tsImport }) =>
             tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)}))`,
          { eval: true, workerData: data },
        )
      : new Worker(url, { workerData: data });
    await new Promise<void>((ready, failed) => {
      const onMessage = (reply: PgliteReply) => {
        if ('op' in reply && reply.op === 'ready') done(() => ready());
      };
      const onError = (error: Error) => done(() => failed(error));
      const onExit = (code: number) =>
        done(() => failed(new Error(`The embedded database's thread exited (${code}).`)));
      const done = (settle: () => void) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        settle();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    return new PgliteThread(worker);
  }

  query(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    return this.#call({ op: 'query', text, params, rowMode: options.rowMode ?? 'object' });
  }

  /** Runs `fn` in one transaction: committed if it resolves, rolled back if it throws. */
  async transaction<T>(fn: (tx: PgliteTransactionClient) => Promise<T>): Promise<T> {
    const tx = this.#nextId++;
    await this.#call({ op: 'begin', tx });
    let result: T;
    try {
      result = await fn({
        query: (text, params = [], options = {}) =>
          this.#call({ op: 'query', text, params, rowMode: options.rowMode ?? 'object', tx }),
      });
    } catch (error) {
      await this.#call({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  /** LISTEN in the worker; the answer stops it. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const id = this.#nextId++;
    this.#listeners.set(id, onNotify);
    await this.#call({ op: 'listen', channel }, id);
    return async () => {
      this.#listeners.delete(id);
      if (!this.#closed) await this.#call({ op: 'unlisten', listener: id });
    };
  }

  /**
   * The data folder as a tarball, and the rows of `text`, both as of the same moment: between two
   * transactions, none open
   * (docs/decisions/045-the-embedded-database-keeps-data-kills-interrupted.md). Writes wait
   * meanwhile.
   */
  dump(text: string, params: unknown[] = []): Promise<PgliteDump> {
    return this.#call({ op: 'dump', text, params });
  }

  /** Closes the database (PGlite writes everything to its folder) and ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  #call<T>(request: DistributiveOmit<PgliteRequest, 'id'>, id = this.#nextId++): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error('The embedded database is closed.'));
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #receive(reply: PgliteReply): void {
    if ('op' in reply) {
      if (reply.op === 'notify') this.#listeners.get(reply.listener)?.(reply.payload);
      return;
    }
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(reviveError(reply.error));
  }

  #fail(error: Error): void {
    this.#failure = error;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
