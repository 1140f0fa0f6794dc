/**
 * Import boundaries (CONVENTIONS 1), checked by `npm run lint:deps`, part of `npm run lint`.
 * The web app (decision 010): dependencies point one way, shared -> components/lib -> features -> app.
 * The server (decision 072): a module is used by others only through its `public.ts`, and by the app
 * that composes the modules through its `*.routes.ts`; the server knows nothing of the web app's files.
 * Tests may reach any file they test.
 */
const FEATURE = '^apps/web/src/features/([^/]+)/';
const SERVER_MODULE = '^apps/server/src/modules/([^/]+)/';
const TEST_FILE = '[.]test[.]tsx?$';
module.exports = {
  forbidden: [
    {
      name: 'feature-imports-app',
      comment: 'app/ composes features; a feature never reaches back into app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(features|components|lib)/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'feature-imports-another-feature-internals',
      comment: "A feature uses another feature only through that feature's public/ folder.",
      severity: 'error',
      from: { path: FEATURE },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/public/'],
      },
    },
    {
      name: 'shared-parts-import-features',
      comment: 'The design system and lib/ know no feature.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-imports-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-module-imports-another-module-internals',
      comment: "A server module uses another module only through that module's public.ts.",
      severity: 'error',
      from: { path: SERVER_MODULE, pathNot: TEST_FILE },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/public[.]ts$'],
      },
    },
    {
      name: 'server-code-imports-module-internals',
      comment: 'Outside the modules, the app registers their routes and anything else uses their public.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: [SERVER_MODULE, TEST_FILE] },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/[^/]+/(public|[^/]+[.]routes)[.]ts$'],
      },
    },
    {
      name: 'server-imports-web',
      comment: "The server serves the web app's build output; it never reads the web app's source.",
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // The web app's tsconfig gives the one alias (`@/x` is apps/web/src/x).
    tsConfig: { fileName: `${__dirname}/apps/web/tsconfig.json` },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
