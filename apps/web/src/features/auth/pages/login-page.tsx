import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_NAME } from '@td/shared/options/product';
import { LoginInput } from '@td/shared/schemas/auth';
import { HardHat } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { authQueries, signIn } from '../api/session.ts';
import { useAuth } from '../auth-provider.tsx';
import { AuthSplitLayout } from '../components/auth-split-layout.tsx';

interface LoginValues {
  email: string;
  password: string;
}

/** SPEC 2 Login, 5 Login, 8 sign-in failure. */
export function LoginPage() {
  usePageTitle('Sign In');
  const { user, loading, setUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const setup = useQuery(authQueries.setup());
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginValues>({ resolver: zodResolver(LoginInput), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  // ARCHITECTURE differs 11: back to the page that asked for sign-in (the spec's /dashboard when none did).
  const requested = (location.state as { from?: unknown } | null)?.from;
  const destination =
    typeof requested === 'string' && requested.startsWith('/') && !requested.startsWith('//') && requested !== '/login'
      ? requested
      : '/dashboard';

  if (!loading && user) return <Navigate to={destination} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { user: signedIn } = await signIn(values);
      setUser(signedIn);
      navigate(destination, { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError && error.status !== 0 ? error.message : 'Failed to sign in');
    }
  });

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

          <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
            <TextField
              label="Email address"
              type="email"
              autoComplete="username"
              required
              error={errors.email?.message}
              {...form.register('email')}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              error={errors.password?.message}
              {...form.register('password')}
            />
            <Button type="submit" size="lg" busy={isSubmitting} className="mt-2 w-full">
              {isSubmitting ? 'Signing in...' : 'Sign in'}
            </Button>
          </form>
        </Card>
      </div>
    </AuthSplitLayout>
  );
}
