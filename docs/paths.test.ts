/**
 * Every path the documentation names exists, so a renamed or deleted file cannot leave a doc
 * pointing at nothing. Read: every Markdown file of the repository (docs/, the decisions, the
 * README files of the root, bench/ and the source folders) and every `.md` citation in code
 * (`docs/decisions/…`, `docs/product.md#…` in comments). Checked:
 *
 * - a link's target, relative to its file, and its `#anchor` among the target's headings;
 * - a path from the repository's root (`apps/…`, `packages/…`, `docs/…`, `e2e/…`, `bench/…`,
 *   `scripts/…`, `deploy/…`), up to its first placeholder (`<feature>`, `{a,b}`, `*`, `NNN`);
 * - a relative file name in backticks (`lib/session.ts`), found from its own folder, the root,
 *   an app's or the contract's source, or a feature folder of either app;
 * - a bare file name in backticks (`version-cache.ts`), which some file must carry.
 *
 * It lives beside the docs it reads, as a Vitest project of its own in the root
 * `vitest.config.ts`, so `npm test` runs it with the rest.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Folders that hold no source: dependencies, build and test output, data. */
const skippedFolders = new Set([
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
]);

/** Every file of the repository (relative, `/`-separated), less the skipped folders. */
function listFiles(folder = ''): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      const hidden = entry.name.startsWith('.') && entry.name !== '.ci';
      return hidden || skippedFolders.has(entry.name) ? [] : listFiles(path);
    }
    return [path];
  });
}

const files = listFiles();
const fileNames = new Set(files.map((file) => basename(file)));
const markdownFiles = files.filter((file) => file.endsWith('.md'));
const codeFiles = files.filter(
  (file) => /\.(ts|tsx|mjs|js|sql|css)$/.test(file) && file !== 'docs/paths.test.ts',
);

/**
 * Named by the docs, made at run time rather than kept in the repository: the server's and the
 * web app's builds, and an archive's manifest.
 */
const builtPaths = ['apps/api/dist', 'apps/web/dist', 'apps/api/.', 'pages/'];
const builtNames = new Set([
  'main.js',
  'formation-desk-backup.json',
  // PostgreSQL's own settings file inside a data folder (decision 065).
  'postgresql.conf',
]);
/**
 * Named as what not to write (conventions.md, convention 3), or as the files an attacker sends
 * (decision 066).
 */
const counterExamples = new Set(['utils.ts', 'evil.html', 'page.html', 'setup.exe']);
/** Another repository's folder (bulletproof-react's, in conventions.md). */
const foreignPaths = new Set(['apps/react-vite']);

const topFolders = ['apps', 'packages', 'docs', 'e2e', 'bench', 'scripts', 'deploy'];
const rootedPath = new RegExp(
  `(?<![\\w./#@-])(?:${topFolders.join('|')})/[^\\s\`'"()\\[\\],;|]*`,
  'g',
);
const placeholder = /[<>{}*…]|NNN/;
const fileExtension = /\.(ts|tsx|mjs|js|json|sql|md|css|html|conf|template|yml|pem|png)$/;

