import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** Issue 43: the public holidays payroll reads (EA s.88), edited by staff. */
export const publicHolidayRoutes: RouteObject[] = [
  {
    path: '/settings/public-holidays',
    lazy: lazyPage(() => import('./pages/public-holidays-page.tsx').then((m) => m.PublicHolidaysPage)),
  },
];
