import type { SessionUser } from '@td/shared/schemas/auth';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { readSession, signOut as signOutRequest } from './api/session.ts';

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

/**
 * Called when a session ends, so whatever holds data of the signed-in user can forget it. The query
 * cache registers here when the signed-in shell loads (app/query-provider.tsx): the sign-in screen
 * loads without TanStack Query (decision 033).
 */
const sessionEndListeners = new Set<() => void>();
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/**
 * SPEC 4: the session is read once when the app starts, held in React state (not in the query cache,
 * which loads with the signed-in shell). A failure that may pass (the network, a 5xx) is tried again
 * twice, as the query client's default did before; after that the user counts as signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ user: SessionUser | null; loading: boolean }>({ user: null, loading: true });

  useEffect(() => {
    const controller = new AbortController();
    // Decision 040: the first screen after the answer renders as a transition, in short
    // tasks (the whole signed-in shell and page render at this point).
    const settle = (user: SessionUser | null) =>
      startTransition(() => setState((current) => (current.loading ? { user, loading: false } : current)));
    readSession(controller.signal).then(
      ({ user }) => settle(user),
      () => {
        if (!controller.signal.aborted) settle(null);
      },
    );
    return () => controller.abort();
  }, []);

  const setUser = useCallback((user: SessionUser | null) => setState({ user, loading: false }), []);
  const signOut = useCallback(async () => {
    try {
      await signOutRequest();
    } finally {
      setUser(null);
      for (const listener of sessionEndListeners) listener();
    }
  }, [setUser]);

  const value = useMemo<AuthContextValue>(
    () => ({ user: state.user, loading: state.loading, setUser, signOut }),
    [state, setUser, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** SPEC 8: using the auth context outside its provider throws an error. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
