import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

const page = lazyPage(() => import('./pages/employment-letter-page.tsx').then((m) => m.EmploymentLetterPage));

/** SPEC 2 route table: employment letter generation; without an id the page says No worker ID provided. */
export const employmentLetterRoutes: RouteObject[] = [
  { path: '/worker/employment-letter/:id', lazy: page },
  { path: '/worker/employment-letter', lazy: page },
];
