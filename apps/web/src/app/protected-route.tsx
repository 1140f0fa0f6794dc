import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { onSessionEnd, useAuth } from '@/features/auth/auth-provider.tsx';
import { createQueryClient } from '@/lib/query-client.ts';

/**
 * One query cache for the whole signed-in app, made when the shell first loads (decision 033: the sign-in
 * screen loads without TanStack Query) and kept across navigations, also to /logout and back. Everything
 * cached for a session is forgotten when it ends.
 */
const queryClient = createQueryClient();
onSessionEnd(() => queryClient.clear());

/** SPEC 2 Access: a spinner while the session is read, then the page or a redirect to /login. */
export function ProtectedRoute() {
  const { user, loading, requiredAction } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <LoadingState label="Checking your session" />
      </div>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  // Decision 104: a password an admin reset, or compulsory two-factor sign-in, comes first.
  const requiredPage =
    requiredAction === 'change_password'
      ? '/account/password'
      : requiredAction === 'enrol_totp'
        ? '/account/two-factor'
        : null;
  if (requiredPage && location.pathname !== requiredPage && location.pathname !== '/logout') {
    return <Navigate to={requiredPage} replace />;
  }
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
