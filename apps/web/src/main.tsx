import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ToastProvider } from '@/components/ui/toast.tsx';
import { AuthProvider } from '@/features/auth/auth-provider.tsx';
import { createRouter } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { applyTheme } from './app/theme.ts';
import './index.css';

applyTheme();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Decision 040: rendered as a transition, so React yields to the browser every few
// milliseconds instead of building the whole first screen in one long task (Total Blocking Time).
const reactRoot = createRoot(root);
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      {/* The query client comes with the signed-in shell (app/protected-route.tsx), not here: the
        sign-in screen loads without TanStack Query (decision 033). */}
      <AuthProvider>
        {/* Above the router, so a toast shown right before a navigation stays on screen. */}
        <ToastProvider>
          <RouterProvider router={createRouter()} />
        </ToastProvider>
      </AuthProvider>
    </StrictMode>,
  ),
);
