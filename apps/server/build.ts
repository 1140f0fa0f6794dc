/**
 * Bundles the server into dist/main.js. Third-party packages stay external (installed by npm ci);
 * the workspace's own @td/shared (TypeScript source) is bundled in.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@td/'));

await build({
  entryPoints: ['src/main.ts', 'src/cli/user-add.ts', 'src/cli/backup.ts', 'src/cli/restore.ts'],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
