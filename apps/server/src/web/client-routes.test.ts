import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, matchClientRoute, SIGNED_IN_SHELL } from './client-routes.ts';

const WEB = path.resolve(import.meta.dirname, '../../../web');

/** Every `path: '...'` of the web app's route tables (app/router.tsx and features/<feature>/routes.tsx). */
function webRoutePaths(): string[] {
  const features = path.join(WEB, 'src/features');
  const files = [
    path.join(WEB, 'src/app/router.tsx'),
    ...fs
      .readdirSync(features)
      .map((feature) => path.join(features, feature, 'routes.tsx'))
      .filter((file) => fs.existsSync(file)),
  ];
  return files.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1] ?? ''),
  );
}

describe('the table of the web app routes (decision 040)', () => {
  it('has every route of the web app, and each module it names exists', () => {
    const paths = webRoutePaths().filter((route) => route !== '*');
    expect(paths.length).toBeGreaterThan(30);
    expect(CLIENT_ROUTES.map((route) => route.path).sort()).toEqual([...new Set(paths)].sort());
    for (const module of new Set(CLIENT_ROUTES.flatMap((route) => route.modules))) {
      expect(fs.existsSync(path.join(WEB, module)), module).toBe(true);
    }
  });

  it('gives each signed-in route the shell the router loads around it', () => {
    for (const route of CLIENT_ROUTES) {
      if (['/', '/login', '/logout', '/setup'].includes(route.path)) continue;
      expect(route.modules.slice(0, SIGNED_IN_SHELL.length), route.path).toEqual(SIGNED_IN_SHELL);
    }
  });

  it('matches a path as React Router does', () => {
    expect(matchClientRoute('/worker-management')?.path).toBe('/worker-management');
    expect(matchClientRoute('/WORKER-management/')?.path).toBe('/worker-management');
    expect(matchClientRoute('/worker/edit/0b7e')?.path).toBe('/worker/edit/:id');
    expect(matchClientRoute('/worker/employment-letter')?.path).toBe('/worker/employment-letter');
    expect(matchClientRoute('/')?.path).toBe('/');
    expect(matchClientRoute('/worker/edit')).toBeUndefined();
    expect(matchClientRoute('/no-such-page')).toBeUndefined();
  });
});
