import { PRODUCT_NAME } from '@td/shared/options/product';
import { type LoginProblems, type LoginValues, loginProblems, normalizeEmail } from '@td/shared/rules/login';
import { HardHat } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { signIn, signInWithCode } from '../api/session.ts';
import { useSetupStatus } from '../api/use-setup-status.ts';
import { useAuth } from '../auth-provider.tsx';
import { AuthSplitLayout } from '../components/auth-split-layout.tsx';

/** SPEC 2 Login, 5 Login, 8 sign-in failure. */
export function LoginPage() {
  usePageTitle('Sign In');
  const { user, loading, setUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const setup = useSetupStatus();
  const [failure, setFailure] = useState<string | null>(null);
  // Two fields checked by the shared rule, without a form library or zod: the sign-in screen is the
  // first page every user loads (decision 033).
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginProblems>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  // Decision 104: the password was right and the account has two-factor sign-in: the code is next.
  const [codeStep, setCodeStep] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const codeRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // ARCHITECTURE differs 11: back to the page that asked for sign-in (the spec's /dashboard when none did).
  const requested = (location.state as { from?: unknown } | null)?.from;
  const destination =
    typeof requested === 'string' && requested.startsWith('/') && !requested.startsWith('//') && requested !== '/login'
      ? requested
      : '/dashboard';

  if (!loading && user) return <Navigate to={destination} replace />;

  const change = (field: keyof LoginValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // As before: checked on submit, then again on every change once a submit has shown messages.
    if (submitted) setErrors(loginProblems(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const problems = loginProblems(values);
    setErrors(problems);
    // CONVENTIONS 15: every message at once, focus on the first field in error.
    if (problems.email) return emailRef.current?.focus();
    if (problems.password) return passwordRef.current?.focus();
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await signIn({ email: normalizeEmail(values.email), password: values.password });
      if ('totp_required' in answer) {
        setCodeStep(true);
        setTimeout(() => codeRef.current?.focus(), 0);
        return;
      }
      setUser(answer.user, answer.required_action);
      navigate(destination, { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError && error.status !== 0 ? error.message : 'Failed to sign in');
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const typed = code.trim();
    const problem = useRecovery
      ? typed === ''
        ? 'Enter one of your recovery codes'
        : undefined
      : /^\d{6}$/.test(typed)
        ? undefined
        : 'Enter the 6-digit code from your authenticator app';
    setCodeError(problem);
    if (problem) return codeRef.current?.focus();
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await signInWithCode(useRecovery ? { recovery_code: typed } : { code: typed });
      setUser(answer.user, answer.required_action);
      navigate(destination, { replace: true });
    } catch (error) {
      const message = error instanceof ApiError && error.status !== 0 ? error.message : 'Failed to sign in';
      // The first step's challenge expired: back to the password.
      if (error instanceof ApiError && error.status === 401 && message === 'Please sign in again.') setCodeStep(false);
      setFailure(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthSplitLayout>
      <div className="w-full max-w-md">
        <div className="mb-8 flex items-center justify-center gap-2 lg:hidden">
          <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-accent text-white">
            <HardHat aria-hidden="true" className="h-5 w-5" />
          </span>
          <span className="text-lg font-semibold">{PRODUCT_NAME}</span>
        </div>
        <Card className="p-8">
          <h1 className="text-2xl font-semibold tracking-tight">Welcome Back</h1>
          <p className="mt-1 text-sm text-ink-muted">Sign in to manage your workforce.</p>

          {setup.data?.setupRequired && (
            <Alert tone="info" className="mt-6" title="This is a new installation">
              <p>No account exists yet. Create the first staff account to start.</p>
              <Link to="/setup" className={buttonClasses('primary', 'sm', 'mt-3')}>
                Create the first account
              </Link>
            </Alert>
          )}
          {failure && (
            <Alert tone="error" className="mt-6">
              {failure}
            </Alert>
          )}

          {codeStep ? (
            <form noValidate onSubmit={onSubmitCode} className="mt-6 flex flex-col gap-4">
              <p className="text-sm text-ink-muted">
                {useRecovery
                  ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.'
                  : 'Enter the 6-digit code your authenticator app shows for TD Workforce.'}
              </p>
              <TextField
                key={useRecovery ? 'recovery' : 'code'}
                label={useRecovery ? 'Recovery code' : 'Authentication code'}
                name={useRecovery ? 'recovery_code' : 'code'}
                inputMode={useRecovery ? 'text' : 'numeric'}
                autoComplete={useRecovery ? 'off' : 'one-time-code'}
                required
                ref={codeRef}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={codeError}
              />
              <Button type="submit" size="lg" busy={isSubmitting} className="mt-2 w-full">
                {isSubmitting ? 'Checking...' : 'Verify'}
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setUseRecovery((current) => !current);
                  setCode('');
                  setCodeError(undefined);
                }}
              >
                {useRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
              </Button>
            </form>
          ) : (
            <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
              <TextField
                label="Email address"
                type="email"
                autoComplete="username"
                required
                name="email"
                ref={emailRef}
                value={values.email}
                onChange={change('email')}
                error={errors.email}
              />
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                required
                name="password"
                ref={passwordRef}
                value={values.password}
                onChange={change('password')}
                error={errors.password}
              />
              <Button type="submit" size="lg" busy={isSubmitting} className="mt-2 w-full">
                {isSubmitting ? 'Signing in...' : 'Sign in'}
              </Button>
            </form>
          )}
        </Card>
      </div>
    </AuthSplitLayout>
  );
}
