import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** Decision 104: the audit log (admin and viewer). */
export const auditLogRoutes: RouteObject[] = [
  {
    path: '/settings/audit',
    lazy: lazyPage(() => import('./pages/audit-log-page.tsx').then((m) => m.AuditLogPage)),
  },
];
