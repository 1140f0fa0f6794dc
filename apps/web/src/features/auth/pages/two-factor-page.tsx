import type { TotpSetup } from '@td/shared/schemas/auth';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { disableTotp, enableTotp, readTotpStatus, setUpTotp } from '../api/session.ts';
import { useAuth } from '../auth-provider.tsx';

type Stage =
  | { kind: 'loading' }
  | { kind: 'off' }
  | { kind: 'scanning'; setup: TotpSetup; qr: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'on' };

/**
 * Decision 104: two-factor sign-in from the account menu: a QR code for the authenticator app (RFC 6238,
 * 30 s, 6 digits), a code to confirm it, then ten single-use recovery codes shown once.
 */
export function TwoFactorPage() {
  usePageTitle('Two-factor sign-in');
  const { requiredAction, refresh } = useAuth();
  const toast = useToast();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    readTotpStatus(controller.signal).then(
      ({ enabled }) => setStage({ kind: enabled ? 'on' : 'off' }),
      (problem) => {
        if (controller.signal.aborted) return;
        setFailure(errorMessage(problem, 'Failed to read whether two-factor sign-in is on'));
        setStage({ kind: 'off' });
      },
    );
    return () => controller.abort();
  }, []);

  const start = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const setup = await setUpTotp();
      const qr = await QRCode.toDataURL(setup.otpauth_url, { margin: 1, width: 220 });
      setStage({ kind: 'scanning', setup, qr });
    } catch (problem) {
      setFailure(errorMessage(problem, 'Failed to start the set-up'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError('Enter the 6-digit code from your authenticator app');
    setBusy(true);
    try {
      const { recovery_codes } = await enableTotp(code.trim());
      setCode('');
      setError(undefined);
      setStage({ kind: 'codes', codes: recovery_codes });
    } catch (problem) {
      setError(errorMessage(problem, 'Failed to turn on two-factor sign-in'));
    } finally {
      setBusy(false);
    }
  };

  const done = async () => {
    setStage({ kind: 'on' });
    if (requiredAction) await refresh();
  };

  const turnOff = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await disableTotp(password);
      setPassword('');
      setError(undefined);
      setStage({ kind: 'off' });
      toast.show({ title: 'Two-factor sign-in is off', tone: 'success' });
      await refresh();
    } catch (problem) {
      setError(errorMessage(problem, 'Failed to turn off two-factor sign-in'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <PageHeader
        title="Two-factor sign-in"
        description="After your password, sign-in asks for a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password...)."
      />
      {requiredAction === 'enrol_totp' && (
        <Alert tone="info" title="Required for your role">
          Turn on two-factor sign-in to continue using TD Workforce.
        </Alert>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <Card>
        <CardBody className="space-y-4">
          {stage.kind === 'loading' && <p className="text-sm text-ink-muted">Loading…</p>}
          {stage.kind === 'off' && (
            <>
              <p className="text-sm">Two-factor sign-in is off for your account.</p>
              <Button onClick={start} busy={busy}>
                Turn on two-factor sign-in
              </Button>
            </>
          )}
          {stage.kind === 'scanning' && (
            <form noValidate onSubmit={confirm} className="space-y-4">
              <p className="text-sm">1. Scan this QR code with your authenticator app.</p>
              <img
                src={stage.qr}
                width={220}
                height={220}
                alt="QR code to add TD Workforce to an authenticator app"
                className="rounded-lg border border-line"
              />
              <p className="text-sm">
                Or type this setup key:{' '}
                <code data-testid="totp-secret" className="break-all font-mono">
                  {stage.setup.secret}
                </code>
              </p>
              <p className="text-sm">2. Enter the 6-digit code the app shows.</p>
              <TextField
                label="Authentication code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                value={code}
                error={error}
                onChange={(event) => setCode(event.target.value)}
              />
              <Button type="submit" busy={busy}>
                Confirm and turn on
              </Button>
            </form>
          )}
          {stage.kind === 'codes' && (
            <div className="space-y-4">
              <Alert tone="success" title="Two-factor sign-in is on">
                Save these recovery codes somewhere safe. Each signs you in once if you lose your phone; they are not
                shown again.
              </Alert>
              <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
                {stage.codes.map((recoveryCode) => (
                  <li key={recoveryCode} className="rounded-lg bg-canvas px-3 py-1.5">
                    {recoveryCode}
                  </li>
                ))}
              </ul>
              <Button onClick={done}>I have saved my recovery codes</Button>
            </div>
          )}
          {stage.kind === 'on' && (
            <form noValidate onSubmit={turnOff} className="space-y-4">
              <p className="text-sm">Two-factor sign-in is on for your account.</p>
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                error={error}
                onChange={(event) => setPassword(event.target.value)}
                hint="Your password, to turn two-factor sign-in off."
              />
              <Button type="submit" variant="danger" busy={busy}>
                Turn off two-factor sign-in
              </Button>
            </form>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
