import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** Feature pages load on first visit, so the sign-in screen ships only what it needs. */
export const lazyPage =
  (load: () => Promise<ComponentType>): RouteObject['lazy'] =>
  async () => ({ Component: await load() });
