import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** SPEC 2 route table: the admin charge screens. */
export const adminChargeRoutes: RouteObject[] = [
  {
    path: '/admin-charge',
    lazy: lazyPage(() => import('./pages/admin-charge-list-page.tsx').then((m) => m.AdminChargeListPage)),
  },
  {
    path: '/admin-charge/add',
    lazy: lazyPage(() => import('./pages/admin-charge-add-page.tsx').then((m) => m.AdminChargeAddPage)),
  },
  {
    path: '/admin-charge/edit/:id',
    lazy: lazyPage(() => import('./pages/admin-charge-edit-page.tsx').then((m) => m.AdminChargeEditPage)),
  },
  {
    path: '/admin-charge/view/:id',
    lazy: lazyPage(() => import('./pages/admin-charge-view-page.tsx').then((m) => m.AdminChargeViewPage)),
  },
];
