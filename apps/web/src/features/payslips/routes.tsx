import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** SPEC 2 route table: the payslip screens, and the payroll run (decision 019). */
export const payslipRoutes: RouteObject[] = [
  { path: '/payslip', lazy: lazyPage(() => import('./pages/payslip-list-page.tsx').then((m) => m.PayslipListPage)) },
  {
    path: '/payslip/generate',
    lazy: lazyPage(() => import('./pages/payslip-generate-page.tsx').then((m) => m.PayslipGeneratePage)),
  },
  {
    path: '/payslip/view/:id',
    lazy: lazyPage(() => import('./pages/payslip-detail-page.tsx').then((m) => m.PayslipDetailPage)),
  },
  // Decision 082: the pay runs page and each run's own page.
  { path: '/payslip/run', lazy: lazyPage(() => import('./pages/pay-runs-page.tsx').then((m) => m.PayRunsPage)) },
  { path: '/payslip/run/:id', lazy: lazyPage(() => import('./pages/pay-run-page.tsx').then((m) => m.PayRunPage)) },
];
