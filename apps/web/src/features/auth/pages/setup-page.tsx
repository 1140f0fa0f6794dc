import { zodResolver } from '@hookform/resolvers/zod';
import { NewAccountInput, PASSWORD_MIN_LENGTH } from '@td/shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { createFirstAccount } from '../api/session.ts';
import { useSetupStatus } from '../api/use-setup-status.ts';
import { useAuth } from '../auth-provider.tsx';
import { AuthSplitLayout } from '../components/auth-split-layout.tsx';

interface SetupValues {
  name: string;
  email: string;
  password: string;
}

/** ARCHITECTURE differs 5: the one-time "create the first account" screen, only while no user exists. */
export function SetupPage() {
  usePageTitle('Create the first account');
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const setup = useSetupStatus();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SetupValues>({
    resolver: zodResolver(NewAccountInput),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (setup.pending) return <LoadingState />;
  if (setup.data && !setup.data.setupRequired) return <Navigate to="/login" replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { user } = await createFirstAccount(values);
      setUser(user);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to create the account'));
    }
  });

  return (
    <AuthSplitLayout>
      <Card className="w-full max-w-md p-8">
        <h1 className="text-2xl font-semibold tracking-tight">Create the first account</h1>
        <p className="mt-1 text-sm text-ink-muted">
          This installation has no staff account yet. The account you create here can sign in and add others.
        </p>
        {failure && (
          <Alert tone="error" className="mt-6">
            {failure}
          </Alert>
        )}
        <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
          <TextField
            label="Full name"
            autoComplete="name"
            required
            error={errors.name?.message}
            {...form.register('name')}
          />
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
            autoComplete="new-password"
            required
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" size="lg" busy={isSubmitting} className="mt-2 w-full">
            {isSubmitting ? 'Creating account...' : 'Create account'}
          </Button>
          <Link to="/login" className="text-center text-sm text-accent hover:underline">
            Back to sign in
          </Link>
        </form>
      </Card>
    </AuthSplitLayout>
  );
}
