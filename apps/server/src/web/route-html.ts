import { createHash } from 'node:crypto';

/**
 * Decision 040 (Lighthouse): the `index.html` the server sends for a client route names the build files
 * that route loads lazily, so the browser fetches them beside the entry instead of once the entry has
 * downloaded and run (one more round trip and download on a slow phone link), and (decision 052) the
 * API requests a list page makes as it first renders. Which those are, the web build says
 * (`route-preloads.json`, written by apps/web/route-preloads.ts, decision 076): the server knows no
 * route, module or API request of the web app.
 */

/** One route of the web build's `route-preloads.json`: a React Router pattern and what it loads. */
export interface RoutePreload {
  path: string;
  files: string[];
  /** Preloaded only for a request without a query string: with one (a search, a page) it goes unused. */
  firstData?: string[];
}

/** The preload tag of a build file: a stylesheet, or a JavaScript module with its imports. */
export const preloadTag = (file: string) =>
  file.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="/${file}">`
    : `<link rel="modulepreload" crossorigin href="/${file}">`;

/**
 * The preload tag of an API request the app makes with `fetch` (same origin, with the cookie):
 * `crossorigin` gives the preload the mode and credentials of such a fetch, so it is used.
 */
export const fetchPreloadTag = (url: string) =>
  `<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`;

/** `indexHtml` with `tags` at the end of its head (after the entry's own tags). */
export function withHeadTags(indexHtml: string, tags: readonly string[]): string {
  if (tags.length === 0 || !indexHtml.includes('</head>')) return indexHtml;
  return indexHtml.replace('</head>', `${tags.map((tag) => `\n    ${tag}`).join('')}\n  </head>`);
}

/**
 * The route a request path shows, as React Router matches it: case-insensitive, a trailing slash
 * ignored, `:name` one non-empty segment. Undefined for any other path (the app's Not Found page).
 */
export function matchRoute<Route extends { path: string }>(pathname: string, routes: readonly Route[]) {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  return routes.find((route) => {
    const pattern = route.path.toLowerCase().split('/').filter(Boolean);
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part === segments[index] || (part.startsWith(':') && segments[index] !== ''))
    );
  });
}

/** One page as sent: its HTML and its validator (weak: every encoding of the page has the same one). */
export interface WebAppPage {
  html: string;
  etag: string;
}

const webAppPage = (html: string): WebAppPage => ({
  html,
  etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
});

/** The page of a path as sent, `withQuery` when the request named a query string (`?...`). */
export type PageFor = (pathname: string, withQuery?: boolean) => WebAppPage;

/** Every route's page, made once from the build's `index.html` and its route preloads. */
export function webAppPages(indexHtml: string, routes: readonly RoutePreload[]): PageFor {
  const plain = webAppPage(indexHtml);
  const pages = new Map(
    routes.map((route) => {
      const files = route.files.map(preloadTag);
      const page = webAppPage(withHeadTags(indexHtml, files));
      const firstData = route.firstData?.map(fetchPreloadTag) ?? [];
      const withData = firstData.length ? webAppPage(withHeadTags(indexHtml, [...firstData, ...files])) : page;
      return [route, { page, withData }];
    }),
  );
  return (pathname, withQuery = false) => {
    const route = matchRoute(pathname, routes);
    const found = route && pages.get(route);
    if (!found) return plain;
    return withQuery ? found.page : found.withData;
  };
}
