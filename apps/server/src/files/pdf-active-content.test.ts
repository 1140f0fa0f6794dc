import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { sampleFiles } from '../../test/factories.ts';
import { hiddenPdfActions } from '../../test/pdf-samples.ts';
import { pdfHasActiveContent } from './pdf-active-content.ts';

async function pdfkitDocument(): Promise<Buffer> {
  const doc = new PDFDocument({ compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.text('Certificate of completion').addPage().text('Page two');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

describe('pdfHasActiveContent (decision 036): decided by parsing, not by a byte search', () => {
  it.each(Object.entries(hiddenPdfActions))('finds %s', async (_name, build) => {
    expect(await pdfHasActiveContent(build())).toBe(true);
  });

  it('finds a script in a definition that a later revision of the file replaced', async () => {
    const data = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /OpenAction 2 0 R >>\nendobj\n2 0 obj\n<< /S /Java#53cript /JS (app.alert(1)) >>\nendobj\n2 0 obj\n<< /S /GoTo >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
      'latin1',
    );
    expect(await pdfHasActiveContent(data)).toBe(true);
  });

  it('passes plain documents: the sample, and a real compressed PDF of two pages', async () => {
    expect(await pdfHasActiveContent(sampleFiles.pdf())).toBe(false);
    expect(await pdfHasActiveContent(await pdfkitDocument())).toBe(false);
  });
});
