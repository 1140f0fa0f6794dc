import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession } from '@td/shared/schemas/auth';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { type DataColumn, DataTable } from '@/components/ui/table.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { endSession, listSessions } from '../api/session.ts';
import { useAuth } from '../auth-provider.tsx';

/** A short name of the browser and system from its user agent (what the person recognises). */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : userAgent.slice(0, 40);
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** On a phone each session is a card: the browser, then where and when. */
const columns: ReadonlyArray<DataColumn<ActiveSession>> = [
  {
    id: 'browser',
    header: 'Browser',
    card: 'title',
    cell: (session) => (
      <>
        {browserOf(session.user_agent)}{' '}
        {session.current && (
          <Badge tone="blue" className="ml-1">
            This browser
          </Badge>
        )}
      </>
    ),
  },
  { id: 'address', header: 'Address', className: 'tabular-nums', cell: (session) => session.ip ?? '—' },
  { id: 'created', header: 'Signed in', className: 'whitespace-nowrap', cell: (session) => when(session.created_at) },
  { id: 'seen', header: 'Last seen', className: 'whitespace-nowrap', cell: (session) => when(session.last_seen_at) },
];

/** Decision 104: the account's own active sessions; any of them can be ended. */
export function SessionsPage() {
  usePageTitle('Sessions');
  const toast = useToast();
  const queryClient = useQueryClient();
  const { signOut } = useAuth();
  const sessions = useQuery({ queryKey: ['own-sessions'], queryFn: ({ signal }) => listSessions(signal) });
  const end = useMutation({
    mutationFn: (session: ActiveSession) => endSession(session.id),
    onSuccess: async (_answer, session) => {
      if (session.current) return signOut();
      toast.show({ title: 'Session ended', description: browserOf(session.user_agent), tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['own-sessions'] });
    },
    onError: (error) =>
      toast.show({ title: 'Not ended', description: errorMessage(error, 'Failed to end the session'), tone: 'error' }),
  });
  return (
    <div className="space-y-4">
      <PageHeader
        title="Sessions"
        description="Where your account is signed in. End any session you do not recognise, then change your password."
      />
      {sessions.isPending ? (
        <LoadingState label="Loading your sessions" />
      ) : sessions.isError ? (
        <ListLoadError
          what="sessions"
          error={sessions.error}
          retrying={sessions.isFetching}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <DataTable
          caption="Your active sessions"
          columns={columns}
          rows={sessions.data.items}
          rowKey={(session) => session.id}
          actions={(session, layout) => (
            <div className={layout === 'card' ? 'flex justify-end' : 'text-right'}>
              <Button
                variant={layout === 'card' ? 'secondary' : 'link'}
                size="sm"
                aria-label={`End session: ${browserOf(session.user_agent)}${session.current ? ' (this browser)' : ''}`}
                disabled={end.isPending}
                onClick={() => end.mutate(session)}
              >
                End session
              </Button>
            </div>
          )}
        />
      )}
    </div>
  );
}
