import { z } from 'zod';
import { EMAIL_INVALID, EMAIL_MAX_LENGTH, EMAIL_PATTERN, EMAIL_REQUIRED, PASSWORD_REQUIRED } from '../rules/login.ts';
import { requiredText, safeText } from './fields.ts';

// SPEC 5 Login: both fields required; e-mail must be e-mail format. The messages and the pattern live
// in rules/login.ts, which the sign-in screen uses without zod (decision 033).
export { EMAIL_INVALID, EMAIL_REQUIRED, PASSWORD_REQUIRED };
export const PASSWORD_MIN_LENGTH = 10;

const email = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(EMAIL_MAX_LENGTH, EMAIL_INVALID)
  .pipe(z.email({ error: EMAIL_INVALID, pattern: EMAIL_PATTERN }))
  .transform((value) => value.toLowerCase());

/** Kept as typed (never trimmed); control characters and lone surrogates are refused like any text. */
const password = (max: number, label = 'Password') => safeText(max, { label, trim: false });

export const LoginInput = z.object({
  email,
  password: password(1000).min(1, PASSWORD_REQUIRED),
});
export type LoginInput = z.output<typeof LoginInput>;

export const NewAccountInput = z.object({
  name: requiredText(120, { label: 'Name' }),
  email,
  password: password(200).min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});
export type NewAccountInput = z.output<typeof NewAccountInput>;

// Decision 037: signed-in staff change their own password; the current one is required.
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const NEW_PASSWORD_SAME = 'New password must be different from the current password';
export const PASSWORDS_DO_NOT_MATCH = 'The two new passwords do not match';
export const PASSWORD_CHANGED = 'Your password has been changed. You have been signed out everywhere else.';

export const ChangePasswordInput = z
  .object({
    currentPassword: password(1000, 'Current password').min(1, CURRENT_PASSWORD_REQUIRED),
    newPassword: password(200, 'New password').min(PASSWORD_MIN_LENGTH, NEW_PASSWORD_TOO_SHORT),
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    message: NEW_PASSWORD_SAME,
  });
export type ChangePasswordInput = z.output<typeof ChangePasswordInput>;

/** The form adds a repeat of the new password; only the two passwords go to the server. */
export const ChangePasswordForm = z
  .object({
    currentPassword: password(1000, 'Current password').min(1, CURRENT_PASSWORD_REQUIRED),
    newPassword: password(200, 'New password').min(PASSWORD_MIN_LENGTH, NEW_PASSWORD_TOO_SHORT),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword.length > 0 && value.newPassword === value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: NEW_PASSWORD_SAME });
    }
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });
    }
  });
export type ChangePasswordForm = z.output<typeof ChangePasswordForm>;

export const ChangePasswordResponse = z.object({ endedSessions: z.number().int() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

export const SessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionResponse = z.object({ user: SessionUser.nullable() });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const SetupStatus = z.object({ setupRequired: z.boolean() });
export type SetupStatus = z.infer<typeof SetupStatus>;
