import { NodeFS } from '@electric-sql/pglite/nodefs';

type SetAttr = (file: string, node: unknown, attr: { mode?: number }, ...rest: unknown[]) => void;

/**
 * PGlite's folder with the database files private to this user. Emscripten's
 * file system sets each new file's mode with chmod (0666), which the umask
 * does not limit; here group and other bits are taken off every mode it sets.
 */
export class PrivateNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const { emscriptenOpts } = await super.init(...args);
    const keepPrivate = (mod: { NODEFS?: { doSetAttr?: SetAttr } }) => {
      const nodefs = mod.NODEFS;
      const setAttr = nodefs?.doSetAttr;
      if (!nodefs || !setAttr) throw new Error('PGlite changed: NODEFS.doSetAttr is gone.');
      nodefs.doSetAttr = (file, node, attr, ...rest) =>
        setAttr(
          file,
          node,
          attr.mode == null ? attr : { ...attr, mode: attr.mode & ~0o077 },
          ...rest,
        );
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [keepPrivate, ...(emscriptenOpts.preRun ?? [])],
      },
    };
  }
}
