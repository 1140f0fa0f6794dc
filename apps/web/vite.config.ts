import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routePreloads } from './route-preloads.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * Brotli and gzip copies of every text file of the build, made once at build time at the highest
 * levels: the server sends them to browsers that accept them (@fastify/static `preCompressed`), so the
 * sign-in screen downloads about 110 KB instead of 420 KB (decision 032).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'td-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const visit = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) visit(file);
          else if (/\.(js|css|html|svg|json|webmanifest)$/.test(entry.name)) {
            const data = fs.readFileSync(file);
            fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
            fs.writeFileSync(
              `${file}.br`,
              brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      visit(outDir);
    },
  };
}

export default defineConfig({
  // One import alias for the app's own code (tsconfig.json "paths" says the same to TypeScript).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    routePreloads(),
    precompress(),
    tailwindcss(),
    VitePWA({
      // SPEC 1: /sw.js is registered by the app itself on load (src/app/service-worker.ts).
      injectRegister: false,
      registerType: 'autoUpdate',
      filename: 'sw.js',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'TD Workforce',
        short_name: 'TD Workforce',
        description: 'Workforce and payroll back-office for construction labour',
        theme_color: '#ffffff',
        background_color: '#f5f5f7',
        display: 'standalone',
        start_url: '/dashboard',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The API and private files are never cached: they need a live session.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      },
    }),
  ],
  server: {
    port: 5173,
    // Host is kept (no changeOrigin) so the server's same-origin check sees the page's own origin.
    proxy: { '/api': { target: apiTarget } },
  },
  // From the manifest `route-preloads.ts` writes which files each route loads (decision 040), for the
  // server's preloads and the benchmark's route sizes.
  build: {
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Decision 040: left to itself, the bundler made a chunk of every set of modules shared by the
        // same pages, 57 files for /worker-management (most under 2 KB, each a request; a phone link
        // carries six at a time). These groups make a handful of files, in the order of priority: the
        // entry with everything it imports (one file), TanStack Query (every signed-in page), the icons
        // two or more pages share, the dialog (Radix and what it brings), the design system's list
        // parts (the list pages) and the parts of almost every page. A group takes what its modules
        // import too, unless a group before it took it.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 10 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 9 },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2, priority: 8 },
            { name: 'dialog', test: /src[\\/]components[\\/]ui[\\/](modal|confirm-dialog)\.tsx$/, priority: 7 },
            {
              name: 'list-kit',
              test: /src[\\/](components[\\/]ui[\\/](table|tile|empty-state|no-matches|list-load-error|search-field|select-field|badge)\.tsx|lib[\\/]list-state\.ts)$/,
              priority: 6,
            },
            {
              name: 'page-kit',
              test: /src[\\/](components[\\/]ui[\\/](page-header|detail-list|file-link)\.tsx|lib[\\/](format|return-to)\.ts)$/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
