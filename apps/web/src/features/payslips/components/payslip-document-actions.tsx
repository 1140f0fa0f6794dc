import {
  emailFailedMessage,
  PAYSLIP_DOCUMENT_MESSAGES as M,
  outboxNoticeMessage,
  payslipEmailedMessage,
  pdfFailedMessage,
} from '@td/shared/options/payslip-documents';
import { Download, ExternalLink, FileText, Mail, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { ApiError } from '@/lib/api-client.ts';
import { fetchPayslipPdf, useEmailPayslip } from '../api/payslip-documents.ts';

type PdfState =
  | { state: 'idle' }
  | { state: 'generating' }
  | { state: 'ready'; url: string; fileName: string }
  | { state: 'failed'; message: string };

type EmailOutcome = { tone: 'success'; message: string; notice: string | null } | { tone: 'error'; message: string };

/**
 * A refusal the server explains in a whole sentence (SPEC 5: Paid, no address, worker or payslip
 * missing) is shown as it is; anything else failed along the way and gets the SPEC 8 prefix.
 */
function describeFailure(error: unknown, prefix: (reason: string) => string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  const reason = error instanceof Error && error.message ? error.message : 'unknown error';
  return prefix(reason);
}

interface PayslipDocumentActionsProps {
  /** The payslip shown (any object with its id and status, e.g. the detail page's payslip). */
  payslip: { id: string; status: string };
}

/**
 * SPEC 2 payslip detail buttons Generate PDF and Email Payslip, with their states and every message of
 * SPEC 8's PDF / email row. Generate PDF shows the PDF in an in-app preview with Download PDF (and Open,
 * for phones whose browser cannot show a PDF inside a page).
 */
export function PayslipDocumentActions({ payslip }: PayslipDocumentActionsProps) {
  const [pdf, setPdf] = useState<PdfState>({ state: 'idle' });
  const [outcome, setOutcome] = useState<EmailOutcome | null>(null);
  const email = useEmailPayslip();
  // Decision 108: e-mailing a payslip is `payroll.write`; a viewer gets the PDF only.
  const canEmail = useCan()('payroll.write');
  const urlRef = useRef<string | null>(null);
  // Decision 082: a Draft pay run's payslip is issued once the run is approved; a Paid one may be e-mailed.
  const isDraft = payslip.status === 'Draft';

  // The preview's object URL lives as long as the preview: released when replaced or when leaving.
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );
  const showPdf = (next: PdfState) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = next.state === 'ready' ? next.url : null;
    setPdf(next);
  };

  async function generatePdf() {
    setPdf({ state: 'generating' });
    try {
      const file = await fetchPayslipPdf(payslip.id);
      showPdf({ state: 'ready', url: URL.createObjectURL(file.blob), fileName: file.fileName });
    } catch (error) {
      showPdf({ state: 'failed', message: describeFailure(error, pdfFailedMessage) });
    }
  }

  function sendEmail() {
    // One press, one e-mail: the button is disabled while sending, and a second press before that lands is ignored.
    if (email.isPending) return;
    setOutcome(null);
    email.mutate(payslip.id, {
      onSuccess: ({ delivery }) =>
        setOutcome({
          tone: 'success',
          message: payslipEmailedMessage(delivery.name, delivery.to),
          notice: delivery.method === 'outbox' && delivery.file ? outboxNoticeMessage(delivery.file) : null,
        }),
      onError: (error) => setOutcome({ tone: 'error', message: describeFailure(error, emailFailedMessage) }),
    });
  }

  return (
    <section aria-label="Payslip PDF and e-mail" className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          icon={<FileText aria-hidden="true" className="h-4 w-4" />}
          busy={pdf.state === 'generating'}
          onClick={generatePdf}
        >
          {pdf.state === 'generating' ? 'Generating...' : 'Generate PDF'}
        </Button>
        {canEmail && (
          <Button
            variant="secondary"
            icon={<Mail aria-hidden="true" className="h-4 w-4" />}
            busy={email.isPending}
            disabled={isDraft}
            aria-describedby={isDraft ? `draft-${payslip.id}` : undefined}
            onClick={sendEmail}
          >
            {email.isPending ? 'Sending...' : 'Email Payslip'}
          </Button>
        )}
      </div>
      {isDraft && canEmail && (
        <p id={`draft-${payslip.id}`} className="text-sm text-ink-muted">
          {M.draftCannotBeEmailed}
        </p>
      )}

      {outcome?.tone === 'success' && (
        <Alert tone="success">
          <p>{outcome.message}</p>
          {outcome.notice && <p className="mt-1">{outcome.notice}</p>}
        </Alert>
      )}
      {outcome?.tone === 'error' && <Alert tone="error">{outcome.message}</Alert>}
      {pdf.state === 'failed' && <Alert tone="error">{pdf.message}</Alert>}

      {pdf.state === 'ready' && (
        <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
            <h2 className="min-w-0 truncate text-sm font-semibold" title={pdf.fileName}>
              {pdf.fileName}
            </h2>
            <div className="flex flex-wrap gap-2">
              <a href={pdf.url} download={pdf.fileName} className={buttonClasses('primary', 'sm')}>
                <Download aria-hidden="true" className="h-4 w-4" />
                Download PDF
              </a>
              <a href={pdf.url} target="_blank" rel="noopener" className={buttonClasses('secondary', 'sm')}>
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                Open
              </a>
              <Button
                variant="ghost"
                size="sm"
                icon={<X aria-hidden="true" className="h-4 w-4" />}
                onClick={() => showPdf({ state: 'idle' })}
              >
                Close preview
              </Button>
            </div>
          </div>
          {/* SPEC 9: an 800px-high preview; shorter on a phone so the buttons stay in reach. */}
          <iframe title="Payslip PDF preview" src={pdf.url} className="block h-[70vh] w-full bg-canvas md:h-[800px]" />
        </div>
      )}
    </section>
  );
}
