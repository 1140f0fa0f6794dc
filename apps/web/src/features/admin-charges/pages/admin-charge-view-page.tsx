import { useQuery } from '@tanstack/react-query';
import { CONSENT_CHARGE_TYPES, DAMAGE_CHARGE_TYPE } from '@td/shared/rules/employment-act-pay';
import { ADMIN_CHARGE_FIELD_LABELS, type AdminCharge } from '@td/shared/schemas/admin-charge';
import { ArrowLeft, Check, Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DetailList } from '@/components/ui/detail-list.tsx';
import { FileLink } from '@/components/ui/file-link.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoadError } from '@/components/ui/record-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate, formatDateTime, formatSgd, orNA } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { fromHere, useReturnTo } from '@/lib/return-to.ts';
import { type ChargeDecision, useDecideAdminCharge } from '../api/admin-charge-mutations.ts';
import { adminChargeQueries } from '../api/admin-charge-queries.ts';
import {
  CHARGE_LOAD_ERROR,
  chargeWorkerName,
  isLocked,
  LOCKED_EXPLANATION,
  reviewLabels,
  shortChargeId,
  UNKNOWN_WORKER,
} from '../components/admin-charge-display.ts';
import { ChargeStatusBadge } from '../components/charge-status-badge.tsx';

/** SPEC 2 admin charge detail (/admin-charge/view/{id}). */
export function AdminChargeViewPage() {
  const { id = '' } = useParams();
  const back = useReturnTo('/admin-charge');
  const charge = useQuery(adminChargeQueries.detail(id));
  usePageTitle(charge.data ? `Admin Charge #${shortChargeId(charge.data.id)}` : 'Admin Charge');

  if (charge.isPending) return <LoadingState label="Loading admin charge" />;
  if (charge.isError) {
    return (
      <div>
        <PageHeader title="Admin Charge" />
        <RecordLoadError
          {...CHARGE_LOAD_ERROR}
          error={charge.error}
          onBack={back.leave}
          retry={{ busy: charge.isFetching, run: () => void charge.refetch() }}
        />
      </div>
    );
  }
  return <ChargeDetail charge={charge.data} onBack={back.leave} />;
}

const DECISION_DONE: Record<ChargeDecision, string> = {
  approve: 'Admin charge approved',
  reject: 'Admin charge rejected',
};

/**
 * Probe finding 27: a decision cannot be taken back (SPEC 4: only a Pending charge is decided), so each
 * button asks first and says what follows.
 */
const DECISION_QUESTION: Record<ChargeDecision, { title: string; confirm: string }> = {
  approve: { title: 'Approve this admin charge?', confirm: 'Approve' },
  reject: { title: 'Reject this admin charge?', confirm: 'Reject' },
};
const DECISION_FINAL = 'Your name and the time are recorded, and the decision cannot be undone.';

