import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** Decision 092: the public holidays payroll reads (EA s.88), edited by staff. */
export const publicHolidayRoutes: RouteObject[] = [
  {
    path: '/settings/public-holidays',
    lazy: lazyPage(() => import('./pages/public-holidays-page.tsx').then((m) => m.PublicHolidaysPage)),
  },
];
