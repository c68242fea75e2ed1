import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/**
 * Each route's first render as HTML, made at build time
 * (docs/decisions/048-each-route-s-page-carries-its-first.md): the app is built once more for Node
 * (`src/prerender.tsx`, everything bundled in) and each route is rendered with React's server
 * renderer, signed in or out as the route needs, with no data.
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

/** The thread's code: imports the bundle, renders each route, posts the markup back. */
const renderInThread = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { renderRoute } = await import(workerData.entry);
  const rendered = [];
  for (const route of workerData.routes) {
    rendered.push([route.path, await renderRoute(route.pathname, route.signedIn)]);
  }
  parentPort.postMessage({ rendered });
})().catch((error) => parentPort.postMessage({ error: String(error?.stack ?? error) }));
`;

/** Renders every route; the answer's keys are the routes' path patterns. */
export async function renderRoutes(
  root: string,
  routes: RouteToRender[],
): Promise<Map<string, string>> {
  // Inside the project, a folder per build.
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
    // In a thread of its own, ended once the pages are rendered: what the screens leave
    // running (a query cache's timers) must not keep the build's process alive.
    const worker = new Worker(renderInThread, {
      eval: true,
      workerData: {
        entry: pathToFileURL(path.join(outDir, 'prerender.mjs')).href,
        routes: routes.map((route) => ({ ...route, pathname: samplePath(route.path) })),
      },
    });
    try {
      const [answer] = (await once(worker, 'message')) as [
        { rendered: [string, string][] } | { error: string },
      ];
      if ('error' in answer) throw new Error(answer.error);
      return new Map(answer.rendered);
    } finally {
      await worker.terminate();
    }
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
