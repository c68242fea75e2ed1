import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { paths } from '../src/config/paths.ts';
import { renderRoutes, withRootMarkup } from './prerender.ts';

/**
 * A copy of index.html per route that names the route's lazy chunks as `modulepreload` links,
 * so the browser fetches the signed-in layout's and the screen's JavaScript together with the
 * entry, instead of one level after another (entry → layout → screen). The API answers the
 * route with its copy (apps/api/src/plugins/web-app.ts reads `pages/routes.json`); every other
 * address still gets index.html (docs/decisions/038-a-signed-in-first-visit-the-route.md).
 */

export const routePagesDir = 'pages';
export const routePagesIndex = `${routePagesDir}/routes.json`;

/** One entry of `pages/routes.json`, which the API reads (apps/api/src/plugins/web-app.ts). */
export interface RoutePageEntry {
  path: string;
  file: string;
  signedIn: boolean;
}

/** One route: its path pattern as the server matches it, and the source modules React loads lazily for it. */
export interface RoutePreload {
  /** `:name` stands for one path segment. */
  path: string;
  modules: string[];
}

const signedInLayout = 'src/app/signed-in-layout.tsx';
const managerGroup = 'src/features/shell/components/manager-group-layout.tsx';
/** The layouts only a signed-in manager sees: their routes are rendered signed in. */
const signedInAreas = [signedInLayout, managerGroup];
const screen = (feature: string, file: string) => `src/features/${feature}/components/${file}.tsx`;

/** Each route of apps/web/src/app/routes.tsx and what it loads lazily (a test holds the two together). */
export const routePreloads: RoutePreload[] = [
  { path: paths.login, modules: [screen('auth', 'login-screen')] },
  { path: paths.forgotPassword, modules: [screen('auth', 'forgot-password-screen')] },
  { path: paths.verifyOtp, modules: [screen('auth', 'verify-otp-screen')] },
  { path: paths.resetPassword, modules: [screen('auth', 'reset-password-screen')] },
  { path: paths.business, modules: [signedInLayout, screen('businesses', 'businesses-page')] },
  { path: paths.documents, modules: [signedInLayout, 'src/app/documents-screen.tsx'] },
  {
    path: paths.fullBusinessDetails(':businessID'),
    modules: [signedInLayout, screen('businesses', 'business-details-page')],
  },
  {
    path: paths.manageBusiness(':businessUUID'),
    modules: [signedInLayout, screen('manage', 'manage-business-page')],
  },
  { path: paths.settings, modules: [signedInLayout, screen('settings', 'settings-page')] },
  { path: paths.insights, modules: [signedInLayout, screen('insights', 'insights-page')] },
  { path: paths.compliance, modules: [signedInLayout, screen('misc', 'coming-soon-page')] },
  {
    path: paths.mobileNotifications,
    modules: [signedInLayout, screen('notifications', 'notifications-page')],
  },
  { path: paths.request, modules: [signedInLayout, screen('mockups', 'request-page')] },
  {
    path: paths.requestDetails,
    modules: [signedInLayout, screen('mockups', 'request-details-page')],
  },
  { path: paths.onboarding, modules: [signedInLayout, screen('mockups', 'onboarding-page')] },
  { path: paths.taxReturn, modules: [signedInLayout, screen('mockups', 'tax-return-page')] },
  { path: paths.flexDashboard, modules: [managerGroup, screen('mockups', 'flex-dashboard-page')] },
  { path: paths.flexProfile, modules: [managerGroup, screen('mockups', 'flex-profile-page')] },
  { path: paths.flexInvoice, modules: [managerGroup, screen('mockups', 'flex-invoice-page')] },
];

/** What the build's chunks say about themselves (a subset of Rollup's `OutputChunk`). */
export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * The files each route preloads: its lazy modules' chunks and everything they import
 * statically, in that order, less what the entry already loads (index.html names those).
 */
