import { FileText } from 'lucide-react';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

interface LetterPreviewProps {
  /** A blob URL of the generated PDF, once there is one. */
  url: string | null;
  generating: boolean;
  workerName: string;
}

/** SPEC 2, 9: the generated letter in an 800 px high preview (the browser's own PDF viewer). */
export function LetterPreview({ url, generating, workerName }: LetterPreviewProps) {
  return (
    <Card>
      <CardHeader title="Preview" />
      <CardBody className="p-3 sm:p-4">
        {url ? (
          <iframe
            // FitH: the page fills the frame's width, so the letter reads without zooming.
            src={`${url}#view=FitH`}
            title={`Employment letter for ${workerName}`}
            className="block h-[800px] w-full rounded-xl border border-line bg-canvas"
          />
        ) : generating ? (
          <div className="flex h-40 items-center justify-center gap-3 text-ink-muted">
            <Spinner label="" />
            Generating the employment letter...
          </div>
        ) : (
          <EmptyState
            level={3}
            icon={<FileText />}
            title="No letter generated yet"
            description="Generate the employment letter to preview it here and download it as a PDF."
          />
        )}
      </CardBody>
    </Card>
  );
}
