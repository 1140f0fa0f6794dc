import { describe, expect, it } from 'vitest';
import { matchRoute, preloadTag, type RoutePreload, webAppPages, withHeadTags } from './route-html.ts';

const INDEX = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="preload" as="fetch" crossorigin href="/api/auth/session">
  </head>
  <body><div id="root"></div></body>
</html>`;

const ROUTES: RoutePreload[] = [
  { path: '/login', files: [] },
  {
    path: '/workers',
    files: ['assets/shell.js', 'assets/list-page.js', 'assets/list-kit.css'],
    firstData: ['/api/workers?page=1&pageSize=25'],
  },
  { path: '/workers/edit/:id', files: ['assets/shell.js', 'assets/form-page.js'] },
];

describe('the index.html of a route (decision 040)', () => {
  it('preloads a stylesheet as a style and anything else as a module', () => {
    expect(preloadTag('assets/a.js')).toBe('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(preloadTag('assets/a.css')).toBe('<link rel="preload" as="style" crossorigin href="/assets/a.css">');
  });

  it("puts the route's preloads at the end of the head, after the entry's own tags", () => {
    const html = withHeadTags(INDEX, ['<link rel="modulepreload" crossorigin href="/assets/shell.js">']);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('/api/auth/session')).toBeLessThan(head.indexOf('/assets/shell.js'));
    expect(html.slice(html.indexOf('</head>'))).toBe(INDEX.slice(INDEX.indexOf('</head>')));
    expect(withHeadTags(INDEX, [])).toBe(INDEX);
  });

  it('matches a path as React Router does', () => {
    expect(matchRoute('/workers', ROUTES)?.path).toBe('/workers');
    expect(matchRoute('/WORKERS/', ROUTES)?.path).toBe('/workers');
    expect(matchRoute('/workers/edit/0b7e', ROUTES)?.path).toBe('/workers/edit/:id');
    expect(matchRoute('/workers/edit', ROUTES)).toBeUndefined();
    expect(matchRoute('/workers/edit/42/more', ROUTES)).toBeUndefined();
    expect(matchRoute('/nowhere', ROUTES)).toBeUndefined();
  });

  it('finds the page of a path, and the plain page for any other path, each made once', () => {
    const pageFor = webAppPages(INDEX, ROUTES);
    const html = (path: string) => pageFor(path).html;
    expect(html('/workers')).toContain('<link rel="modulepreload" crossorigin href="/assets/list-page.js">');
    expect(html('/workers')).toContain('/api/workers?page=1');
    expect(html('/workers')).toContain('<link rel="preload" as="style" crossorigin href="/assets/list-kit.css">');
    expect(html('/Workers/')).toBe(html('/workers'));
    expect(html('/workers/edit/42')).toContain('/assets/form-page.js');
    expect(html('/workers/edit/42')).not.toContain('/assets/list-page.js');
    for (const other of ['/workers/edit', '/nowhere', '/login']) expect(html(other), other).toBe(INDEX);
    expect(pageFor('/workers/edit/1')).toBe(pageFor('/workers/edit/2'));
    expect(pageFor('/workers').etag).toMatch(/^W\/"[\w-]+"$/);
    expect(pageFor('/workers').etag).not.toBe(pageFor('/login').etag);
  });

  it("preloads a route's first data only for the route opened without a query string (decision 052)", () => {
    const pageFor = webAppPages(INDEX, ROUTES);
    const html = (path: string, withQuery?: boolean) => pageFor(path, withQuery).html;
    const dataTag = '<link rel="preload" as="fetch" crossorigin href="/api/workers?page=1&amp;pageSize=25">';
    expect(html('/workers')).toContain(dataTag);
    expect(html('/workers').indexOf('/api/auth/session')).toBeLessThan(html('/workers').indexOf(dataTag));
    expect(html('/workers').indexOf(dataTag)).toBeLessThan(html('/workers').indexOf('/assets/shell.js'));
    // A search or another page asks for other URLs: the chunks still, the first page not.
    expect(html('/workers', true)).not.toContain('/api/workers?');
    expect(html('/workers', true)).toContain('/assets/list-page.js');
    expect(html('/workers/edit/42')).not.toContain('/api/workers?');
    expect(pageFor('/workers').etag).not.toBe(pageFor('/workers', true).etag);
  });

  it('sends index.html as it is when the build names no route', () => {
    expect(webAppPages(INDEX, [])('/workers').html).toBe(INDEX);
  });
});
