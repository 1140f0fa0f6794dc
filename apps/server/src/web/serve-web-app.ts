import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type RoutePreload, webAppPages } from './route-html.ts';

/** What the web build says each route loads (apps/web/route-preloads.ts); none for an older build. */
function readRoutePreloads(webDistDir: string): RoutePreload[] {
  const file = path.join(webDistDir, 'route-preloads.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreload[]) : [];
}

/**
 * In production the server also serves the built SPA and its service worker: one process, one port.
 * Every client route gets the app's `index.html` with the preloads of that route's files and first data
 * (decisions 040 and 052), made once here, not per request; @fastify/compress compresses it.
 */
export async function serveWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // @fastify/static's own Cache-Control (public, max-age=0) would replace ours below.
    cacheControl: false,
    // The build writes .br and .gz beside every text file; a browser that accepts one gets it.
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed assets never change; the shell, manifest and service worker must always be revalidated.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const pageFor = webAppPages(fs.readFileSync(indexFile, 'utf8'), readRoutePreloads(webDistDir));
  // wildcard: false registers one route per built file; every other GET is a client-side route.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for GET ${request.url}` } });
    }
    // The React router decides, including its own Not Found page.
    const [pathname = '/', query] = request.url.split('?');
    const page = pageFor(pathname, query !== undefined);
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').header('ETag', page.etag);
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(page.etag)) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  });
}
