import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page.ts';

/** SPEC 2 route table: the training record screens. */
export const trainingRecordRoutes: RouteObject[] = [
  {
    path: '/training-records',
    lazy: lazyPage(() => import('./pages/training-record-list-page.tsx').then((m) => m.TrainingRecordListPage)),
  },
  {
    path: '/training-records/add',
    lazy: lazyPage(() => import('./pages/training-record-add-page.tsx').then((m) => m.TrainingRecordAddPage)),
  },
  {
    path: '/training-records/edit/:id',
    lazy: lazyPage(() => import('./pages/training-record-edit-page.tsx').then((m) => m.TrainingRecordEditPage)),
  },
  {
    path: '/training-records/view/:id',
    lazy: lazyPage(() => import('./pages/training-record-view-page.tsx').then((m) => m.TrainingRecordViewPage)),
  },
];
