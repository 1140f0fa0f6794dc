import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ClientRoute } from './client-routes.ts';
import { preloadTags, routeHtml, webAppPages } from './route-html.ts';
import type { Manifest } from './vite-manifest.ts';

const INDEX = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** An entry, a shared chunk the entry also uses, and two lazily loaded pages sharing a list chunk. */
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_icons.js'],
    css: ['assets/index.css'],
    dynamicImports: ['src/shell.tsx', 'src/list-page.tsx', 'src/form-page.tsx'],
  },
  '_icons.js': { file: 'assets/icons.js' },
  'src/shell.tsx': { file: 'assets/shell.js', imports: ['index.html', '_query.js'] },
  '_query.js': { file: 'assets/query.js' },
  'src/list-page.tsx': { file: 'assets/list-page.js', imports: ['index.html', '_list-kit.js', '_query.js'] },
  '_list-kit.js': { file: 'assets/list-kit.js', imports: ['_icons.js'], css: ['assets/list-kit.css'] },
  'src/form-page.tsx': { file: 'assets/form-page.js', imports: ['index.html', '_zod.js'] },
  '_zod.js': { file: 'assets/zod.js' },
};

const ROUTES: ClientRoute[] = [
  { path: '/login', modules: [] },
  { path: '/workers', modules: ['src/shell.tsx', 'src/list-page.tsx'], data: ['/api/workers?page=1&pageSize=25'] },
  { path: '/workers/edit/:id', modules: ['src/shell.tsx', 'src/form-page.tsx'] },
  { path: '/stale', modules: ['src/shell.tsx', 'src/gone-page.tsx'] },
];

describe('the index.html of a route (decision 040)', () => {
  it('preloads the chunks and stylesheets the route loads lazily, once each, and nothing of the entry', () => {
    expect(preloadTags(MANIFEST, ['src/shell.tsx', 'src/list-page.tsx'])).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/shell.js">',
      '<link rel="modulepreload" crossorigin href="/assets/query.js">',
      '<link rel="modulepreload" crossorigin href="/assets/list-page.js">',
      '<link rel="modulepreload" crossorigin href="/assets/list-kit.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/list-kit.css">',
    ]);
    expect(preloadTags(MANIFEST, [])).toEqual([]);
  });

  it('puts the API preloads and then the chunks at the end of the head, after the entry', () => {
    const html = routeHtml(INDEX, MANIFEST, ['src/shell.tsx', 'src/form-page.tsx'], ['/api/auth/session']);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('src="/assets/index.js"')).toBeLessThan(head.indexOf('/api/auth/session'));
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/auth/session">');
    expect(head.indexOf('/api/auth/session')).toBeLessThan(head.indexOf('/assets/shell.js'));
    expect(head).toContain('href="/assets/zod.js"');
    expect(head).not.toContain('list-page');
    expect(html.slice(html.indexOf('</head>'))).toBe(INDEX.slice(INDEX.indexOf('</head>')));
  });

  it('finds the page of a path as the router matches it, and the plain page for any other path', () => {
    const stale: string[] = [];
    const pageFor = webAppPages(INDEX, MANIFEST, ROUTES, (route) => stale.push(route.path), ['/api/auth/session']);
    const html = (path: string) => pageFor(path).html.toString();
    expect(html('/workers')).toContain('/assets/list-page.js');
    expect(html('/Workers/')).toBe(html('/workers'));
    expect(html('/workers/edit/42')).toContain('/assets/form-page.js');
    expect(html('/workers/edit/42')).not.toContain('/assets/list-page.js');
    for (const other of ['/workers/edit', '/workers/edit/42/more', '/nowhere', '/login']) {
      expect(html(other), other).toContain('/api/auth/session');
      expect(html(other), other).not.toContain('modulepreload');
    }
    // A route the build does not know (a build older than the table) still gets a page, without chunks.
    expect(stale).toEqual(['/stale']);
    expect(html('/stale')).toBe(html('/nowhere'));
    // Made once: the same objects every time, compressed and with a validator.
    expect(pageFor('/workers/edit/1')).toBe(pageFor('/workers/edit/2'));
    expect(brotliDecompressSync(pageFor('/workers').br).toString()).toBe(html('/workers'));
    expect(pageFor('/workers').etag).toMatch(/^W\/"[\w-]+"$/);
    expect(pageFor('/workers').etag).not.toBe(pageFor('/login').etag);
  });

  it("preloads a route's first data only for the route opened without a query string (decision 052)", () => {
    const pageFor = webAppPages(INDEX, MANIFEST, ROUTES, () => undefined, ['/api/auth/session']);
    const html = (path: string, withQuery?: boolean) => pageFor(path, withQuery).html.toString();
    const dataTag = '<link rel="preload" as="fetch" crossorigin href="/api/workers?page=1&amp;pageSize=25">';
    expect(html('/workers')).toContain(dataTag);
    expect(html('/workers').indexOf('/api/auth/session')).toBeLessThan(html('/workers').indexOf(dataTag));
    expect(html('/workers').indexOf(dataTag)).toBeLessThan(html('/workers').indexOf('/assets/shell.js'));
    // A search or another page asks for other URLs: the chunks still, the first page not.
    expect(html('/workers', true)).not.toContain('/api/workers?');
    expect(html('/workers', true)).toContain('/assets/list-page.js');
    expect(html('/workers/edit/42')).not.toContain('/api/workers?');
    expect(html('/nowhere')).not.toContain('/api/workers?');
    expect(pageFor('/workers').etag).not.toBe(pageFor('/workers', true).etag);
  });

  it('sends index.html as it is when the build has no manifest', () => {
    const pageFor = webAppPages(INDEX, null, ROUTES, () => undefined, ['/api/auth/session']);
    expect(pageFor('/workers').html.toString()).toBe(INDEX);
  });
});
