import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, ROLES, type Role } from '@td/shared/rules/permissions';
import type { StaffAccount, StaffAccountList, StaffSettings } from '@td/shared/schemas/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody } from '@/components/ui/card.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { CARD_LAYOUT_QUERY, Table, TBody, TD, TH, THead, TR, useMediaQuery } from '@/components/ui/table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { useAuth } from '@/features/auth/public/access.ts';
import { ApiError, api, errorMessage } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** What each role may do, as the staff screen explains it (decision 104's table, in words). */
const ROLE_SUMMARIES: Record<Role, string> = {
  admin: 'Everything, staff accounts, settings and the audit log.',
  hr: 'Workers and their documents, training, compliance, letters; timesheets and charges read only; no pay.',
  payroll: 'Timesheets, admin charges and approval, payslips, pay runs, bank files; workers without documents.',
  supervisor: 'Timesheets (single and crew) and the worker list without identity numbers, pay or contacts.',
  viewer: 'Everything read only, documents excepted.',
};

/** Decision 104: `/settings/staff`, the staff accounts, their roles and compulsory two-factor sign-in. */
export function StaffPage() {
  usePageTitle('Staff Accounts');
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<StaffAccount | null>(null);
  const staff = useQuery({
    queryKey: ['staff'],
    queryFn: ({ signal }) => api<StaffAccountList>('/api/users', { signal }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['staff'] });
  const update = useMutation({
    mutationFn: ({ account, change }: { account: StaffAccount; change: { role?: Role; active?: boolean } }) =>
      api<StaffAccount>(`/api/users/${account.id}`, { method: 'PUT', body: change }),
    onSuccess: (saved, { change }) => {
      toast.show({
        title:
          change.role !== undefined
            ? `${saved.name} is now ${ROLE_LABELS[saved.role]}`
            : saved.active
              ? `${saved.name} can sign in again`
              : `${saved.name} is deactivated and signed out`,
        tone: 'success',
      });
      refresh();
    },
    onError: (error) => {
      toast.show({
        title: 'The account was not changed',
        description: errorMessage(error, 'Failed to save'),
        tone: 'error',
      });
      refresh();
    },
  });

  // Decision 104: cards on a phone, where a table of four columns does not fit.
  const cards = useMediaQuery(CARD_LAYOUT_QUERY);
  const roleSelect = (account: StaffAccount) => (
    <SelectField
      label={`Role of ${account.name}`}
      className={cards ? undefined : '[&>label]:sr-only'}
      value={account.role}
      options={ROLE_OPTIONS}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ account, change: { role: event.target.value as Role } })}
    />
  );
  const actions = (account: StaffAccount) => (
    <>
      <Button
        variant="link"
        size="sm"
        aria-label={`Reset the password of ${account.name}`}
        onClick={() => setResetting(account)}
      >
        Reset password
      </Button>
      <Button
        variant="link"
        size="sm"
        aria-label={`${account.active ? 'Deactivate' : 'Reactivate'} ${account.name}`}
        disabled={update.isPending}
        onClick={() => update.mutate({ account, change: { active: !account.active } })}
      >
        {account.active ? 'Deactivate' : 'Reactivate'}
      </Button>
    </>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Staff Accounts"
        description="Who can sign in, and what each role may see and do. Deactivating an account signs it out everywhere at once."
        actions={<Button onClick={() => setAdding(true)}>Add Staff Account</Button>}
      />
      {staff.isPending ? (
        <LoadingState label="Loading staff accounts" />
      ) : staff.isError ? (
        <ListLoadError
          what="staff accounts"
          error={staff.error}
          retrying={staff.isFetching}
          onRetry={() => void staff.refetch()}
        />
      ) : cards ? (
        <ul aria-label="Staff accounts" className="flex flex-col gap-3">
          {staff.data.items.map((account) => (
            <li key={account.id} className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4">
              <AccountName account={account} you={account.id === user?.id} />
              {roleSelect(account)}
              <AccountStatus account={account} />
              <div className="flex flex-wrap gap-3">{actions(account)}</div>
            </li>
          ))}
        </ul>
      ) : (
        <Table caption="Staff accounts">
          <THead>
            <TR>
              <TH>Name</TH>
              <TH>Role</TH>
              <TH>Status</TH>
              <TH>
                <span className="sr-only">Actions</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {staff.data.items.map((account) => (
              <TR key={account.id}>
                <TD>
                  <AccountName account={account} you={account.id === user?.id} />
                </TD>
                <TD className="min-w-32">{roleSelect(account)}</TD>
                <TD>
                  <AccountStatus account={account} />
                </TD>
                <TD className="text-right sm:space-x-2 sm:whitespace-nowrap">{actions(account)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <Card>
        <CardBody className="space-y-2">
          <h2 className="text-base font-semibold">Roles</h2>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
            {ROLES.map((role) => (
              <div key={role} className="contents">
                <dt className="font-medium">{ROLE_LABELS[role]}</dt>
                <dd className="text-ink-muted">{ROLE_SUMMARIES[role]}</dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>
      <TwoFactorSettings />
      <AddStaffDialog open={adding} onClose={() => setAdding(false)} onAdded={refresh} />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}

function AccountName({ account, you }: { account: StaffAccount; you: boolean }) {
  return (
    <div>
      <span className="font-medium">{account.name}</span>
      {you && <span className="text-ink-muted"> (you)</span>}
      <span className="block break-all text-sm text-ink-muted">{account.email}</span>
    </div>
  );
}

function AccountStatus({ account }: { account: StaffAccount }) {
  return (
    <div>
      <Badge tone={account.active ? 'green' : 'gray'} dot>
        {account.active ? 'Active' : 'Deactivated'}
      </Badge>
      <span className="mt-1 block text-sm text-ink-muted">Two-factor {account.totp_enabled ? 'on' : 'off'}</span>
    </div>
  );
}

/** The roles that must enrol in two-factor sign-in at their next sign-in. */
function TwoFactorSettings() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['staff-settings'],
    queryFn: ({ signal }) => api<StaffSettings>('/api/users/settings', { signal }),
  });
  const [chosen, setChosen] = useState<Role[]>([]);
  useEffect(() => {
    if (settings.data) setChosen(settings.data.require_2fa_roles);
  }, [settings.data]);
  const save = useMutation({
    mutationFn: (roles: Role[]) =>
      api<StaffSettings>('/api/users/settings', { method: 'PUT', body: { require_2fa_roles: roles } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['staff-settings'], saved);
      toast.show({ title: 'Two-factor sign-in setting saved', tone: 'success' });
    },
    onError: (error) =>
      toast.show({ title: 'Not saved', description: errorMessage(error, 'Failed to save'), tone: 'error' }),
  });
  const fromServer = settings.data?.require_2fa_roles_from_server ?? [];
  return (
    <Card>
      <CardBody className="space-y-3">
        <h2 className="text-base font-semibold">Compulsory two-factor sign-in</h2>
        <p className="text-sm text-ink-muted">
          Staff in the roles ticked here must turn on two-factor sign-in at their next sign-in before they can do
          anything else.
        </p>
        {settings.isPending ? (
          <LoadingState label="Loading the setting" />
        ) : settings.isError ? (
          <ListLoadError
            what="the setting"
            error={settings.error}
            retrying={settings.isFetching}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(chosen);
            }}
          >
            <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
              <legend className="sr-only">Roles that must use two-factor sign-in</legend>
              {ROLES.map((role) => (
                <CheckboxField
                  key={role}
                  label={ROLE_LABELS[role]}
                  checked={fromServer.includes(role) || chosen.includes(role)}
                  disabled={fromServer.includes(role)}
                  description={fromServer.includes(role) ? 'Set by REQUIRE_2FA_ROLES' : undefined}
                  onChange={(event) =>
                    setChosen((current) =>
                      event.target.checked ? [...current, role] : current.filter((other) => other !== role),
                    )
                  }
                />
              ))}
            </fieldset>
            <Button type="submit" busy={save.isPending}>
              Save setting
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}

function AddStaffDialog({ open, onClose, onAdded }: { open: boolean; onClose(): void; onAdded(): void }) {
  const toast = useToast();
  const empty = { name: '', email: '', password: '', role: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setValues(empty);
    setErrors({});
    setFailure(null);
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const added = await api<StaffAccount>('/api/users', { method: 'POST', body: values });
      toast.show({
        title: 'Staff account added',
        description: `${added.name}, ${ROLE_LABELS[added.role]}`,
        tone: 'success',
      });
      onAdded();
      close();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFailure(errorMessage(error, 'Failed to add the account'));
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof typeof empty) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors(({ [name]: _dropped, ...rest }) => rest);
    },
  });
  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title="Add Staff Account">
      <form id="add-staff" noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField label="Name" required autoComplete="off" {...field('name')} />
        <TextField label="Email address" type="email" required autoComplete="off" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          required
          autoComplete="new-password"
          hint="At least 10 characters. Tell the person; they can change it from their account menu."
          {...field('password')}
        />
        <SelectField label="Role" required placeholder="Select a role" options={ROLE_OPTIONS} {...field('role')} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Add account
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function ResetPasswordDialog({ account, onClose }: { account: StaffAccount | null; onClose(): void }) {
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    setError(undefined);
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!account) return;
    setBusy(true);
    try {
      await api(`/api/users/${account.id}/password`, { method: 'POST', body: { password } });
      toast.show({
        title: 'Password reset',
        description: `${account.name} is signed out and must choose a new password at next sign-in.`,
        tone: 'success',
      });
      close();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to reset the password'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={account !== null}
      onOpenChange={(next) => !next && close()}
      title={`Reset the password of ${account?.name ?? ''}`}
      description="Their sessions end now; at next sign-in they must choose a password of their own."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Temporary password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          error={error}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Reset password
          </Button>
        </div>
      </form>
    </Modal>
  );
}
