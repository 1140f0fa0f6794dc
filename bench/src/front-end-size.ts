import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BUDGETS } from './budgets.ts';
import { type Figure, figure } from './figures.ts';

/**
 * Decision 078's front-end budget: the gzipped JS and CSS a browser loads for a route, read from the web
 * build's own manifest (`apps/web/dist/.vite/manifest.json`): for `/login` the entry chunk with its
 * static imports (the sign-in screen is in the entry); for a signed-in route, also the modules the
 * router loads lazily for it, each found among the dynamic imports of a chunk the route already loads,
 * with their own static imports.
 */

/** One chunk of the Vite manifest: its file, its CSS and what it imports. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The routes measured and the source modules the router loads lazily for each, in order, as the
 * manifest names them: the signed-in shell (apps/web/src/app/router.tsx) and the page
 * (features/workers/routes.tsx). A module that is no longer a dynamic import fails the run.
 */
export const MEASURED_ROUTES: Record<string, readonly string[]> = {
  '/login': [],
  '/worker-management': [
    'src/app/protected-route.tsx',
    'src/app/app-layout.tsx',
    'src/features/workers/pages/worker-list-page.tsx',
  ],
};

export function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null;
}

/** The keys of chunk `key` and of everything it imports statically. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/** The manifest keys of the chunks a browser loads for `route`. */
export function chunksOf(manifest: Manifest, route: string): Set<string> {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('The build manifest has no entry chunk');
  const lazy = MEASURED_ROUTES[route];
  if (!lazy) throw new Error(`No measured route ${route}`);
  const keys = new Set<string>();
  staticClosure(manifest, entry, keys);
  for (const module of lazy) {
    const loadedBy = [...keys].some((key) => manifest[key]?.dynamicImports?.includes(module));
    if (!loadedBy) throw new Error(`${route}: no chunk it loads imports ${module} lazily (see MEASURED_ROUTES)`);
    staticClosure(manifest, module, keys);
  }
  return keys;
}

export interface RouteSize {
  route: string;
  /** At gzip level 9, as the build's precompressed `.gz` files the server sends (apps/web/vite.config.ts). */
  gzipBytes: number;
  /** At brotli quality 11, as the `.br` files most browsers get. */
  brotliBytes: number;
  files: number;
}

export function routeSizes(distDir: string, manifest: Manifest): RouteSize[] {
  return Object.keys(MEASURED_ROUTES).map((route) => {
    const files = new Set<string>();
    for (const key of chunksOf(manifest, route)) {
      const chunk = manifest[key];
      if (!chunk) continue;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
    }
    let gzipBytes = 0;
    let brotliBytes = 0;
    for (const file of files) {
      if (!/\.(js|css)$/.test(file)) continue;
      const data = fs.readFileSync(path.join(distDir, file));
      gzipBytes += gzipSync(data, { level: 9 }).length;
      brotliBytes += brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
    return { route, gzipBytes, brotliBytes, files: files.size };
  });
}

/** The gzipped JS and CSS of `/login` (budgeted) and `/worker-management`, from the web build. */
export function frontEndFigures(webDist: string): Figure[] {
  const manifest = readManifest(webDist);
  if (!manifest) return [];
  const sizes = routeSizes(webDist, manifest);
  const login = sizes.find((size) => size.route === '/login')?.gzipBytes ?? 0;
  return sizes.map((size) =>
    size.route === '/login'
      ? figure(
          'front end: /login JS+CSS gzipped',
          '-',
          size.gzipBytes / 1024,
          'KB',
          { limit: BUDGETS.loginKb },
          `${size.files} files; brotli ${(size.brotliBytes / 1024).toFixed(1)} KB`,
        )
      : figure(
          `front end: ${size.route} JS+CSS gzipped`,
          '-',
          size.gzipBytes / 1024,
          'KB',
          null,
          `/login + ${((size.gzipBytes - login) / 1024).toFixed(1)} KB loaded lazily; brotli ${(size.brotliBytes / 1024).toFixed(1)} KB`,
        ),
  );
}
