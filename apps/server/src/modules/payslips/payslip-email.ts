import type { CompanyDetails } from '../../config.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { PayslipDocument } from '../../pdf/payslip-pdf.ts';
import { formatCents, formatLongDate } from '../../pdf/pdf-format.ts';

export interface PayslipEmailInput {
  to: string;
  /** The worker's name as the message greets them. */
  name: string;
  document: PayslipDocument;
  company: Pick<CompanyDetails, 'name'>;
  pdf: Buffer;
  fileName: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * SPEC 7 send-payslip-email's payload, as a message: the worker's name, the period, total hours,
 * overtime hours and nett salary in the text, the payslip PDF attached under its own file name.
 */
export function payslipEmailMessage({ to, name, document, company, pdf, fileName }: PayslipEmailInput): MailMessage {
  const period = `${formatLongDate(document.payPeriodStart)} to ${formatLongDate(document.payPeriodEnd)}`;
  const facts: [string, string][] = [
    ['Pay period', period],
    ['Total hours worked', document.totalHoursWorked.toFixed(2)],
    ['Overtime hours', document.totalOvertimeHours.toFixed(2)],
    ['Nett salary', formatCents(document.nettSalaryCents)],
  ];
  const text = [
    `Dear ${name},`,
    '',
    `Your payslip for ${period} is attached (${fileName}).`,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    'If anything on it looks wrong, please tell the office within 7 days.',
    '',
    company.name,
  ].join('\n');
  const html = [
    `<p>Dear ${escapeHtml(name)},</p>`,
    `<p>Your payslip for ${escapeHtml(period)} is attached (${escapeHtml(fileName)}).</p>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...facts.map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td align="right">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    '<p>If anything on it looks wrong, please tell the office within 7 days.</p>',
    `<p>${escapeHtml(company.name)}</p>`,
  ].join('\n');
  return {
    to,
    subject: `Your payslip for ${period}`,
    text,
    html,
    attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
  };
}
