import type { Permission } from '@td/shared/rules/permissions';
import type { RequiredAction, SessionResponse } from '@td/shared/schemas/auth';
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

/** The signed-in staff member with their role and its permissions (decision 104). */
export type SignedInUser = NonNullable<SessionResponse['user']>;

interface AuthContextValue {
  /** SPEC 3 Session user: the signed-in user, or null. */
  user: SignedInUser | null;
  /** Decision 104: what the session must do before anything else (change password, enrol 2FA). */
  requiredAction: RequiredAction | null;
  /** SPEC 4: true until the existing session has been read. */
  loading: boolean;
  /** Records a user who just signed in (or created the first account). */
  setUser(user: SignedInUser | null, requiredAction?: RequiredAction | null): void;
  /** Reads the session again (after a required action was done). */
  refresh(): Promise<void>;
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
  const [state, setState] = useState<{
    user: SignedInUser | null;
    requiredAction: RequiredAction | null;
    loading: boolean;
  }>({ user: null, requiredAction: null, loading: true });

  useEffect(() => {
    const controller = new AbortController();
    // Decision 040: the first screen after the answer renders as a transition, in short
    // tasks (the whole signed-in shell and page render at this point).
    const settle = (user: SignedInUser | null, requiredAction: RequiredAction | null = null) =>
      startTransition(() =>
        setState((current) => (current.loading ? { user, requiredAction, loading: false } : current)),
      );
    readSession(controller.signal).then(
      ({ user, required_action }) => settle(user, required_action ?? null),
      () => {
        if (!controller.signal.aborted) settle(null);
      },
    );
    return () => controller.abort();
  }, []);

  const setUser = useCallback(
    (user: SignedInUser | null, requiredAction: RequiredAction | null = null) =>
      setState({ user, requiredAction, loading: false }),
    [],
  );
  const refresh = useCallback(async () => {
    const session = await readSession();
    setUser(session.user, session.required_action ?? null);
  }, [setUser]);
  const signOut = useCallback(async () => {
    try {
      await signOutRequest();
    } finally {
      setUser(null);
      for (const listener of sessionEndListeners) listener();
    }
  }, [setUser]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.user,
      requiredAction: state.requiredAction,
      loading: state.loading,
      setUser,
      refresh,
      signOut,
    }),
    [state, setUser, refresh, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** SPEC 8: using the auth context outside its provider throws an error. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/**
 * Decision 104: whether the signed-in role holds a permission (the table of packages/shared, answered
 * with the session). Screens hide what the role cannot do with it; the server refuses it anyway.
 */
export function useCan(): (permission: Permission) => boolean {
  const value = useContext(AuthContext);
  const user = value?.user;
  // Outside the provider there is no session to ask: a screen rendered on its own (the component tests)
  // shows everything. The app always renders inside it, and the server refuses what the role cannot do.
  return useCallback(
    (permission: Permission) => (value ? (user?.permissions?.includes(permission) ?? false) : true),
    [value, user],
  );
}
