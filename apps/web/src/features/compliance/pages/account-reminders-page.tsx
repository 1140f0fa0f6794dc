import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { complianceQueries, useDisableFeed, useEnableFeed, useSetWeeklyDigest } from '../api/compliance-queries.ts';

/**
 * Decision 094: the signed-in person's compliance reminders: the weekly digest e-mail (Monday 07:00
 * Singapore time: what falls due in the next 30 days and what is overdue) and a private calendar feed
 * for Outlook or Google Calendar. The feed's address is shown once when made (only its hash is kept),
 * so a lost address is replaced with Reset.
 */
export function AccountRemindersPage() {
  usePageTitle('Reminders');
  const settings = useQuery(complianceQueries.notifications());

  return (
    <div className="max-w-3xl">
      <PageHeader title="Reminders" description="Compliance deadlines by e-mail and in your own calendar." />
      {settings.isPending && <LoadingState label="Loading your reminders" />}
      {settings.isError && (
        <ListLoadError
          what="your reminders"
          error={settings.error}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      )}
      {settings.data && (
        <div className="flex flex-col gap-6">
          <DigestCard enabled={settings.data.weekly_digest} />
          <FeedCard enabled={settings.data.feed_enabled} />
        </div>
      )}
    </div>
  );
}

function DigestCard({ enabled }: { enabled: boolean }) {
  const setDigest = useSetWeeklyDigest();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader title="Weekly digest" />
      <CardBody className="flex flex-col gap-3">
        {failure && <Alert tone="error">{failure}</Alert>}
        <Switch
          label="Weekly digest e-mail"
          description="Mondays at 07:00 Singapore time: what falls due in the next 30 days and what is overdue."
          checked={setDigest.isPending ? (setDigest.variables ?? enabled) : enabled}
          disabled={setDigest.isPending}
          onCheckedChange={(checked) => {
            setFailure(null);
            setDigest.mutate(checked, {
              onSuccess: () =>
                toast.show({ title: checked ? 'Weekly digest on' : 'Weekly digest off', tone: 'success' }),
              onError: (error) => setFailure(errorMessage(error, 'Could not save. Please try again.')),
            });
          }}
        />
      </CardBody>
    </Card>
  );
}

function FeedCard({ enabled }: { enabled: boolean }) {
  const enable = useEnableFeed();
  const disable = useDisableFeed();
  const toast = useToast();
  const urlId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<'reset' | 'off' | null>(null);
  const busy = enable.isPending || disable.isPending;

  const makeUrl = async () => {
    setFailure(null);
    try {
      const answer = await enable.mutateAsync();
      setUrl(answer.url);
      toast.show({ title: enabled ? 'Calendar feed reset' : 'Calendar feed on', tone: 'success' });
    } catch (error) {
      setFailure(errorMessage(error, 'Could not turn the feed on. Please try again.'));
    }
  };
  const turnOff = async () => {
    setFailure(null);
    try {
      await disable.mutateAsync();
      setUrl(null);
      toast.show({ title: 'Calendar feed off', tone: 'success' });
    } catch (error) {
      setFailure(errorMessage(error, 'Could not turn the feed off. Please try again.'));
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ title: 'Address copied', tone: 'success' });
    } catch {
      setFailure('Could not copy. Select the address and copy it yourself.');
    }
  };

  return (
    <Card>
      <CardHeader
        title="Calendar feed"
        description="A private iCalendar address of every compliance deadline, for Outlook or Google Calendar. Read-only; it carries no FIN or passport number."
      />
      <CardBody className="flex flex-col gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <p className="text-sm">
          Status: <span className="font-semibold">{enabled ? 'On' : 'Off'}</span>
        </p>
        {url && (
          <div className="flex flex-col gap-2">
            <label htmlFor={urlId} className="text-sm font-medium">
              Feed address
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id={urlId}
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                className="h-10 min-w-0 flex-1 rounded-xl border border-line bg-canvas px-3 font-mono text-xs"
              />
              <Button variant="secondary" icon={<Copy aria-hidden="true" className="h-4 w-4" />} onClick={copy}>
                Copy address
              </Button>
            </div>
            <p className="text-xs text-ink-muted">
              Shown only now: keep it private. Anyone with this address can read the calendar.
            </p>
          </div>
        )}
        {enabled && !url && (
          <p className="text-sm text-ink-muted">
            The address was shown when the feed was turned on. Reset it to get a new one; the old one stops working.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {!enabled && (
            <Button onClick={makeUrl} busy={enable.isPending} disabled={busy}>
              Turn on calendar feed
            </Button>
          )}
          {enabled && (
            <>
              <Button variant="secondary" onClick={() => setAsking('reset')} disabled={busy}>
                Reset address
              </Button>
              <Button variant="danger" onClick={() => setAsking('off')} disabled={busy}>
                Turn off calendar feed
              </Button>
            </>
          )}
        </div>
      </CardBody>
      <ConfirmDialog
        open={asking !== null}
        onCancel={() => setAsking(null)}
        tone={asking === 'off' ? 'danger' : 'primary'}
        title={asking === 'off' ? 'Turn off the calendar feed?' : 'Reset the feed address?'}
        message={
          asking === 'off'
            ? 'Calendars subscribed to it stop updating.'
            : 'The current address stops working; calendars subscribed to it must use the new one.'
        }
        confirmLabel={asking === 'off' ? 'Turn off' : 'Reset'}
        onConfirm={() => {
          const action = asking;
          setAsking(null);
          void (action === 'off' ? turnOff() : makeUrl());
        }}
      />
    </Card>
  );
}
