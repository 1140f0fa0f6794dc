import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Decisions 040 and 052, as decision 076 places them: the web build, not the server, says what each
 * route loads. `routePreloads()` writes `dist/route-preloads.json`: the build files each client route
 * loads lazily beyond the entry, and what a list page asks the API for as it first renders; the server
 * names them in that route's `index.html`, so the browser fetches them beside the entry instead of
 * after it. It also puts the preload of the app's first API request whatever the route (the session,
 * features/auth/auth-provider.tsx) into `index.html`.
 */

/** What the app asks the API for as soon as it starts, whatever the route. */
const STARTUP_FETCHES = ['/api/auth/session'];

/** The signed-in shell every signed-in route loads lazily with its page (src/app/router.tsx). */
const SIGNED_IN_SHELL = ['src/app/protected-route.tsx', 'src/app/app-layout.tsx'];

const feature = (name: string, page: string) => `src/features/${name}/pages/${page}.tsx`;
const signedIn = (name: string, page: string) => [...SIGNED_IN_SHELL, feature(name, page)];

/**
 * Decision 052: what a list page asks the API for as it first renders, opened without a query string
 * (first page, no filter), exactly as the page writes the URLs; e2e `route-preloads.spec.ts` fails when
 * the page asks for anything else. Without them the list's data left only once the page had rendered:
 * Lighthouse mobile put `/worker-management`'s LCP about 0.4 s later (decision 076).
 */
export const FIRST_DATA: Record<string, string[]> = {
  '/worker-management': ['/api/workers/dashboard', '/api/workers/companies', '/api/workers?page=1&pageSize=25'],
  '/timesheet': ['/api/timesheets?page=1&pageSize=25', '/api/timesheets/summary', '/api/sites?pageSize=500'],
  '/admin-charge': ['/api/admin-charges?page=1&pageSize=25', '/api/admin-charges/summary'],
  '/training-records': ['/api/training-records?page=1&pageSize=25', '/api/training-records/summary'],
};

/**
 * The routes of src/app/router.tsx and src/features/<feature>/routes.tsx (React Router patterns) and the
 * source modules each loads lazily, in the order the router loads them. The build fails when a route
 * of the router is missing here (`checkRoutes`) or a module is not in the build.
 */
export const ROUTE_MODULES: Record<string, string[]> = {
  // The sign-in screen is in the entry itself.
  '/': [],
  '/login': [],
  '/logout': [feature('auth', 'sign-out-page')],
  '/setup': [feature('auth', 'setup-page')],
  '/dashboard': signedIn('dashboard', 'dashboard-page'),
  '/worker-management': signedIn('workers', 'worker-list-page'),
  '/worker/add': signedIn('workers', 'worker-add-page'),
  '/worker/edit/:id': signedIn('workers', 'worker-edit-page'),
  '/worker/view/:id': signedIn('workers', 'worker-view-page'),
  '/expiring-wp': signedIn('workers', 'expiring-workers-page'),
  '/expiring-coretrade': signedIn('workers', 'expiring-workers-page'),
  '/workers-by-status': signedIn('workers', 'workers-by-status-page'),
  '/timesheet': signedIn('timesheets', 'timesheet-list-page'),
  '/timesheet/add': signedIn('timesheets', 'timesheet-add-page'),
  '/timesheet/crew': signedIn('timesheets', 'timesheet-crew-page'),
  '/timesheet/edit/:id': signedIn('timesheets', 'timesheet-edit-page'),
  '/timesheet/view/:id': signedIn('timesheets', 'timesheet-view-page'),
  '/timesheet/import': signedIn('timesheet-import', 'timesheet-import-page'),
  '/sites': signedIn('sites', 'site-list-page'),
  '/sites/add': signedIn('sites', 'site-form-page'),
  '/sites/edit/:id': signedIn('sites', 'site-form-page'),
  '/reports/manpower': signedIn('reports', 'manpower-report-page'),
  '/reports/levy': signedIn('reports', 'levy-report-page'),
  '/admin-charge': signedIn('admin-charges', 'admin-charge-list-page'),
  '/admin-charge/add': signedIn('admin-charges', 'admin-charge-add-page'),
  '/admin-charge/edit/:id': signedIn('admin-charges', 'admin-charge-edit-page'),
  '/admin-charge/view/:id': signedIn('admin-charges', 'admin-charge-view-page'),
  '/training-records': signedIn('training-records', 'training-record-list-page'),
  '/training-records/add': signedIn('training-records', 'training-record-add-page'),
  '/training-records/edit/:id': signedIn('training-records', 'training-record-edit-page'),
  '/training-records/view/:id': signedIn('training-records', 'training-record-view-page'),
  '/payslip': signedIn('payslips', 'payslip-list-page'),
  '/payslip/generate': signedIn('payslips', 'payslip-generate-page'),
  '/payslip/view/:id': signedIn('payslips', 'payslip-detail-page'),
  '/payslip/run': signedIn('payslips', 'pay-runs-page'),
  '/payslip/run/:id': signedIn('payslips', 'pay-run-page'),
  '/worker/employment-letter/:id': signedIn('employment-letter', 'employment-letter-page'),
  '/worker/employment-letter': signedIn('employment-letter', 'employment-letter-page'),
  '/settings/public-holidays': signedIn('public-holidays', 'public-holidays-page'),
  '/account/password': signedIn('auth', 'change-password-page'),
  // Decision 104: two-factor sign-in, own sessions, staff accounts.
  '/account/two-factor': signedIn('auth', 'two-factor-page'),
  '/account/sessions': signedIn('auth', 'sessions-page'),
  '/settings/staff': signedIn('staff', 'staff-page'),
  '/settings/audit': signedIn('audit-log', 'audit-log-page'),
  // Decision 095: the compliance calendar and the person's reminders.
  '/compliance': signedIn('compliance', 'compliance-page'),
  '/account/reminders': signedIn('compliance', 'account-reminders-page'),
  '/component-demo': signedIn('design-demo', 'component-demo-page'),
  '/apple-design-test': signedIn('design-demo', 'apple-design-test-page'),
};

