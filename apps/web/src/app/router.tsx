import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminChargeRoutes } from '@/features/admin-charges/routes.tsx';
import { auditLogRoutes } from '@/features/audit-log/routes.tsx';
import { LoginPage } from '@/features/auth/pages/login-page.tsx';
import { complianceRoutes } from '@/features/compliance/routes.tsx';
import { employmentLetterRoutes } from '@/features/employment-letter/routes.tsx';
import { payslipRoutes } from '@/features/payslips/routes.tsx';
import { publicHolidayRoutes } from '@/features/public-holidays/routes.tsx';
import { reportRoutes } from '@/features/reports/routes.tsx';
import { siteRoutes } from '@/features/sites/routes.tsx';
import { staffRoutes } from '@/features/staff/routes.tsx';
import { timesheetImportRoutes } from '@/features/timesheet-import/routes.tsx';
import { timesheetRoutes } from '@/features/timesheets/routes.tsx';
import { trainingRecordRoutes } from '@/features/training-records/routes.tsx';
import { workerRoutes } from '@/features/workers/routes.tsx';
import { lazyPage } from '@/lib/lazy-page.ts';

/** Each feature lists its own routes (features/<feature>/routes.tsx); the app composes them here. */
const featureRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    lazy: lazyPage(() => import('@/features/dashboard/pages/dashboard-page.tsx').then((m) => m.DashboardPage)),
  },
  ...workerRoutes,
  ...timesheetImportRoutes,
  ...timesheetRoutes,
  ...siteRoutes,
  ...reportRoutes,
  ...adminChargeRoutes,
  ...payslipRoutes,
  ...trainingRecordRoutes,
  ...employmentLetterRoutes,
  ...complianceRoutes,
  ...publicHolidayRoutes,
  ...staffRoutes,
  ...auditLogRoutes,
  {
    // Decision 104: two-factor sign-in and the account's own sessions, from the account menu.
    path: '/account/two-factor',
    lazy: lazyPage(() => import('@/features/auth/pages/two-factor-page.tsx').then((m) => m.TwoFactorPage)),
  },
  {
    path: '/account/sessions',
    lazy: lazyPage(() => import('@/features/auth/pages/sessions-page.tsx').then((m) => m.SessionsPage)),
  },
  {
    // Decision 037: reached from the signed-in user's menu in the shell.
    path: '/account/password',
    lazy: lazyPage(() => import('@/features/auth/pages/change-password-page.tsx').then((m) => m.ChangePasswordPage)),
  },
  {
    path: '/component-demo',
    lazy: lazyPage(() =>
      import('@/features/design-demo/pages/component-demo-page.tsx').then((m) => m.ComponentDemoPage),
    ),
  },
  {
    path: '/apple-design-test',
    lazy: lazyPage(() =>
      import('@/features/design-demo/pages/apple-design-test-page.tsx').then((m) => m.AppleDesignTestPage),
    ),
  },
];

/**
 * What shows while the first page's code loads (probe finding 30: React Router warned on every page
 * that no HydrateFallback was given). The same words as index.html's boot message, so the page goes on
 * saying it is loading until the page itself can render (decision 040).
 */
function FirstPageLoading() {
  return (
    <div className="boot-status" role="status">
      Loading TD Workforce…
    </div>
  );
}

export const routes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  { path: '/login', element: <LoginPage /> },
  {
    path: '/logout',
    HydrateFallback: FirstPageLoading,
    lazy: lazyPage(() => import('@/features/auth/pages/sign-out-page.tsx').then((m) => m.SignOutPage)),
  },
  {
    path: '/setup',
    HydrateFallback: FirstPageLoading,
    lazy: lazyPage(() => import('@/features/auth/pages/setup-page.tsx').then((m) => m.SetupPage)),
  },
  // The signed-in shell loads with the first signed-in page: the sign-in screen is every user's first
  // page and carries only itself (decision 033).
  {
    HydrateFallback: FirstPageLoading,
    lazy: lazyPage(() => import('./protected-route.tsx').then((m) => m.ProtectedRoute)),
    children: [
      {
        lazy: lazyPage(() => import('./app-layout.tsx').then((m) => m.AppLayout)),
        children: [
          ...featureRoutes,
          { path: '*', lazy: lazyPage(() => import('./not-found-page.tsx').then((m) => m.NotFoundPage)) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
