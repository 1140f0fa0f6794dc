import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LoginInput } from '../schemas/auth.ts';
import { EMAIL_INVALID, EMAIL_REQUIRED, loginProblems, normalizeEmail, PASSWORD_REQUIRED } from './login.ts';

/** The API's answer in the rule's terms: the first message per field, and the parsed e-mail. */
function schemaProblems(values: { email: string; password: string }) {
  const parsed = LoginInput.safeParse(values);
  if (parsed.success) return { problems: {}, email: parsed.data.email };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    problems[field] ??= issue.message;
  }
  return { problems, email: null };
}

describe('login rule (the sign-in screen without zod)', () => {
  it.each([
    [
      { email: '', password: '' },
      { email: EMAIL_REQUIRED, password: PASSWORD_REQUIRED },
    ],
    [{ email: '   ', password: 'x' }, { email: EMAIL_REQUIRED }],
    [{ email: 'someone', password: 'x' }, { email: EMAIL_INVALID }],
    [{ email: 'a@b', password: 'x' }, { email: EMAIL_INVALID }],
    [{ email: ' Staff@Example.COM ', password: '' }, { password: PASSWORD_REQUIRED }],
    [{ email: `${'a'.repeat(250)}@x.com`, password: 'x' }, { email: EMAIL_INVALID }],
    [{ email: 'staff@example.com', password: ' ' }, {}],
  ])('%j gives %j', (values, expected) => {
    expect(loginProblems(values)).toEqual(expected);
  });

  it('agrees with the API schema on every e-mail it is given, and normalises it the same way', () => {
    const emails = fc.oneof(
      fc.emailAddress(),
      fc.string(),
      fc.emailAddress().map((e) => ` ${e.toUpperCase()} `),
      fc.constantFrom('a@b.c', 'a..b@c.com', '.a@b.com', 'a@-b.com', 'a@b.co', "o'neil@x.sg", 'x@y.z1'),
    );
    fc.assert(
      fc.property(emails, fc.constantFrom('', 'secret password'), (email, password) => {
        const api = schemaProblems({ email, password });
        const rule = loginProblems({ email, password });
        expect(rule).toEqual(api.problems);
        if (api.email !== null) expect(normalizeEmail(email)).toBe(api.email);
      }),
      { numRuns: 500 },
    );
  });
});
