import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** Decision 090: the monthly manpower report main contractors ask for. */
export const reportRoutes: RouteObject[] = [
  {
    path: '/reports/manpower',
    lazy: lazyPage(() => import('./pages/manpower-report-page.tsx').then((m) => m.ManpowerReportPage)),
  },
  // Decision 103: the month's Foreign Worker Levy.
  {
    path: '/reports/levy',
    lazy: lazyPage(() => import('./pages/levy-report-page.tsx').then((m) => m.LevyReportPage)),
  },
];
