import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@td/shared/schemas/auth';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { authQueries, signOut as signOutRequest } from './api/session.ts';

interface AuthContextValue {
  /** SPEC 3 Session user: the signed-in user, or null. */
  user: SessionUser | null;
  /** SPEC 4: true until the existing session has been read. */
  loading: boolean;
  /** Records a user who just signed in (or created the first account). */
  setUser(user: SessionUser | null): void;
  /** Ends the session on the server and forgets everything cached for it. */
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({ ...authQueries.session(), staleTime: 60_000 });

  const setUser = useCallback(
    (user: SessionUser | null) => queryClient.setQueryData(authQueries.session().queryKey, { user }),
    [queryClient],
  );
  const signOut = useCallback(async () => {
    try {
      await signOutRequest();
    } finally {
      // Forget every cached answer of the ended session, but keep the session query itself (now
      // answering "no user") so the provider's observer stays attached to it: clearing the whole cache
      // would leave the observer holding the removed query with its signed-in user.
      setUser(null);
      const sessionKey = JSON.stringify(authQueries.session().queryKey);
      queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== sessionKey });
    }
  }, [queryClient, setUser]);

  const value = useMemo<AuthContextValue>(
    () => ({ user: session.data?.user ?? null, loading: session.isPending, setUser, signOut }),
    [session.data, session.isPending, setUser, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** SPEC 8: using the auth context outside its provider throws an error. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
