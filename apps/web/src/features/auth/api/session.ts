import type {
  ActiveSession,
  ChangePasswordInput,
  ChangePasswordResponse,
  LoginInput,
  LoginResponse,
  LoginTotpInput,
  NewAccountInput,
  SessionResponse,
  SetupStatus,
  TotpEnabled,
  TotpSetup,
} from '@td/shared/schemas/auth';
import { ApiError, api } from '@/lib/api-client.ts';

/** Failures that may pass when asked again: the network, or the server answering 5xx. */
const mayPass = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * SPEC 4: the existing session, read once when the app starts. Asked again twice after a failure that
 * may pass, 1 s then 2 s later (what the query client did when the session was a query); a 4xx or an
 * abort is final.
 */
export async function readSession(signal?: AbortSignal, retries = 2, delayMs = 1000): Promise<SessionResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api<SessionResponse>('/api/auth/session', { signal });
    } catch (error) {
      if (attempt >= retries || !mayPass(error) || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** attempt));
    }
  }
}

/** ARCHITECTURE differs 5: whether the installation still needs its first account. */
export const readSetupStatus = (signal?: AbortSignal) => api<SetupStatus>('/api/auth/setup', { signal });

export const signIn = (input: LoginInput) => api<LoginResponse>('/api/auth/login', { method: 'POST', body: input });
/** Decision 104: the second step of sign-in, the authenticator's code or a recovery code. */
export const signInWithCode = (input: LoginTotpInput) =>
  api<SessionResponse>('/api/auth/login/totp', { method: 'POST', body: input });
export const readTotpStatus = (signal?: AbortSignal) => api<{ enabled: boolean }>('/api/auth/totp', { signal });
export const setUpTotp = () => api<TotpSetup>('/api/auth/totp/setup', { method: 'POST' });
export const enableTotp = (code: string) =>
  api<TotpEnabled>('/api/auth/totp/enable', { method: 'POST', body: { code } });
export const disableTotp = (password: string) =>
  api<void>('/api/auth/totp/disable', { method: 'POST', body: { password } });
export const listSessions = (signal?: AbortSignal) => api<{ items: ActiveSession[] }>('/api/auth/sessions', { signal });
export const endSession = (id: string) =>
  api<void>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const signOut = () => api<void>('/api/auth/logout', { method: 'POST' });
export const createFirstAccount = (input: NewAccountInput) =>
  api<SessionResponse>('/api/auth/setup', { method: 'POST', body: input });

/** Decision 037: the signed-in staff member's own password; ends their other sessions. */
export const changePassword = (input: ChangePasswordInput) =>
  api<ChangePasswordResponse>('/api/auth/password', { method: 'POST', body: input });
