import { z } from 'zod';
import { EMAIL_INVALID, EMAIL_MAX_LENGTH, EMAIL_PATTERN, EMAIL_REQUIRED, PASSWORD_REQUIRED } from '../rules/login.ts';
import { requiredText, safeText } from './fields.ts';

// SPEC 5 Login: both fields required; e-mail must be e-mail format. The messages and the pattern live
// in rules/login.ts, which the sign-in screen uses without zod (issue 15, login route budget).
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
const password = (max: number) => safeText(max, { label: 'Password', trim: false });

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
