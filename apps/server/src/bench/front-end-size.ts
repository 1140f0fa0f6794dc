import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROUTE_MODULES } from '../../../web/route-preloads.ts';
import { entryOf, filesOf, type Manifest } from './vite-manifest.ts';

/**
 * Issue 15 front-end budget: the gzipped JS and CSS a browser loads for a route, read from the Vite
 * build's manifest (`apps/web/dist/.vite/manifest.json`): the entry with everything it imports
 * statically, plus, for a feature route, the lazily loaded page chunk with its own static imports.
 */

/** The feature routes measured, and the page module each one loads lazily (apps/web/route-preloads.ts). */
export const FEATURE_ROUTES: Record<string, string> = Object.fromEntries(
  [
    '/dashboard',
    '/worker-management',
    '/timesheet',
    '/admin-charge',
    '/training-records',
    '/payslip',
    '/worker/employment-letter/:id',
  ].map((route) => {
    const page = ROUTE_MODULES[route]?.at(-1);
    if (!page) throw new Error(`No client route ${route}`);
    return [route, page];
  }),
);

/** The signed-in shell every feature route loads lazily with its page (apps/web/src/app/router.tsx). */
export const SHELL = ROUTE_MODULES['/dashboard']?.slice(0, -1) ?? [];

export interface RouteSize {
  route: string;
  /** At gzip level 9, as the build's precompressed `.gz` files the server sends (apps/web/vite.config.ts). */
  gzipBytes: number;
  /** At brotli quality 11, as the `.br` files most browsers get. */
  brotliBytes: number;
  files: number;
}

/** Gzipped bytes of the JS and CSS each route needs: `/login` (the entry alone) and every feature route. */
export function routeSizes(distDir: string, manifest: Manifest): RouteSize[] {
  const entry = entryOf(manifest);
  const compressed = new Map<string, { gzip: number; brotli: number }>();
  const sizeOf = (files: Iterable<string>) => {
    const total = { gzip: 0, brotli: 0 };
    for (const file of files) {
      if (!/\.(js|css)$/.test(file)) continue;
      let size = compressed.get(file);
      if (!size) {
        const data = fs.readFileSync(path.join(distDir, file));
        size = {
          gzip: gzipSync(data, { level: 9 }).length,
          brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        };
        compressed.set(file, size);
      }
      total.gzip += size.gzip;
      total.brotli += size.brotli;
    }
    return total;
  };
  const login = filesOf(manifest, entry);
  const loginSize = sizeOf(login);
  const sizes: RouteSize[] = [
    { route: '/login', gzipBytes: loginSize.gzip, brotliBytes: loginSize.brotli, files: login.size },
  ];
  for (const [route, page] of Object.entries(FEATURE_ROUTES)) {
    if (!manifest[page]) continue;
    const shell = SHELL.filter((key) => manifest[key]).flatMap((key) => [...filesOf(manifest, key)]);
    const all = new Set([...login, ...shell, ...filesOf(manifest, page)]);
    const size = sizeOf(all);
    sizes.push({ route, gzipBytes: size.gzip, brotliBytes: size.brotli, files: all.size });
  }
  return sizes;
}
