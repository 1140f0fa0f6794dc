import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type ClientRoute, matchClientRoute } from './client-routes.ts';
import { entryOf, filesOf, type Manifest } from './vite-manifest.ts';

/**
 * Decision 040 (issue 15, Lighthouse): the `index.html` the server sends for a client route names the
 * chunks that route loads lazily, so the browser fetches them beside the entry. Without it they are
 * found only once the entry has downloaded and run (one more round trip and download on the critical
 * path: on a slow phone link, about a second before the page can paint).
 */

/** The preload tags of the chunks and stylesheets `modules` bring in beyond the entry's own. */
export function preloadTags(manifest: Manifest, modules: readonly string[]): string[] {
  // The entry's files are in index.html already (Vite's script, modulepreload and stylesheet tags).
  const seen = new Set<string>();
  filesOf(manifest, entryOf(manifest), seen);
  const files = new Set<string>();
  for (const module of modules) for (const file of filesOf(manifest, module, seen)) files.add(file);
  return [...files].map((file) =>
    file.endsWith('.css')
      ? `<link rel="preload" as="style" crossorigin href="/${file}">`
      : `<link rel="modulepreload" crossorigin href="/${file}">`,
  );
}

/**
 * The preload tag of an API request the app makes with `fetch` as it starts (same origin, with the
 * cookie): `crossorigin` gives the preload the mode and credentials of such a fetch, so it is used.
 */
export const apiPreloadTag = (url: string) =>
  `<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`;

/** `indexHtml` with `tags` at the end of its head (after the entry's own tags). */
export function withHeadTags(indexHtml: string, tags: readonly string[]): string {
  if (tags.length === 0 || !indexHtml.includes('</head>')) return indexHtml;
  return indexHtml.replace('</head>', `${tags.map((tag) => `\n    ${tag}`).join('')}\n  </head>`);
}

/** The page of a route: `indexHtml` with the startup requests' and the route's chunks' preloads. */
export function routeHtml(
  indexHtml: string,
  manifest: Manifest,
  modules: readonly string[],
  apiRequests: readonly string[] = [],
): string {
  return withHeadTags(indexHtml, [...apiRequests.map(apiPreloadTag), ...preloadTags(manifest, modules)]);
}

/** One page as sent: the HTML and its compressed copies (made once, at start), and its validator. */
export interface WebAppPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Weak, as every encoding of the page has the same one. */
  etag: string;
}

function webAppPage(html: string): WebAppPage {
  const data = Buffer.from(html);
  return {
    html: data,
    br: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(data, { level: 9 }),
    etag: `W/"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`,
  };
}

/** The page of a path as sent, `withQuery` when the request named a query string (`?...`). */
export type PageFor = (pathname: string, withQuery?: boolean) => WebAppPage;

/**
 * Every route's page, built once from the build's `index.html` and manifest, with the preloads of
 * `apiRequests` and of the route's chunks (no manifest: every route gets `index.html` as it is). A route
 * whose modules the manifest lacks (a build older than this table) gets only the API preloads, and
 * `onStale` is told. A route with `data` has a second page that preloads it too (decision 052), sent
 * when the request has no query string: with one, the page asks for other URLs (a search, a page).
 */
export function webAppPages(
  indexHtml: string,
  manifest: Manifest | null,
  routes: readonly ClientRoute[],
  onStale: (route: ClientRoute, error: Error) => void,
  apiRequests: readonly string[] = [],
): PageFor {
  // Any other path: the app's Not Found page, which reads the session too.
  const plainHtml = manifest ? routeHtml(indexHtml, manifest, [], apiRequests) : indexHtml;
  const plain = webAppPage(plainHtml);
  const byHtml = new Map<string, WebAppPage>([[plainHtml, plain]]);
  const pageOf = (html: string) => {
    let page = byHtml.get(html);
    if (!page) {
      page = webAppPage(html);
      byHtml.set(html, page);
    }
    return page;
  };
  const byRoute = new Map<ClientRoute, { page: WebAppPage; withData: WebAppPage }>();
  for (const route of routes) {
    let html = plainHtml;
    let withData = plainHtml;
    if (manifest) {
      try {
        html = routeHtml(indexHtml, manifest, route.modules, apiRequests);
        withData = route.data ? routeHtml(indexHtml, manifest, route.modules, [...apiRequests, ...route.data]) : html;
      } catch (error) {
        onStale(route, error as Error);
      }
    }
    byRoute.set(route, { page: pageOf(html), withData: pageOf(withData) });
  }
  return (pathname, withQuery = false) => {
    const route = matchClientRoute(pathname, routes);
    const pages = route && byRoute.get(route);
    if (!pages) return plain;
    return withQuery ? pages.page : pages.withData;
  };
}
