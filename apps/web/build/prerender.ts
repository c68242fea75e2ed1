import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/**
 * Each route's first render as HTML, made at build time (docs/decisions.md §48): the app is
 * built once more for Node (`src/prerender.tsx`, everything bundled in) and each route is
 * rendered with React's server renderer, signed in or out as the route needs, with no data.
 */

/** A route to render: its path pattern (`:name` segments) and whether it is signed in. */
export interface RouteToRender {
  path: string;
  signedIn: boolean;
}

/** What a `:name` segment stands for while rendering: a well-formed id that loads nothing. */
const sampleSegments: Record<string, string> = {
  businessID: '1',
  businessUUID: '00000000-0000-4000-8000-000000000000',
};

export function samplePath(routePath: string): string {
  return routePath.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const sample = sampleSegments[name];
    if (!sample) throw new Error(`prerender: no sample value for :${name} (${routePath})`);
    return sample;
  });
}

/** Renders every route; the answer's keys are the routes' path patterns. */
export async function renderRoutes(
  root: string,
  routes: RouteToRender[],
): Promise<Map<string, string>> {
  // Inside the project; a folder per build, since Node keeps every module it imported by URL
  // (a second build in one process must not get the first one's).
  const outDir = path.join(root, 'node_modules', `.prerender-${process.pid}-${Date.now()}`);
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender.tsx',
      outDir,
      emptyOutDir: true,
      minify: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  try {
    const entry = pathToFileURL(path.join(outDir, 'prerender.mjs')).href;
    const { renderRoute } = (await import(entry)) as {
      renderRoute: (pathname: string, signedIn: boolean) => Promise<string>;
    };
    const rendered = new Map<string, string>();
    for (const route of routes) {
      rendered.set(route.path, await renderRoute(samplePath(route.path), route.signedIn));
    }
    return rendered;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

const rootStart = '<div id="root">';

/** index.html with `markup` as #root's content, in place of the loading spinner. */
export function withRootMarkup(html: string, markup: string): string {
  const start = html.indexOf(rootStart);
  const end = html.indexOf('</body>');
  if (start < 0 || end < start) throw new Error('prerender: index.html has no #root in its body.');
  return `${html.slice(0, start)}${rootStart}${markup}</div>\n  ${html.slice(end)}`;
}
