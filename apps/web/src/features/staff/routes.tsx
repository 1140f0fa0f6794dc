import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** Decision 104: staff accounts (admin). */
export const staffRoutes: RouteObject[] = [
  {
    path: '/settings/staff',
    lazy: lazyPage(() => import('./pages/staff-page.tsx').then((m) => m.StaffPage)),
  },
];
