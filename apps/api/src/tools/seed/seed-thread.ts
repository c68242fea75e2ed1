/**
 * Prepares seed batches in a worker thread (seed-worker.ts), from the
 * TypeScript sources only (tsx, vitest: the CLI and the bench); the API's
 * bundle has no such worker, and prepares them in its own thread.
 */
import { Worker } from 'node:worker_threads';
import { prepareBatch, type BatchRequest, type PreparedBatch } from './seed-batch.ts';

/** Declared by the API's bundle (scripts/build-api.mjs). */
declare const __fdBundleUrl: string | undefined;

export interface BatchPreparer {
  prepare(request: BatchRequest): Promise<PreparedBatch>;
  close(): Promise<void>;
}

/** In the caller's thread. */
export const inThread: BatchPreparer = {
  prepare: async (request) => prepareBatch(request),
  close: async () => {},
};

/** A worker thread when the sources run (else `inThread`). */
export function startSeedThread(): BatchPreparer {
  if (typeof __fdBundleUrl === 'string') return inThread;
  const url = new URL('./seed-worker.ts', import.meta.url);
  // As in db/pglite-thread.ts: the worker imports its TypeScript through tsx's API.
  const worker = new Worker(
    `import('tsx/esm/api').then(({ tsImport }) =>
       tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)}))`,
    { eval: true },
  );
  const pending = new Map<
    number,
    { resolve(batch: PreparedBatch): void; reject(error: Error): void }
  >();
  let nextId = 1;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  };
  worker.on('message', (reply: { id: number; batch?: PreparedBatch; error?: string }) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.batch) waiting?.resolve(reply.batch);
    else waiting?.reject(new Error(`Seed worker: ${reply.error}`));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The seed's worker thread exited (${code}).`)));
  return {
    prepare(request) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, request });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
