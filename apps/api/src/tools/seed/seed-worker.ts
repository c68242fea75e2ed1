/**
 * The seed's worker thread (seed-thread.ts): prepares the batches it is sent
 * (generation and encoding, most of the seed's own CPU) while the caller's
 * thread sends the batches before them.
 */
import { parentPort } from 'node:worker_threads';
import { prepareBatch, type BatchRequest } from './seed-batch.ts';

parentPort!.on('message', ({ id, request }: { id: number; request: BatchRequest }) => {
  try {
    parentPort!.postMessage({ id, batch: prepareBatch(request) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
