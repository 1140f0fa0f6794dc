import fs from 'node:fs';
import path from 'node:path';

/** The Vite build's manifest (`apps/web/dist/.vite/manifest.json`): each source module's chunk and its imports. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

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

/** The key of the entry chunk (the one `index.html` loads). */
export function entryOf(manifest: Manifest): string {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('The build manifest has no entry chunk');
  return entry;
}

export function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null;
}
