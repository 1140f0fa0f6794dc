/**
 * Import boundaries of the web app (CONVENTIONS 1, decision 006): dependencies point one way,
 * shared -> components/lib -> features -> app. Checked by `npm run lint:deps`, part of `npm test`.
 */
const FEATURE = '^apps/web/src/features/([^/]+)/';
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