export function routeFiles(
  chunks: ChunkInfo[],
  root: string,
  routes: RoutePreload[] = routePreloads,
): { path: string; files: string[] }[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map(
    chunks
      .filter((chunk) => chunk.facadeModuleId)
      .map((chunk) => [path.resolve(chunk.facadeModuleId!), chunk]),
  );
  const closure = (fileName: string, into: string[], skip: Set<string>) => {
    if (skip.has(fileName) || into.includes(fileName)) return;
    into.push(fileName);
    for (const next of byFile.get(fileName)?.imports ?? []) closure(next, into, skip);
  };
  const loadedByEntry: string[] = [];
  for (const chunk of chunks.filter((c) => c.isEntry))
    closure(chunk.fileName, loadedByEntry, new Set());
  const skip = new Set(loadedByEntry);
  return routes.map((route) => {
    const files: string[] = [];
    for (const module of route.modules) {
      const chunk = byModule.get(path.resolve(root, module));
      if (!chunk) throw new Error(`route-preloads: no chunk for ${module} (${route.path})`);
      closure(chunk.fileName, files, skip);
    }
    return { path: route.path, files };
  });
}

/**
 * index.html with a `modulepreload` link for each file, just before `</head>`. They are fetched
 * at low priority, after the stylesheet and the entry's own scripts (High), which the first
 * paint and the entry need first; and a script fetched at High priority before the first paint
 * counts as render-blocking in Lighthouse's simulation (FCP 1.6 s without the hint, 2.0–2.4 s
 * with High preloads; docs/decisions/038-a-signed-in-first-visit-the-route.md).
 */
export function withPreloads(html: string, files: string[], base = '/'): string {
  const links = files
    .map(
      (file) =>
        `    <link rel="modulepreload" crossorigin fetchpriority="low" href="${base}${file}">\n`,
    )
    .join('');
  if (!html.includes('</head>')) throw new Error('route-preloads: index.html has no </head>.');
  return html.replace('</head>', `${links}  </head>`);
}

const pageName = (routePath: string) =>
  routePath === '/'
    ? 'index'
    : routePath
        .replace(/^\//, '')
        .replace(/\/:[^/]+/g, '')
        .replace(/[^a-z0-9-]+/gi, '-');

/** The Vite plugin: writes `pages/<route>.html` and `pages/routes.json` once the build is written (before precompress). */
export function routePreloadPages(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'formation-desk:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const chunks: ChunkInfo[] = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                fileName: item.fileName,
                isEntry: item.isEntry,
                facadeModuleId: item.facadeModuleId,
                imports: item.imports,
              },
            ]
          : [],
      );
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const signedIn = new Map(
        routePreloads.map((route) => [
          route.path,
          route.modules.some((module) => signedInAreas.includes(module)),
        ]),
      );
      const markup = await renderRoutes(
        root,
        routePreloads.map((route) => ({ path: route.path, signedIn: signedIn.get(route.path)! })),
      );
      await mkdir(path.join(outDir, routePagesDir), { recursive: true });
      // `signedIn`: the route is behind the sign-in, so its page shows a signed-in frame (the
      // server sends the sign-in page instead to a visitor without a session,
      // docs/decisions/053-a-cookie-with-no-secret-tells-the.md).
      const index: RoutePageEntry[] = [];
      for (const route of routeFiles(chunks, root)) {
        const file = `${routePagesDir}/${pageName(route.path)}.html`;
        // Inert until the app renders over it: nothing typed or clicked before then is lost.
        // Hidden from the accessibility tree as well (inert already does that in browsers), so
        // what finds controls by role, a test's locator included, waits for the live ones.
        const page = withRootMarkup(
          html,
          `<div inert aria-hidden="true" style="display:contents">${markup.get(route.path)}</div>`,
        );
        await writeFile(path.join(outDir, file), withPreloads(page, route.files, base));
        index.push({ path: route.path, file, signedIn: signedIn.get(route.path)! });
      }
      await writeFile(path.join(outDir, routePagesIndex), JSON.stringify(index, null, 2) + '\n');
    },
  };
}
