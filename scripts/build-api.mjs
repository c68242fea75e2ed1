// `npm run build:api`: the API server as plain JavaScript in apps/api/dist, so that `npm start`
// (and a deploy: `node apps/api/dist/main.js`) runs no TypeScript loader. Why a bundle, and what it
// buys at start and in memory: docs/decisions/032-the-server-runs-as-built-javascript-one.md and
// bench/README.md, "Server process".
//
// esbuild bundles apps/api/src/main.ts with the contract (TypeScript source, as everything else
// imports it) and the npm packages into ES modules: main.js, plus a chunk for each part the
// server imports only when it needs it (the admin tools, the demo seed). One file instead of
// the ~730 modules a start loads is what makes it fast: finding, reading and compiling that
// many files was most of the start. Types are not checked here (`npm run typecheck` does
// that). Whitespace and syntax are minified, identifiers are not, so functions and classes keep
// their names (stack traces, logged error types); source maps sit beside the code (`NODE_OPTIONS=--enable-source-maps`
// maps traces to the source).
//
// Two things a bundle would otherwise break:
// - Packages that read files of their own at run time (a WebAssembly build, a native addon)
//   stay in node_modules and are imported from there: `external` below.
// - Our code finds files relative to its own source file (the migrations from db/client.ts,
//   the web app from env.ts): in each of our modules, `import.meta.url`, `.dirname` and
//   `.filename` are made to name that module's source file again, found from the bundle's
//   place, so `../../drizzle` still means apps/api/drizzle. The source files need not exist;
//   the layout of the checkout around dist/ must.
//
// `--outdir apps/api/<name>` builds into another folder (the API's process tests build their
// own, apps/api/.test-dist: apps/api/src/test/build-server.ts). It must sit at dist/'s depth,
// directly in apps/api, since the paths above are worked out from it and then resolved from
// the folder the bundle runs in: one level deeper or higher and `../../drizzle` would name
// another folder. Anything else is refused.
import { readFile } from 'node:fs/promises';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const apiDir = path.join(root, 'apps/api');
const outdir = outputFolder(process.argv.slice(2));

/** apps/api/dist, or the folder `--outdir` names (relative to the checkout's root). */
function outputFolder(args) {
  if (args.length === 0) return path.join(apiDir, 'dist');
  const [flag, value] = args.length === 1 ? args[0].split(/=(.*)/s) : args;
  if (flag !== '--outdir' || !value || args.length > 2) {
    throw new Error(`Usage: node scripts/build-api.mjs [--outdir apps/api/<folder>]`);
  }
  const folder = path.resolve(root, value);
  if (path.dirname(folder) !== apiDir) {
    throw new Error(`--outdir must be a folder directly in apps/api (as dist is), not ${value}`);
  }
  // It is emptied first: only ever a previous build (or nothing), never src/ or drizzle/.
  if (
    existsSync(folder) &&
    readdirSync(folder).length > 0 &&
    !existsSync(path.join(folder, 'main.js'))
  ) {
    throw new Error(`--outdir ${value} holds something other than a build of the API`);
  }
  return folder;
}

/** The command-line tools: `apps/api/src/cli/<name>.ts`, built as `<name>.js`. */
const tools = ['manager', 'seed', 'simulate', 'migrate', 'backup', 'restore', 'import-files'];

/** Packages loaded from node_modules at run time: they read their own files (wasm, .node). */
const external = ['@electric-sql/pglite', '@node-rs/argon2', 'pg-native'];

/** Our modules' `import.meta` made to name their source file (see above). */
const sourceImportMeta = {
  name: 'source-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.split(path.sep).includes('node_modules')) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const relative = JSON.stringify(path.relative(outdir, args.path).split(path.sep).join('/'));
      const contents = source.replace(
        /\bimport\.meta\.(url|dirname|filename)\b/g,
        (_, property) =>
          `__fdSource${{ url: 'Url', dirname: 'Dirname', filename: 'Filename' }[property]}(${relative})`,
      );
      return { contents, loader: 'ts' };
    });
  },
};

// In every output file, before the bundle: what CommonJS packages expect of their scope
// (`require` for Node's own modules and the external packages, `__dirname`, `__filename`, all
// of the bundle file), and the helpers the plugin above calls.
const banner = `
import { createRequire as __fdCreateRequire } from 'node:module';
import { dirname as __fdPathDirname } from 'node:path';
import { fileURLToPath as __fdFileURLToPath } from 'node:url';
const require = __fdCreateRequire(import.meta.url);
const __filename = __fdFileURLToPath(import.meta.url);
const __dirname = __fdPathDirname(__filename);
const __fdBundleUrl = import.meta.url;
const __fdSourceUrl = (relative) => new URL(relative, import.meta.url).href;
const __fdSourceFilename = (relative) => __fdFileURLToPath(__fdSourceUrl(relative));
const __fdSourceDirname = (relative) => __fdPathDirname(__fdSourceFilename(relative));
`.trim();

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, 'apps/api/src/main.ts'),
    // The embedded database's worker thread (db/pglite-thread.ts finds it beside main.js
    // through __fdBundleUrl, the bundle file's own URL).
    'pglite-worker': path.join(root, 'apps/api/src/db/pglite-worker.ts'),
    // The command-line tools, each beside main.js under its npm script's name (manager.js,
    // migrate.js for db:migrate, …): a deploy runs them without a TypeScript loader, and the
    // API's process tests start them as fast as the server (docs/operations.md, "Build and run").
    ...Object.fromEntries(
      tools.map((name) => [name, path.join(root, 'apps/api/src/cli', `${name}.ts`)]),
    ),
  },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]', // beside main.js: the relative paths above hold for every file
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  // Names stay without it (identifiers are not minified), but for a top-level function that
  // shares its name with another module's, which esbuild renames (`parse3`); no class is, and
  // our plugins name themselves (fastify-plugin's `name`). keepNames would wrap every function
  // the code creates at run time, Fastify's per-request hook runners included, in a call that
  // redefines its name: ~5% of the API's CPU on an answer kept in memory (bench/README.md,
  // "A million businesses: where it stands").
  keepNames: false,
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  banner: { js: banner },
  plugins: [sourceImportMeta],
  logLevel: 'warning',
  absWorkingDir: root,
});
process.stdout.write(
  `API built into ${path.relative(root, outdir)} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
