import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useAuth } from '../auth-provider.tsx';

/**
 * `/logout`: the sidebar's Sign Out navigates here, so a form with unsaved changes asks before the
 * session ends (decision 022); only once the user has left it is the session ended on the server.
 * Then on to /login (SPEC 1), replacing this entry so Back never returns here.
 */
export function SignOutPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void signOut()
      .catch(() => undefined)
      .finally(() => navigate('/login', { replace: true }));
  }, [signOut, navigate]);

  return <LoadingState label="Signing out..." />;
}
