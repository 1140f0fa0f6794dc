import { z } from 'zod';

// SPEC 5 Login: both fields required; e-mail must be e-mail format.
export const EMAIL_REQUIRED = 'Email address is required';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_REQUIRED = 'Password is required';
export const PASSWORD_MIN_LENGTH = 10;

const email = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .pipe(z.email({ error: EMAIL_INVALID }))
  .transform((value) => value.toLowerCase());

export const LoginInput = z.object({
  email,
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED),
});
export type LoginInput = z.output<typeof LoginInput>;

export const NewAccountInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
  email,
  password: z
    .string({ error: PASSWORD_REQUIRED })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'Password must be at most 200 characters'),
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
