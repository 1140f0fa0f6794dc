import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Issue 15 front-end budget: the gzipped JS and CSS a browser loads for a route, read from the Vite
 * build's manifest (`apps/web/dist/.vite/manifest.json`): the entry with everything it imports
 * statically, plus, for a feature route, the lazily loaded page chunk with its own static imports.
 */

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The feature routes and the page module each one loads lazily (apps/web/src/features/<feature>/routes.tsx). */
export const FEATURE_ROUTES: Record<string, string> = {
  '/dashboard': 'src/features/dashboard/pages/dashboard-page.tsx',
  '/worker-management': 'src/features/workers/pages/worker-list-page.tsx',
  '/timesheet': 'src/features/timesheets/pages/timesheet-list-page.tsx',
  '/admin-charge': 'src/features/admin-charges/pages/admin-charge-list-page.tsx',
  '/training-records': 'src/features/training-records/pages/training-record-list-page.tsx',
  '/payslip': 'src/features/payslips/pages/payslip-list-page.tsx',
  '/worker/employment-letter/:id': 'src/features/employment-letter/pages/employment-letter-page.tsx',
};

/** The signed-in shell every feature route loads lazily with its page (apps/web/src/app/router.tsx). */
export const SHELL = ['src/app/protected-route.tsx', 'src/app/app-layout.tsx'];

/** Every file the chunk `key` brings in with its static imports (not its dynamic ones). */
export function filesOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const files = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const chunk = manifest[current];
    if (!chunk) throw new Error(`The build manifest has no chunk ${current}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

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
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('The build manifest has no entry chunk');
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

export function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null;
}