/** The folders a relative name may be read from besides its own file's. */
const sourceRoots = [
  '',
  'apps/api',
  'apps/api/src',
  'apps/web',
  'apps/web/src',
  'packages/contract',
  'packages/contract/src',
  'e2e',
  'e2e/tests',
  ...['apps/api/src/features', 'apps/web/src/features'].flatMap((features) =>
    readdirSync(join(root, features), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${features}/${entry.name}`),
  ),
];

const exists = (path: string) => existsSync(join(root, path));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsByFile = new Map<string, Set<string>>();
/** The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2` …). */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorsByFile.get(file);
  if (!anchors) {
    anchors = new Set();
    const seen = new Map<string, number>();
    let fenced = false;
    for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      const heading = fenced ? undefined : /^#{1,6}\s+(.*)$/.exec(line)?.[1];
      if (!heading) continue;
      const slug = slugOf(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    anchorsByFile.set(file, anchors);
  }
  return anchors;
}

/** What is wrong with a reference to `target` (a repository path, maybe with `#anchor`). */
function problemWith(target: string): string | undefined {
  const [path = '', anchor] = target.split('#');
  if (!exists(path)) return 'no such file';
  if (anchor && path.endsWith('.md') && !anchorsOf(path).has(anchor)) return 'no such heading';
  return undefined;
}

/** The part of a rooted path before its first placeholder, without trailing punctuation. */
function beforePlaceholder(path: string): string {
  const segments = path.split('/');
  const firstPlaceholder = segments.findIndex((segment) => placeholder.test(segment));
  const kept = firstPlaceholder === -1 ? segments : segments.slice(0, firstPlaceholder);
  return kept.join('/').replace(/[.:/]+$/, '');
}

type Reference = { line: number; text: string; problem: string };

/** The references of one Markdown file that lead nowhere. */
function brokenInMarkdown(file: string): Reference[] {
  const folder = dirname(file);
  const broken: Reference[] = [];
  let fenced = false;
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((content, index) => {
      const line = index + 1;
      const report = (text: string, problem: string | undefined) => {
        if (problem) broken.push({ line, text, problem });
      };
      if (content.startsWith('```')) fenced = !fenced;
      // A code block shows paths, not links: only its rooted paths are read.
      const prose = fenced ? '' : content.replace(/`[^`]*`/g, '');
      for (const [, target = ''] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const resolved = target.startsWith('#')
          ? `${file}${target}`
          : relative(root, join(root, folder, target)).replaceAll('\\', '/');
        report(target, problemWith(resolved));
      }
      for (const [path] of content.matchAll(rootedPath)) {
        const kept = beforePlaceholder(path.split('#')[0] ?? '');
        if (builtPaths.some((built) => kept.startsWith(built)) || foreignPaths.has(kept)) continue;
        const anchor =
          path.includes('#') && !placeholder.test(path) ? `#${path.split('#')[1]}` : '';
        report(path, problemWith(kept + anchor.replace(/[.,:)]+$/, '')));
      }
      for (const [, name = ''] of (fenced ? '' : content).matchAll(/`([^`\s]+)`/g)) {
        // An address (`/api/docs/openapi.json`), a setting or a URL is not a file.
        if (name.startsWith('/') || /[=:]/.test(name)) continue;
        // `.md` alone is an extension, not a file.
        if (!fileExtension.test(name) || placeholder.test(name) || name.startsWith('.')) continue;
        if (topFolders.some((top) => name.startsWith(`${top}/`))) continue; // checked above
        if (builtNames.has(name) || counterExamples.has(name)) continue;
        if (builtPaths.some((built) => name.startsWith(built))) continue;
        if (!name.includes('/')) {
          report(name, fileNames.has(name) ? undefined : 'no file of that name');
          continue;
        }
        const candidate = name.replace(/^#\//, 'apps/web/src/'); // the web app's alias
        const found = [folder, ...sourceRoots].some((base) => exists(join(base, candidate)));
        report(name, found ? undefined : 'not found from its folder or a source root');
      }
    });
  return broken;
}

/** The `.md` citations of one code file that lead nowhere. */
function brokenInCode(file: string): Reference[] {
  const citation = new RegExp(`(?:${topFolders.join('|')})/[\\w./-]+\\.md(?:#[\\w-]+)?`, 'g');
  const broken: Reference[] = [];
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((content, index) => {
      for (const [target] of content.matchAll(citation)) {
        const problem = problemWith(target);
        if (problem) broken.push({ line: index + 1, text: target, problem });
      }
    });
  return broken;
}

describe('the paths the docs name exist', () => {
  it('reads the docs, the decisions and the folder READMEs', () => {
    expect(markdownFiles).toEqual(
      expect.arrayContaining([
        'README.md',
        'bench/README.md',
        'docs/architecture.md',
        'docs/conventions.md',
        'docs/decisions/README.md',
        'apps/api/src/features/README.md',
        'apps/web/src/README.md',
      ]),
    );
  });

  it.each(markdownFiles)('%s', (file) => {
    expect(brokenInMarkdown(file)).toEqual([]);
  });

  it('code cites only docs that exist', () => {
    const broken = codeFiles.flatMap((file) =>
      brokenInCode(file).map((reference) => ({ file, ...reference })),
    );
    expect(broken).toEqual([]);
  });
});
