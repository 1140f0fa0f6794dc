import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunksOf, frontEndFigures, type Manifest, MEASURED_ROUTES } from './front-end-size.ts';

const [shell, layout, page] = MEASURED_ROUTES['/worker-management'] ?? [];

/** A build with the manifest's shape: the entry loads the shell lazily, the shell the page. */
function build(dist: string, pageLoadedBy: 'entry' | 'nobody'): void {
  const write = (file: string, bytes: number) => {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    // Random bytes do not compress: the gzipped size is about the size.
    fs.writeFileSync(
      path.join(dist, file),
      Buffer.from(Array.from({ length: bytes }, () => Math.floor(Math.random() * 256))),
    );
  };
  write('assets/index.js', 40_000);
  write('assets/index.css', 10_000);
  write('assets/react.js', 30_000);
  write('assets/shell.js', 8_000);
  write('assets/layout.js', 7_000);
  write('assets/worker-list.js', 20_000);
  write('assets/table.js', 5_000);
  write('assets/never.js', 50_000);
  const lazy = [shell, layout, ...(pageLoadedBy === 'entry' ? [page] : [])];
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js'],
      css: ['assets/index.css'],
      dynamicImports: lazy.filter((key): key is string => key !== undefined),
    },
    '_react.js': { file: 'assets/react.js' },
    [shell ?? '']: { file: 'assets/shell.js', imports: ['_react.js'] },
    [layout ?? '']: { file: 'assets/layout.js', imports: ['_react.js'] },
    [page ?? '']: { file: 'assets/worker-list.js', imports: ['_react.js', '_table.js'] },
    '_table.js': { file: 'assets/table.js' },
    'never-imported.tsx': { file: 'assets/never.js', dynamicImports: ['index.html'] },
  };
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
}

describe('the front end sizes, from the web build manifest', () => {
  it('adds up the entry for /login and the lazily loaded shell and page for /worker-management', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'td-web-dist-'));
    try {
      build(dist, 'entry');
      const [login, workers, ...others] = frontEndFigures(dist);
      expect(others).toEqual([]);
      expect(login?.name).toBe('front end: /login JS+CSS gzipped');
      expect(login?.budget).toBe('<= 120 KB');
      // 40 + 10 + 30 thousand bytes, about 78 KB.
      expect(login?.value).toBeGreaterThan(77);
      expect(login?.value).toBeLessThan(80);
      expect(login?.comparison).toMatch(/^3 files; brotli \d+\.\d KB$/);
      expect(workers?.name).toBe('front end: /worker-management JS+CSS gzipped');
      // The shell, the layout, the page and its table: 40 thousand bytes more.
      expect((workers?.value ?? 0) - (login?.value ?? 0)).toBeGreaterThan(38);
      expect((workers?.value ?? 0) - (login?.value ?? 0)).toBeLessThan(41);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('fails when the router no longer loads a measured module lazily', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'td-web-dist-'));
    try {
      build(dist, 'nobody');
      const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
      expect(chunksOf(manifest, '/login').size).toBe(2);
      expect(() => chunksOf(manifest, '/worker-management')).toThrow(/no chunk it loads imports .*worker-list-page/);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
