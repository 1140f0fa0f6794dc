import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** SPEC 2 route table: the timesheet screens, plus crew entry (decision 012). */
export const timesheetRoutes: RouteObject[] = [
  {
    path: '/timesheet',
    lazy: lazyPage(() => import('./pages/timesheet-list-page.tsx').then((m) => m.TimesheetListPage)),
  },
  {
    path: '/timesheet/add',
    lazy: lazyPage(() => import('./pages/timesheet-add-page.tsx').then((m) => m.TimesheetAddPage)),
  },
  {
    path: '/timesheet/crew',
    lazy: lazyPage(() => import('./pages/timesheet-crew-page.tsx').then((m) => m.TimesheetCrewPage)),
  },
  {
    path: '/timesheet/edit/:id',
    lazy: lazyPage(() => import('./pages/timesheet-edit-page.tsx').then((m) => m.TimesheetEditPage)),
  },
  {
    path: '/timesheet/view/:id',
    lazy: lazyPage(() => import('./pages/timesheet-view-page.tsx').then((m) => m.TimesheetViewPage)),
  },
];
