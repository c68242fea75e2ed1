import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/routes.tsx';
import { routeFiles, routePreloads, withPreloads, type ChunkInfo } from './route-preloads.ts';

const root = '/app';
const chunk = (fileName: string, facade: string | null, imports: string[] = [], isEntry = false) =>
  ({
    fileName,
    isEntry,
    facadeModuleId: facade ? path.join(root, facade) : null,
    imports,
  }) satisfies ChunkInfo;

describe('routeFiles', () => {
  const chunks = [
    chunk('assets/index.js', 'src/main.tsx', ['assets/react.js', 'assets/shared.js'], true),
    chunk('assets/react.js', null),
    chunk('assets/shared.js', null),
    chunk('assets/layout.js', 'src/app/layout.tsx', ['assets/react.js', 'assets/query.js']),
    chunk('assets/query.js', null, ['assets/react.js']),
    chunk('assets/screen.js', 'src/screen.tsx', ['assets/query.js', 'assets/table.js']),
    chunk('assets/table.js', null, ['assets/shared.js']),
  ];

  it("lists the route's lazy chunks and what they import, in order, once each, less the entry's", () => {
    expect(
      routeFiles(chunks, root, [
        { path: '/list', modules: ['src/app/layout.tsx', 'src/screen.tsx'] },
      ]),
    ).toEqual([
      {
        path: '/list',
        files: ['assets/layout.js', 'assets/query.js', 'assets/screen.js', 'assets/table.js'],
      },
    ]);
  });

  it('stops the build when a route names a module no chunk starts from', () => {
    expect(() => routeFiles(chunks, root, [{ path: '/x', modules: ['src/gone.tsx'] }])).toThrow(
      /no chunk for src\/gone\.tsx/,
    );
  });
});

describe('withPreloads', () => {
  it('adds a modulepreload link per file before </head>', () => {
    expect(
      withPreloads('<html><head><title>t</title></head><body></body></html>', [
        'assets/a.js',
        'assets/b.js',
      ]),
    ).toBe(
      '<html><head><title>t</title>' +
        '    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/a.js">\n' +
        '    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/b.js">\n' +
        '  </head><body></body></html>',
    );
  });
});

describe('routePreloads', () => {
  /** Every path of the route table, `*` aside. */
  function routePaths(list: RouteObject[]): string[] {
    return list.flatMap((route) => [
      ...(route.path && route.path !== '*' ? [route.path] : []),
      ...routePaths(route.children ?? []),
    ]);
  }

  it('names every route of the app, and only those', () => {
    expect([...routePreloads.map((route) => route.path)].sort()).toEqual(routePaths(routes).sort());
  });

  it('matches the same route as the router does for each path', () => {
    for (const route of routePreloads) {
      const address = route.path.replace(/:[^/]+/g, 'x1');
      const matched = matchRoutes(routes, address)?.at(-1)?.route.path;
      expect(matched, route.path).toBe(route.path);
    }
  });
});
