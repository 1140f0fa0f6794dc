import { useQuery } from '@tanstack/react-query';
import { daysBetween } from '@td/shared/rules/dates';
import { URGENT_EXPIRY_DAYS } from '@td/shared/rules/expiry';
import { LEVY_TIER_LABELS } from '@td/shared/rules/statutory-rates';
import type { Worker } from '@td/shared/schemas/worker';
import { WORKER_FIELD_LABELS as LABELS } from '@td/shared/schemas/worker';
import { FileSignature, Pencil, UserRound } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { DetailList } from '@/components/ui/detail-list.tsx';
import { RecordLoadError } from '@/components/ui/record-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { WorkerComplianceSection } from '@/features/compliance/public/worker-compliance-section.tsx';
import { WorkerTrainingList } from '@/features/training-records/public/worker-training-list.tsx';
import { formatDate, formatSgd, orNA } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { fromHere } from '@/lib/return-to.ts';
import { useGoBack } from '@/lib/use-go-back.ts';
import { workerQueries } from '../api/worker-queries.ts';
import { EmailLink, PhoneLink } from '../components/contact-links.tsx';
import {
  designationOf,
  expiryPhrase,
  formatSalary,
  isWorkPermitHolder,
  workerName,
} from '../components/worker-display.ts';
import { WorkerDocumentLinks } from '../components/worker-document-links.tsx';
import { WorkerHistory } from '../components/worker-history.tsx';
import { WorkerPaymentDetails } from '../components/worker-payment-details.tsx';
import { WorkerStatusBadge } from '../components/worker-status-badge.tsx';
import { WORKER_LOAD_ERROR } from '../public/worker-load-error.ts';

/** SPEC 2 Worker view (/worker/view/{id}): read-only detail. */
export function WorkerViewPage() {
  const { id = '' } = useParams();
  const goBack = useGoBack('/worker-management');
  const worker = useQuery(workerQueries.detail(id));
  usePageTitle(worker.data ? workerName(worker.data) : 'Worker Details');

  if (worker.isPending) return <LoadingState label="Loading worker" />;
  if (worker.isError) {
    return (
      <div>
        <h1 className="mb-6 text-2xl font-semibold tracking-tight sm:text-3xl">Worker Details</h1>
        <RecordLoadError {...WORKER_LOAD_ERROR} error={worker.error} onBack={goBack} />
      </div>
    );
  }
  return <WorkerProfile worker={worker.data} />;
}

/** Today in the browser's time zone, `YYYY-MM-DD`. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * Decision 024: a banner when the work permit or (for WP holders) the coretrade has expired or
 * expires within 30 days.
 */
function ExpiryBanners({ worker }: { worker: Worker }) {
  const today = localToday();
  const checks = [
    { what: 'Work permit', date: worker.wp_expiry_date },
    ...(isWorkPermitHolder(worker) ? [{ what: 'Coretrade certification', date: worker.coretrade_expiry_date }] : []),
  ];
  const banners = checks.flatMap(({ what, date }) => {
    if (!date) return [];
    const days = daysBetween(today, date);
    return days <= URGENT_EXPIRY_DAYS ? [{ what, date, days }] : [];
  });
  if (banners.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {banners.map(({ what, date, days }) => (
        <Alert key={what} tone={days < 0 ? 'error' : 'warning'}>
          <span className="font-semibold">
            {what} {expiryPhrase(days)}
          </span>{' '}
          ({formatDate(date)}).
        </Alert>
      ))}
    </div>
  );
}

