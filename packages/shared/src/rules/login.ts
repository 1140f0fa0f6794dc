/**
 * SPEC 5 Login: both fields required; e-mail must be e-mail format. A pure rule without zod, so the
 * sign-in screen can check its two fields without loading zod: the login route's budget (decision
 * 033: 120 KB of gzipped JS+CSS) has no room for it. The API's LoginInput (schemas/auth.ts) is built from
 * the same messages and the same e-mail pattern, and a test keeps the two in agreement.
 */
export const EMAIL_REQUIRED = 'Email address is required';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_REQUIRED = 'Password is required';
export const EMAIL_MAX_LENGTH = 254;

/** zod's own e-mail pattern (`z.regexes.email`), which the API schema is given explicitly. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginProblems = Partial<Record<keyof LoginValues, string>>;

/** The e-mail as the API compares it: trimmed, lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The sign-in form's messages, all at once (CONVENTIONS 15); empty when both fields are fine. */
export function loginProblems({ email, password }: LoginValues): LoginProblems {
  const problems: LoginProblems = {};
  const trimmed = email.trim();
  if (trimmed === '') problems.email = EMAIL_REQUIRED;
  else if (trimmed.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(trimmed)) problems.email = EMAIL_INVALID;
  if (password === '') problems.password = PASSWORD_REQUIRED;
  return problems;
}
