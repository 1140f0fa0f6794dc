import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** Decision 095: the compliance calendar; account reminders live under /account. */
export const complianceRoutes: RouteObject[] = [
  {
    path: '/compliance',
    lazy: lazyPage(() => import('./pages/compliance-page.tsx').then((m) => m.CompliancePage)),
  },
  {
    path: '/account/reminders',
    lazy: lazyPage(() => import('./pages/account-reminders-page.tsx').then((m) => m.AccountRemindersPage)),
  },
];
