import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordForm, PASSWORD_CHANGED, PASSWORD_MIN_LENGTH } from '@td/shared/schemas/auth';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardFooter } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { focusFirstInvalid } from '@/lib/form-errors.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { changePassword } from '../api/session.ts';
import { useAuth } from '../auth-provider.tsx';

type Field = keyof ChangePasswordForm;
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

/**
 * Decision 037: signed-in staff change their own password (the current one is required). Every message
 * shows at once and focus goes to the first; on success a toast says that other sessions were ended.
 */
export function ChangePasswordPage() {
  usePageTitle('Change password');
  const { user, requiredAction, refresh } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);
  const focusFirstError = () => setFocusRequest((count) => count + 1);

  const field = (name: Field) => ({
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    error: errors[name]?.message,
    type: 'password' as const,
    required: true,
  });

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    try {
      await changePassword({ currentPassword, newPassword });
      form.reset();
      // Decision 104: a password an admin reset is now the person's own; the rest of the app opens.
      if (requiredAction) await refresh();
      toast.show({ title: 'Password changed', description: PASSWORD_CHANGED, tone: 'success' });
      navigate('/dashboard');
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields).filter(([name]) => isField(name)) : [];
      for (const [name, message] of fields) form.setError(name as Field, { type: 'server', message });
      // A message that belongs to a field shows there; anything else (too many attempts...) above the form.
      if (fields.length === 0) setFailure(errorMessage(error, 'Failed to change the password. Please try again.'));
      focusFirstError();
    }
  }, focusFirstError);

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title="Change password"
        description={
          user ? `For ${user.name} (${user.email}). Your other signed-in devices will be signed out.` : undefined
        }
      />
      <form ref={formRef} noValidate onSubmit={submit} aria-label="Change password">
        {failure && (
          <div data-form-error="" tabIndex={-1} className="mb-4">
            <Alert tone="error">{failure}</Alert>
          </div>
        )}
        <Card>
          <CardBody className="flex flex-col gap-5">
            {/* Lets password managers tie the new password to this account. */}
            <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
            <TextField label="Current password" autoComplete="current-password" {...field('currentPassword')} />
            <TextField
              label="New password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              {...field('newPassword')}
            />
            <TextField label="Repeat the new password" autoComplete="new-password" {...field('confirmPassword')} />
          </CardBody>
          <CardFooter className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => navigate(-1)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" busy={isSubmitting}>
              {isSubmitting ? 'Changing password...' : 'Change password'}
            </Button>
          </CardFooter>
        </Card>
      </form>
    </div>
  );
}
