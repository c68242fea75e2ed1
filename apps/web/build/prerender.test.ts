import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths.ts';
import { renderRoutes, samplePath, withRootMarkup } from './prerender.ts';

const webRoot = path.resolve(import.meta.dirname, '..');

describe('samplePath', () => {
  it('fills each :name segment with a well-formed id, and refuses one it has none for', () => {
    expect(samplePath(paths.manageBusiness(':businessUUID'))).toMatch(
      /^\/manage-business\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(samplePath(paths.fullBusinessDetails(':businessID'))).not.toContain(':');
    expect(() => samplePath('/x/:other')).toThrow(/no sample value for :other/);
  });
});

describe('withRootMarkup', () => {
  it("puts the markup in #root in place of index.html's spinner, and keeps the rest", () => {
    const html =
      '<html><head><script type="module" src="/a.js"></script></head><body>\n' +
      '<!-- note -->\n<div id="root">\n<div class="spinner"></div>\n</div>\n</body>\n</html>\n';
    const page = withRootMarkup(html, '<h1>Businesses</h1>');
    expect(page).toContain('<div id="root"><h1>Businesses</h1></div>');
    expect(page).not.toContain('spinner');
    expect(page).toContain('<script type="module" src="/a.js"></script>');
    expect(page.endsWith('</body>\n</html>\n')).toBe(true);
    expect(() => withRootMarkup('<html><body></body></html>', 'x')).toThrow(/no #root/);
  });
});

describe('renderRoutes (the real app, built for Node)', () => {
  it('renders each screen whole as its first render draws it: no script, nothing left to swap in', async () => {
    const rendered = await renderRoutes(webRoot, [
      { path: paths.business, signedIn: true },
      { path: paths.manageBusiness(':businessUUID'), signedIn: true },
      { path: paths.login, signedIn: false },
    ]);
    const business = rendered.get(paths.business)!;
    expect(business).toMatch(/<h1[^>]*>Businesses<\/h1>/);
    expect(business).toContain('aria-label="Main"');
    expect(business).toContain('role="tablist"');
    const manage = rendered.get(paths.manageBusiness(':businessUUID'))!;
    expect(manage).toMatch(/<h1[^>]*>Manage business<\/h1>/);
    const login = rendered.get(paths.login)!;
    expect(login).toMatch(/<h1[^>]*>Welcome back<\/h1>/);
    expect(login).not.toContain('aria-label="Main"');
    for (const html of rendered.values()) {
      expect(html).not.toMatch(/<script|<template|hidden id="S:/);
    }
  }, 120_000);
});
