/**
 * The web app's routes (apps/web/src/app/router.tsx and features/<feature>/routes.tsx) and the source
 * modules each one loads lazily, named as the Vite manifest names them. The server uses it to have the
 * browser fetch a route's chunks beside the entry instead of after it (decision 040); the benchmark to
 * add up each route's JavaScript and CSS. client-routes.test.ts fails when a route of the web app is
 * missing here or a module no longer exists.
 */

/**
 * What the web app asks the API for as soon as it starts, whatever the route: the session
 * (features/auth/auth-provider.tsx). Preloaded with the page, the answer is there when the entry runs.
 */
export const STARTUP_API_REQUESTS = ['/api/auth/session'];

/** The signed-in shell every signed-in route loads lazily with its page (router.tsx). */
export const SIGNED_IN_SHELL = ['src/app/protected-route.tsx', 'src/app/app-layout.tsx'];

export interface ClientRoute {
  /** React Router's pattern, `:name` for one segment. */
  path: string;
  /** The lazily loaded modules the route renders, in the order the router loads them. */
  modules: string[];
  /**
   * Decision 052: what the route's page asks the API for as it first renders, when opened without a
   * query string (its first page, no filter), exactly as the web app writes the URLs. e2e
   * `route-preloads.spec.ts` fails when the page asks for anything else or for one of them twice.
   */
  data?: string[];
}

const signedIn = (path: string, page: string, data?: string[]): ClientRoute => ({
  path,
  modules: [...SIGNED_IN_SHELL, page],
  ...(data ? { data } : {}),
});
const feature = (name: string, page: string) => `src/features/${name}/pages/${page}.tsx`;

export const CLIENT_ROUTES: readonly ClientRoute[] = [
  // The sign-in screen is in the entry itself.
  { path: '/', modules: [] },
  { path: '/login', modules: [] },
  { path: '/logout', modules: [feature('auth', 'sign-out-page')] },
  { path: '/setup', modules: [feature('auth', 'setup-page')] },
  signedIn('/dashboard', feature('dashboard', 'dashboard-page')),
  signedIn('/worker-management', feature('workers', 'worker-list-page'), [
    '/api/workers/dashboard',
    '/api/workers/companies',
    '/api/workers?page=1&pageSize=25',
  ]),
  signedIn('/worker/add', feature('workers', 'worker-add-page')),
  signedIn('/worker/edit/:id', feature('workers', 'worker-edit-page')),
  signedIn('/worker/view/:id', feature('workers', 'worker-view-page')),
  signedIn('/expiring-wp', feature('workers', 'expiring-workers-page')),
  signedIn('/expiring-coretrade', feature('workers', 'expiring-workers-page')),
  signedIn('/workers-by-status', feature('workers', 'workers-by-status-page')),
  signedIn('/timesheet', feature('timesheets', 'timesheet-list-page'), [
    '/api/timesheets?page=1&pageSize=25',
    '/api/timesheets/summary',
  ]),
  signedIn('/timesheet/add', feature('timesheets', 'timesheet-add-page')),
  signedIn('/timesheet/crew', feature('timesheets', 'timesheet-crew-page')),
  signedIn('/timesheet/edit/:id', feature('timesheets', 'timesheet-edit-page')),
  signedIn('/timesheet/view/:id', feature('timesheets', 'timesheet-view-page')),
  signedIn('/admin-charge', feature('admin-charges', 'admin-charge-list-page'), [
    '/api/admin-charges?page=1&pageSize=25',
    '/api/admin-charges/summary',
  ]),
  signedIn('/admin-charge/add', feature('admin-charges', 'admin-charge-add-page')),
  signedIn('/admin-charge/edit/:id', feature('admin-charges', 'admin-charge-edit-page')),
  signedIn('/admin-charge/view/:id', feature('admin-charges', 'admin-charge-view-page')),
  signedIn('/training-records', feature('training-records', 'training-record-list-page'), [
    '/api/training-records?page=1&pageSize=25',
    '/api/training-records/summary',
  ]),
  signedIn('/training-records/add', feature('training-records', 'training-record-add-page')),
  signedIn('/training-records/edit/:id', feature('training-records', 'training-record-edit-page')),
  signedIn('/training-records/view/:id', feature('training-records', 'training-record-view-page')),
  signedIn('/payslip', feature('payslips', 'payslip-list-page')),
  signedIn('/payslip/generate', feature('payslips', 'payslip-generate-page')),
  signedIn('/payslip/view/:id', feature('payslips', 'payslip-detail-page')),
  signedIn('/payslip/run', feature('payslips', 'payroll-run-page')),
  signedIn('/worker/employment-letter/:id', feature('employment-letter', 'employment-letter-page')),
  signedIn('/worker/employment-letter', feature('employment-letter', 'employment-letter-page')),
  signedIn('/account/password', feature('auth', 'change-password-page')),
  signedIn('/component-demo', feature('design-demo', 'component-demo-page')),
  signedIn('/apple-design-test', feature('design-demo', 'apple-design-test-page')),
];

/**
 * The route a request path shows, as React Router matches it: case-insensitive, a trailing slash
 * ignored, `:name` one non-empty segment. Undefined for any other path (the app's Not Found page).
 */
export function matchClientRoute(
  pathname: string,
  routes: readonly ClientRoute[] = CLIENT_ROUTES,
): ClientRoute | undefined {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  return routes.find((route) => {
    const pattern = route.path.toLowerCase().split('/').filter(Boolean);
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part === segments[index] || (part.startsWith(':') && segments[index] !== ''))
    );
  });
}
