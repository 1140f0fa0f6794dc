import type {
  ChangePasswordInput,
  ChangePasswordResponse,
  LoginInput,
  NewAccountInput,
  SessionResponse,
  SetupStatus,
} from '@td/shared/schemas/auth';
import { api } from '@/lib/api-client.ts';

export const authQueries = {
  session: () => ({ queryKey: ['auth', 'session'] as const, queryFn: () => api<SessionResponse>('/api/auth/session') }),
  setup: () => ({ queryKey: ['auth', 'setup'] as const, queryFn: () => api<SetupStatus>('/api/auth/setup') }),
};

export const signIn = (input: LoginInput) => api<SessionResponse>('/api/auth/login', { method: 'POST', body: input });
export const signOut = () => api<void>('/api/auth/logout', { method: 'POST' });
export const createFirstAccount = (input: NewAccountInput) =>
  api<SessionResponse>('/api/auth/setup', { method: 'POST', body: input });

/** Issue 16: the signed-in staff member's own password; ends their other sessions. */
export const changePassword = (input: ChangePasswordInput) =>
  api<ChangePasswordResponse>('/api/auth/password', { method: 'POST', body: input });
