import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { ModuleUnavailablePage } from './module-unavailable-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { ProtectedRoute } from './protected-route.tsx';

/** Feature pages load on first visit, so the sign-in screen ships only what it needs. */
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const featureRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    lazy: lazyPage(() =>
      import('../features/dashboard/pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
    ),
  },
  {
    path: '/worker-management',
    lazy: lazyPage(() =>
      import('../features/workers/pages/worker-list-page.tsx').then((m) => ({ default: m.WorkerListPage })),
    ),
  },
  {
    path: '/worker/add',
    lazy: lazyPage(() =>
      import('../features/workers/pages/worker-add-page.tsx').then((m) => ({ default: m.WorkerAddPage })),
    ),
  },
  {
    path: '/worker/edit/:id',
    lazy: lazyPage(() =>
      import('../features/workers/pages/worker-edit-page.tsx').then((m) => ({ default: m.WorkerEditPage })),
    ),
  },
  {
    path: '/worker/view/:id',
    lazy: lazyPage(() =>
      import('../features/workers/pages/worker-view-page.tsx').then((m) => ({ default: m.WorkerViewPage })),
    ),
  },
  {
    path: '/expiring-wp',
    lazy: lazyPage(() =>
      import('../features/workers/pages/expiring-workers-page.tsx').then((m) => ({ default: m.ExpiringWpPage })),
    ),
  },
  {
    path: '/expiring-coretrade',
    lazy: lazyPage(() =>
      import('../features/workers/pages/expiring-workers-page.tsx').then((m) => ({
        default: m.ExpiringCoretradePage,
      })),
    ),
  },
  {
    path: '/workers-by-status',
    lazy: lazyPage(() =>
      import('../features/workers/pages/workers-by-status-page.tsx').then((m) => ({ default: m.WorkersByStatusPage })),
    ),
  },
  { path: '/timesheet/*', element: <ModuleUnavailablePage title="Timesheet" /> },
  { path: '/payslip/*', element: <ModuleUnavailablePage title="Payslip" /> },
  { path: '/training-records/*', element: <ModuleUnavailablePage title="Training Records" /> },
  { path: '/admin-charge/*', element: <ModuleUnavailablePage title="Admin Charge" /> },
  { path: '/worker/employment-letter/*', element: <ModuleUnavailablePage title="Employment Letter" /> },
  {
    path: '/component-demo',
    lazy: lazyPage(() =>
      import('../features/design-demo/pages/component-demo-page.tsx').then((m) => ({ default: m.ComponentDemoPage })),
    ),
  },
  {
    path: '/apple-design-test',
    lazy: lazyPage(() =>
      import('../features/design-demo/pages/apple-design-test-page.tsx').then((m) => ({
        default: m.AppleDesignTestPage,
      })),
    ),
  },
];

export const routes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  { path: '/login', element: <LoginPage /> },
  {
    path: '/setup',
    lazy: lazyPage(() => import('../features/auth/pages/setup-page.tsx').then((m) => ({ default: m.SetupPage }))),
  },
  {
    element: <ProtectedRoute />,
    children: [
      {
        element: <AppLayout />,
        children: [...featureRoutes, { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
