import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/features/auth/auth-provider.tsx';

/** SPEC 2 Access: a spinner while the session is read, then the page or a redirect to /login. */
export function ProtectedRoute() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <LoadingState label="Checking your session" />
      </div>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
