import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** Decision 091: attendance files to timesheets. */
export const timesheetImportRoutes: RouteObject[] = [
  {
    path: '/timesheet/import',
    lazy: lazyPage(() => import('./pages/timesheet-import-page.tsx').then((m) => m.TimesheetImportPage)),
  },
];
