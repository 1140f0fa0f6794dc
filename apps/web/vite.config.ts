import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  // One import alias for the app's own code (tsconfig.json "paths" says the same to TypeScript).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
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
  // The manifest tells the benchmark which files each route loads (issue 15 front-end budget).
  build: { sourcemap: true, manifest: true },
});
