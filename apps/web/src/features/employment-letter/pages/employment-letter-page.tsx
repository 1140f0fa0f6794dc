import { useQuery } from '@tanstack/react-query';
import {
  employmentLetterFileName,
  generateLetterFailedMessage,
  NO_WORKER_ID,
} from '@td/shared/rules/employment-letter';
import type { Worker } from '@td/shared/schemas/worker';
import { ArrowLeft, Download, FileSignature } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoadError } from '@/components/ui/record-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { WORKER_LOAD_ERROR } from '@/features/workers/public/worker-load-error.ts';
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
  return <EmploymentLetterForWorker id={id} onBack={goBack} />;
}

function EmploymentLetterForWorker({ id, onBack }: { id: string; onBack(): void }) {
  const worker = useQuery(employmentLetterQueries.worker(id));
  if (worker.isPending) return <LoadingState label="Loading worker" />;
  if (worker.isError) {
    return (
      <div>
        <PageHeader title={TITLE} />
        {/* SPEC 8: worker fetch failure on the letter screen is a red alert. */}
        <RecordLoadError {...WORKER_LOAD_ERROR} error={worker.error} onBack={onBack} />
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
