import { z } from 'zod';
import { requiredText, safeText } from './fields.ts';

// SPEC 5 Login: both fields required; e-mail must be e-mail format.
export const EMAIL_REQUIRED = 'Email address is required';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_REQUIRED = 'Password is required';
export const PASSWORD_MIN_LENGTH = 10;

const email = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(254, EMAIL_INVALID)
  .pipe(z.email({ error: EMAIL_INVALID }))
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