function WorkerProfile({ worker }: { worker: Worker }) {
  const name = workerName(worker);
  const wp = isWorkPermitHolder(worker);
  const location = useLocation();
  const can = useCan();
  return (
    <div className="flex flex-col gap-6">
      <ExpiryBanners worker={worker} />
      <Card className="p-6">
        <div className="flex flex-col gap-6 md:flex-row md:items-center">
          {worker.photo_url ? (
            <img
              src={worker.photo_url}
              // biome-ignore lint/a11y/noRedundantAlt: it is the worker's photograph, and the name alone would read as a label
              alt={`${name} photo`}
              className="h-28 w-28 shrink-0 rounded-2xl border border-line object-cover"
            />
          ) : (
            <span
              role="img"
              aria-label="No photo"
              className="flex h-28 w-28 shrink-0 items-center justify-center rounded-2xl bg-canvas text-ink-muted"
            >
              <UserRound aria-hidden="true" className="h-12 w-12" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{name}</h1>
              {worker.status && <WorkerStatusBadge status={worker.status} />}
            </div>
            <p className="mt-1 text-ink-muted">
              {[worker.type_of_pass, worker.nationality].filter(Boolean).join(' · ') || 'N/A'}
            </p>
            <p className="mt-2 text-sm text-ink-muted">
              <span className="font-medium text-ink tabular-nums">{worker.worker_id}</span>
              <span aria-hidden="true"> · </span>
              Added on {formatDate(worker.created_at)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2 md:flex-col lg:flex-row">
            {can('documents.write') && (
              <Link to={`/worker/employment-letter/${worker.id}`} className={buttonClasses('secondary')}>
                <FileSignature aria-hidden="true" className="h-4 w-4" />
                Generate Employment Letter
              </Link>
            )}
            {can('workers.write') && (
              <Link to={`/worker/edit/${worker.id}`} state={fromHere(location)} className={buttonClasses('primary')}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                Update Worker
              </Link>
            )}
          </div>
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Personal Details" />
          <CardBody>
            <DetailList
              fallback="N/A"
              items={[
                { label: LABELS.first_name, value: orNA(worker.first_name) },
                { label: LABELS.last_name, value: orNA(worker.last_name) },
                { label: LABELS.date_of_birth, value: formatDate(worker.date_of_birth) },
                { label: LABELS.nationality, value: orNA(worker.nationality) },
                { label: LABELS.phone_number, value: <PhoneLink worker={worker} /> },
                { label: LABELS.email, value: <EmailLink worker={worker} /> },
                { label: LABELS.passport_no, value: orNA(worker.passport_no) },
              ]}
            />
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Employment Details" />
          <CardBody>
            <DetailList
              fallback="N/A"
              items={[
                { label: 'Worker ID', value: worker.worker_id },
                { label: LABELS.type_of_pass, value: orNA(worker.type_of_pass) },
                { label: LABELS.fin_no, value: orNA(worker.fin_no) },
                { label: LABELS.wp_no, value: orNA(worker.wp_no) },
                { label: LABELS.date_of_application, value: formatDate(worker.date_of_application) },
                { label: LABELS.date_of_issuance, value: formatDate(worker.date_of_issuance) },
                { label: LABELS.wp_expiry_date, value: formatDate(worker.wp_expiry_date) },
                { label: LABELS.levy, value: orNA(worker.levy) },
                // SPEC 2: coretrade and its expiry show only for WP pass holders.
                ...(wp
                  ? [
                      { label: LABELS.coretrade, value: orNA(worker.coretrade) },
                      { label: LABELS.coretrade_expiry_date, value: formatDate(worker.coretrade_expiry_date) },
                      // Decision 103: the levy's tier (staff's or derived) and the permit's cancellation.
                      {
                        label: LABELS.levy_tier,
                        value: worker.levy_tier
                          ? `${LEVY_TIER_LABELS[worker.levy_tier]}${worker.levy_tier_override ? '' : ' (from nationality and coretrade)'}`
                          : 'Cannot be told: set it on the form',
                      },
                      { label: LABELS.wp_cancellation_date, value: formatDate(worker.wp_cancellation_date) },
                    ]
                  : []),
                // Decision 103: a PR's date of PR status and CPF rates.
                ...(worker.type_of_pass === 'PR'
                  ? [
                      { label: LABELS.pr_start_date, value: formatDate(worker.pr_start_date) },
                      { label: LABELS.pr_cpf_scheme, value: worker.pr_cpf_scheme },
                    ]
                  : []),
                { label: LABELS.status, value: orNA(worker.status) },
                { label: LABELS.supplied_to_company, value: orNA(worker.supplied_to_company) },
                { label: LABELS.designation, value: designationOf(worker) },
                { label: 'Salary', value: formatSalary(worker) },
                { label: LABELS.employment_start_date, value: formatDate(worker.employment_start_date) },
                { label: LABELS.employment_end_date, value: formatDate(worker.employment_end_date) },
                // Decision 092: the terms the Employment Act's pay reads.
                { label: LABELS.rest_day, value: worker.rest_day },
                { label: LABELS.working_days_per_week, value: String(worker.working_days_per_week) },
                { label: LABELS.normal_hours_per_day, value: `${worker.normal_hours_per_day} h` },
                {
                  label: LABELS.declared_monthly_salary,
                  value: worker.declared_monthly_salary === null ? 'N/A' : formatSgd(worker.declared_monthly_salary),
                },
              ]}
            />
          </CardBody>
        </Card>
      </div>

      {/* Decision 094: the worker's dated items, their renewals and the KETs letters issued. */}
      {/* Decision 104: each section only for the roles that may read it. */}
      {can('compliance.read') && <WorkerComplianceSection worker={worker} />}

      {can('workers.pay') && (
        <Card>
          <CardHeader title="Payment" />
          <CardBody>
            <WorkerPaymentDetails worker={worker} />
          </CardBody>
        </Card>
      )}

      {can('documents.read') && (
        <Card>
          <CardHeader title="Documents" />
          <CardBody>
            <WorkerDocumentLinks worker={worker} />
          </CardBody>
        </Card>
      )}

      {can('training.read') && <WorkerTrainingList workerId={worker.id} />}

      {can('workers.history') && <WorkerHistory workerId={worker.id} />}
    </div>
  );
}
