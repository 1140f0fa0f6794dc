import { useQuery } from '@tanstack/react-query';
import {
  employmentLetterFileName,
  FETCH_WORKER_FAILED,
  generateLetterFailedMessage,
  NO_WORKER_ID,
} from '@td/shared/rules/employment-letter';
import type { Worker } from '@td/shared/schemas/worker';
import { ArrowLeft, Download, FileSignature, UserX } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { downloadFile } from '@/lib/download-file.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useGoBack } from '@/lib/use-go-back.ts';
import { employmentLetterQueries } from '../api/employment-letter-queries.ts';
import { LetterGenerationError, useGenerateEmploymentLetter } from '../api/generate-employment-letter.ts';
import { LetterPreview } from '../components/letter-preview.tsx';
import { WorkerDetailsCard } from '../components/worker-details-card.tsx';

const TITLE = 'Employment Letter';

/** SPEC 2 Employment letter (/worker/employment-letter/{id}). */
export function EmploymentLetterPage() {
  const { id = '' } = useParams();
  usePageTitle(TITLE);
  const goBack = useGoBack(id ? `/worker/view/${id}` : '/worker-management');
  const back = (
    <Button variant="secondary" icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />} onClick={goBack}>
      Back
    </Button>
  );

  // SPEC 5: a worker id is required.
  if (!id.trim()) {
    return (
      <div>
        <PageHeader title={TITLE} />
        <div className="flex flex-col items-start gap-4">
          <Alert tone="error" className="w-full">
            {NO_WORKER_ID}
          </Alert>
          {back}
        </div>
      </div>
    );
  }
  return <EmploymentLetterForWorker id={id} back={back} />;
}

function EmploymentLetterForWorker({ id, back }: { id: string; back: ReactNode }) {
  const worker = useQuery(employmentLetterQueries.worker(id));
  const notFound = worker.error instanceof ApiError && worker.error.status === 404;
  useEffect(() => {
    if (worker.isError && !notFound) console.error(FETCH_WORKER_FAILED, worker.error);
  }, [worker.isError, worker.error, notFound]);

  if (worker.isPending) return <LoadingState label="Loading worker" />;
  if (worker.isError) {
    return (
      <div>
        <PageHeader title={TITLE} />
        {notFound ? (
          <EmptyState
            className="rounded-2xl border border-line bg-surface"
            icon={<UserX />}
            title="Worker not found"
            description="The worker may have been deleted."
            action={back}
          />
        ) : (
          // SPEC 8: worker fetch failure on the letter screen is a red alert.
          <div className="flex flex-col items-start gap-4">
            <Alert tone="error" className="w-full">
              {FETCH_WORKER_FAILED}
            </Alert>
            {back}
          </div>
        )}
      </div>
    );
  }
  return <LetterGenerator worker={worker.data} />;
}

/** SPEC 4: idle, generating, PDF ready (preview and download). */
function LetterGenerator({ worker }: { worker: Worker }) {
  const generate = useGenerateEmploymentLetter();
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const name = `${worker.first_name} ${worker.last_name}`.trim();
  const fileName = employmentLetterFileName(worker.first_name, worker.last_name);

  // The preview's blob URL lives as long as the letter it shows.
  useEffect(() => {
    if (!generate.data) return;
    const url = URL.createObjectURL(generate.data);
    setPdfUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [generate.data]);

  const failure = generate.isError
    ? generateLetterFailedMessage(
        generate.error instanceof LetterGenerationError ? generate.error.reason : generate.error.message,
      )
    : null;
  useEffect(() => {
    if (generate.isError) console.error(failure, generate.error);
  }, [generate.isError, generate.error, failure]);

  const onGenerate = () => {
    setPdfUrl(null);
    generate.mutate(worker.id);
  };

  return (
    <div>
      <PageHeader title={TITLE} description={`Contract letter for ${name}, built as a PDF from the worker's record.`} />
      <div className="flex flex-col gap-6">
        <WorkerDetailsCard
          worker={worker}
          actions={
            <>
              <Button
                busy={generate.isPending}
                icon={<FileSignature aria-hidden="true" className="h-4 w-4" />}
                onClick={onGenerate}
              >
                {generate.isPending ? 'Generating...' : 'Generate Employment Letter'}
              </Button>
              {pdfUrl && !generate.isPending && (
                <Button
                  variant="secondary"
                  icon={<Download aria-hidden="true" className="h-4 w-4" />}
                  onClick={() => downloadFile(pdfUrl, fileName)}
                >
                  Download PDF
                </Button>
              )}
              {/* Under the button that failed, where the eye is, on a phone too. */}
              {failure && (
                <Alert tone="error" className="w-full">
                  {failure}
                </Alert>
              )}
            </>
          }
        />
        <LetterPreview url={generate.isPending ? null : pdfUrl} generating={generate.isPending} workerName={name} />
      </div>
    </div>
  );
}
