import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection of this thread's heap, now. For the end of a start only: what the
 * start made and dropped (the embedded database's file-system tarball and module bytes, the
 * demo seed's data) is handed back at once instead of whenever V8 next collects, so the process
 * idles at its working size (docs/decisions/065-the-embedded-database-s-memory.md).
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
