import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** Decision 090: the sites workers clock in at. */
export const siteRoutes: RouteObject[] = [
  { path: '/sites', lazy: lazyPage(() => import('./pages/site-list-page.tsx').then((m) => m.SiteListPage)) },
  { path: '/sites/add', lazy: lazyPage(() => import('./pages/site-form-page.tsx').then((m) => m.SiteFormPage)) },
  { path: '/sites/edit/:id', lazy: lazyPage(() => import('./pages/site-form-page.tsx').then((m) => m.SiteFormPage)) },
];
