import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** SPEC 2 route table: the worker screens. */
export const workerRoutes: RouteObject[] = [
  {
    path: '/worker-management',
    lazy: lazyPage(() => import('./pages/worker-list-page.tsx').then((m) => m.WorkerListPage)),
  },
  { path: '/worker/add', lazy: lazyPage(() => import('./pages/worker-add-page.tsx').then((m) => m.WorkerAddPage)) },
  {
    path: '/worker/edit/:id',
    lazy: lazyPage(() => import('./pages/worker-edit-page.tsx').then((m) => m.WorkerEditPage)),
  },
  {
    path: '/worker/view/:id',
    lazy: lazyPage(() => import('./pages/worker-view-page.tsx').then((m) => m.WorkerViewPage)),
  },
  {
    path: '/expiring-wp',
    lazy: lazyPage(() => import('./pages/expiring-workers-page.tsx').then((m) => m.ExpiringWpPage)),
  },
  {
    path: '/expiring-coretrade',
    lazy: lazyPage(() => import('./pages/expiring-workers-page.tsx').then((m) => m.ExpiringCoretradePage)),
  },
  {
    path: '/workers-by-status',
    lazy: lazyPage(() => import('./pages/workers-by-status-page.tsx').then((m) => m.WorkersByStatusPage)),
  },
];