function ChargeDetail({ charge, onBack }: { charge: AdminCharge; onBack(): void }) {
  const location = useLocation();
  const toast = useToast();
  const decide = useDecideAdminCharge(charge.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asking, setAsking] = useState<ChargeDecision | null>(null);
  // Decision 104: approving and editing only for the roles that may.
  const can = useCan();
  const pending = charge.status === 'Pending';
  const locked = isLocked(charge);
  const review = reviewLabels(charge.status);

  // SPEC 4: only a Pending charge is approved or rejected; a 409 says someone else decided first.
  const run = (decision: ChargeDecision) => {
    setRefusal(null);
    decide.mutate(decision, {
      onSuccess: () => toast.show({ title: DECISION_DONE[decision] }),
      onSettled: () => setAsking(null),
      onError: (error) => {
        console.error(`Failed to ${decision} admin charge`, error);
        setRefusal(errorMessage(error, `Failed to ${decision} the admin charge. Please try again.`));
      },
    });
  };
  const deciding = decide.isPending ? decide.variables : undefined;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">Admin Charge Details</p>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
              Admin Charge #<span className="font-mono">{shortChargeId(charge.id)}</span>
            </h1>
            <ChargeStatusBadge status={charge.status} />
          </div>
          <p className="mt-1 text-ink-muted">
            {chargeWorkerName(charge)} · {charge.charge_type} · {formatSgd(charge.amount)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {pending && can('charges.approve') && (
            <>
              <Button
                variant="danger"
                icon={<X aria-hidden="true" className="h-4 w-4" />}
                busy={deciding === 'reject'}
                disabled={decide.isPending}
                onClick={() => setAsking('reject')}
              >
                {deciding === 'reject' ? 'Rejecting...' : 'Reject'}
              </Button>
              <Button
                className="bg-success hover:bg-green-800"
                icon={<Check aria-hidden="true" className="h-4 w-4" />}
                busy={deciding === 'approve'}
                disabled={decide.isPending}
                onClick={() => setAsking('approve')}
              >
                {deciding === 'approve' ? 'Approving...' : 'Approve'}
              </Button>
            </>
          )}
          {!locked && can('charges.write') && (
            <Link
              to={`/admin-charge/edit/${charge.id}`}
              state={fromHere(location)}
              className={buttonClasses('secondary')}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit
            </Link>
          )}
          <Button variant="secondary" icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />} onClick={onBack}>
            Back to Admin Charges
          </Button>
        </div>
      </div>

      {refusal && <Alert tone="error">{refusal}</Alert>}
      {locked && <Alert tone="info">{LOCKED_EXPLANATION}</Alert>}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Charge Information" />
          <CardBody>
            <DetailList
              fallback="N/A"
              items={[
                { label: 'Charge Date', value: formatDate(charge.charge_date) },
                { label: 'Charge Type', value: charge.charge_type },
                { label: 'Amount', value: <span className="font-semibold">{formatSgd(charge.amount)}</span> },
                { label: 'Status', value: <ChargeStatusBadge status={charge.status} /> },
                // Decision 092 (EA s.27, s.28): what decides whether payroll may deduct it.
                ...(CONSENT_CHARGE_TYPES.includes(charge.charge_type) || charge.consent_date
                  ? [
                      {
                        label: ADMIN_CHARGE_FIELD_LABELS.consent_date,
                        value: charge.consent_date ? formatDate(charge.consent_date) : 'Not recorded: not deducted',
                      },
                      {
                        label: ADMIN_CHARGE_FIELD_LABELS.consent_url,
                        value: charge.consent_url ? (
                          <FileLink href={charge.consent_url} label="View signed consent" />
                        ) : (
                          'N/A'
                        ),
                      },
                    ]
                  : []),
                ...(charge.charge_type === DAMAGE_CHARGE_TYPE || charge.inquiry_date
                  ? [
                      {
                        label: ADMIN_CHARGE_FIELD_LABELS.inquiry_date,
                        value: charge.inquiry_date ? formatDate(charge.inquiry_date) : 'Not recorded: not deducted',
                      },
                    ]
                  : []),
              ]}
            />
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Worker Information" />
          <CardBody>
            {charge.worker ? (
              <DetailList
                items={[
                  {
                    label: 'Worker Name',
                    value: (
                      <Link to={`/worker/view/${charge.worker.id}`} className="font-medium text-accent hover:underline">
                        {chargeWorkerName(charge)}
                      </Link>
                    ),
                  },
                  { label: 'Worker ID', value: <span className="tabular-nums">{charge.worker.worker_id}</span> },
                ]}
              />
            ) : (
              <DetailList
                items={[
                  { label: 'Worker Name', value: UNKNOWN_WORKER },
                  { label: 'Worker ID', value: 'N/A' },
                ]}
              />
            )}
          </CardBody>
        </Card>
      </div>

      <Card>
        <CardHeader title="Description" />
        <CardBody>
          <p className="text-sm whitespace-pre-wrap text-ink">
            {charge.description ?? <span className="text-ink-muted">No description provided</span>}
          </p>
        </CardBody>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        {/* SPEC 2: approval info is shown when the charge is not Pending. */}
        {!pending && (
          <Card>
            <CardHeader title="Approval Information" />
            <CardBody>
              <DetailList
                fallback="N/A"
                items={[
                  { label: 'Status', value: <ChargeStatusBadge status={charge.status} /> },
                  { label: review.by, value: orNA(charge.approved_by) },
                  { label: review.at, value: formatDateTime(charge.approved_at) },
                ]}
              />
            </CardBody>
          </Card>
        )}
        <Card>
          <CardHeader title="Timestamps" />
          <CardBody>
            <DetailList
              items={[
                { label: 'Created At', value: formatDateTime(charge.created_at) },
                { label: 'Last Updated', value: formatDateTime(charge.updated_at) },
              ]}
            />
          </CardBody>
        </Card>
      </div>
      {asking && (
        <ConfirmDialog
          open
          title={DECISION_QUESTION[asking].title}
          message={`${chargeWorkerName(charge)} · ${charge.charge_type} · ${formatSgd(charge.amount)}. ${DECISION_FINAL}`}
          confirmLabel={DECISION_QUESTION[asking].confirm}
          tone={asking === 'reject' ? 'danger' : 'primary'}
          busy={decide.isPending}
          onConfirm={() => run(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