/**
 * One route of `route-preloads.json`: its pattern, the build files to preload (`assets/...`) and the API
 * requests to preload when the page is opened without a query string.
 */
export interface RoutePreload {
  path: string;
  files: string[];
  firstData?: string[];
}

/** The Vite manifest's chunks (`dist/.vite/manifest.json`), as much of them as is read here. */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/** Every file the chunk `key` brings in with its static imports, skipping the chunks in `seen`. */
function filesOf(manifest: Manifest, key: string, seen: Set<string>): string[] {
  const files: string[] = [];
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const chunk = manifest[current];
    if (!chunk) throw new Error(`route-preloads: the build has no chunk for ${current}`);
    files.push(chunk.file, ...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** Each route's files beyond the entry's own (index.html names those already). */
export function routePreloadsOf(manifest: Manifest): RoutePreload[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('route-preloads: the build manifest has no entry chunk');
  const entryFiles = new Set<string>();
  filesOf(manifest, entry, entryFiles);
  return Object.entries(ROUTE_MODULES).map(([routePath, modules]) => {
    const seen = new Set(entryFiles);
    const files = [...new Set(modules.flatMap((module) => filesOf(manifest, module, seen)))];
    const firstData = FIRST_DATA[routePath];
    return { path: routePath, files, ...(firstData ? { firstData } : {}) };
  });
}

/** Every `path: '...'` of the router's tables but the catch-all: each must be in `ROUTE_MODULES`. */
function checkRoutes(root: string): void {
  const features = path.join(root, 'src/features');
  const files = [
    path.join(root, 'src/app/router.tsx'),
    ...fs
      .readdirSync(features)
      .map((name) => path.join(features, name, 'routes.tsx'))
      .filter((file) => fs.existsSync(file)),
  ];
  const paths = files.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]),
  );
  const missing = paths.filter((route) => route !== '*' && route !== undefined && !(route in ROUTE_MODULES));
  if (missing.length > 0) throw new Error(`route-preloads.ts: add the router's routes ${missing.join(', ')}`);
}

export function routePreloads(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'td-route-preloads',
    apply: 'build',
    // After Vite has written its manifest.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      checkRoutes(root);
    },
    transformIndexHtml: () =>
      STARTUP_FETCHES.map((href) => ({
        tag: 'link',
        attrs: { rel: 'preload', as: 'fetch', crossorigin: true, href },
        injectTo: 'head' as const,
      })),
    writeBundle() {
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      fs.writeFileSync(path.join(outDir, 'route-preloads.json'), `${JSON.stringify(routePreloadsOf(manifest))}\n`);
    },
  };
}
