import { describe, expect, it } from 'vitest';
import { readPdf } from '../../test/pdf-text.ts';
import { type PayslipDocument, payslipFileName, renderPayslipPdf } from './payslip-pdf.ts';

/** The text line by line as printed: a label and its amount at the right edge read as one phrase. */
function pdfText(pdf: Buffer) {
  const contents = readPdf(pdf, { layout: true });
  return { ...contents, pageSize: contents.info['Page size'] ?? '' };
}

const employer = {
  name: 'Tan Delta Construction Pte. Ltd.',
  address: '10 Anson Road, #23-05 International Plaza, Singapore 079903',
  uen: '201912345K',
};

function payslip(overrides: Partial<PayslipDocument> = {}): PayslipDocument {
  return {
    id: '0b7f3c2e-6a51-4d0e-9a7c-2f4e8b1d9c33',
    status: 'Generated',
    worker: {
      name: 'Tan Ah Seng',
      workerId: 'TD-4821',
      finNo: 'G1234567X',
      wpNo: '0123456789',
      email: 'ah.seng@example.com',
    },
    payPeriodStart: '2025-03-01',
    payPeriodEnd: '2025-03-31',
    paymentDate: null,
    // Monthly 1,850.00: hourly 1850/208 = 8.894..., shown 8.89; basic 187.25 h and overtime 12.5 h at the exact rate.
    totalHoursWorked: 187.25,
    totalOvertimeHours: 12.5,
    // Money in integer cents, as stored.
    hourlyRateCents: 889,
    overtimeRateCents: 1334,
    basicSalaryCents: 166_545,
    overtimeAmountCents: 16_677,
    adminChargesDeductionCents: 126_050,
    otherDeductionsCents: 2550,
    nettSalaryCents: 54_622,
    adminCharges: [
      { date: '2025-03-01', type: 'Safety Violation', description: 'No helmet on level 3', amountCents: 5000 },
      { date: '2025-03-31', type: 'Equipment Damage', description: null, amountCents: 121_050 },
    ],
    generatedAt: '2025-04-01T02:15:00.000Z',
    generatedBy: 'Siti Payroll',
    ...overrides,
  };
}

const options = { employer, timeZone: 'Asia/Singapore' };

describe('payslip PDF', () => {
  it('is an A4 itemised payslip with every item Singapore requires and the exact figures', async () => {
    const pdf = await renderPayslipPdf(payslip({ status: 'Paid', paymentDate: '2025-04-07' }), options);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages, pageSize } = pdfText(pdf);
    expect(pageSize).toContain('595.28 x 841.89');
    expect(pages).toHaveLength(1);

    const expected = [
      // Employer (from settings) on the document.
      'Tan Delta Construction Pte. Ltd.',
      '10 Anson Road, #23-05 International Plaza, Singapore 079903',
      'UEN: 201912345K',
      'Payslip',
      'Status: Paid',
      // Salary period, date of payment, generation time and who generated it.
      'Salary period 1 March 2025 to 31 March 2025',
      'Date of payment 7 April 2025',
      // Employee: name, TD- id, FIN and WP numbers, e-mail.
      'Name Tan Ah Seng',
      'Worker ID TD-4821',
      'FIN No. G1234567X',
      'WP No. 0123456789',
      'Email ah.seng@example.com',
      // Basic salary with the basic rate of pay and hours worked.
      'Basic salary SGD 1,665.45',
      '187.25 hours worked at the basic rate of pay of SGD 8.89 per hour',
      // Overtime hours, overtime pay and its period.
      'Overtime pay SGD 166.77',
      '12.50 overtime hours at SGD 13.34 per hour (1.5 times the basic rate); overtime period 1 Mar 2025 to 31 Mar 2025',
      'Allowances and other additional payments SGD 0.00',
      'Gross salary SGD 1,832.22',
      // Every deduction itemised: each admin charge with date, type and amount, then other deductions.
      '1 Mar 2025 Safety Violation SGD 50.00 No helmet on level 3',
      '31 Mar 2025 Equipment Damage SGD 1,210.50',
      'Admin charges total SGD 1,260.50',
      'Other deductions SGD 25.50',
      'Total deductions SGD 1,286.00',
      'Nett salary SGD 546.22',
      // When and by whom it was generated (business time zone).
      'Generated on 1 April 2025, 10:15 SGT by Siti Payroll. Payslip reference 0b7f3c2e-6a51-4d0e-9a7c-2f4e8b1d9c33.',
      'Please report any discrepancy in your salary within 7 days of receiving this payslip.',
      'Page 1 of 1',
    ];
    for (const item of expected) expect(text).toContain(item);
    // In reading order: nothing printed out of place.
    const positions = expected.map((item) => text.indexOf(item));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("prints the Employment Act's lines with their basis, its gross, and the charges not deducted (decision 092)", async () => {
    // PAYROLL-SG 3: $1,800 a month, a Sunday worked 8 h at the employer's request: 2 x 69.230769... = 138.46;
    // a week of 48 h: 4 h past 44 at 14.160839... = 56.64.
    const pdf = await renderPayslipPdf(
      payslip({
        basicSalaryCents: 180_000,
        overtimeAmountCents: 5664,
        adminCharges: [],
        adminChargesDeductionCents: 0,
        otherDeductionsCents: 0,
        nettSalaryCents: 199_510,
        employmentAct: {
          basicBasis: 'Monthly salary SGD 1,800.00',
          overtimeBasis: '4.00 h past 44 a week at SGD 14.16 an hour (1.5 x the hourly basic rate)',
          restDayPayCents: 13_846,
          restDayBasis: "1 rest day at the employer's request (EA s.37)",
          publicHolidayPayCents: 0,
          publicHolidayBasis: 'No public holiday worked',
          declaredTopupCents: 0,
          declaredTopupBasis: 'No declared salary',
          grossSalaryCents: 199_510,
          notDeducted: [{ amountCents: 5000, reason: 'No written consent recorded (EA s.27)' }],
        },
      }),
      options,
    );
    const { text } = pdfText(pdf);
    const expected = [
      'Basic salary SGD 1,800.00',
      'Monthly salary SGD 1,800.00',
      'Overtime pay SGD 56.64',
      '4.00 h past 44 a week at SGD 14.16 an hour (1.5 x the hourly basic rate); overtime period 1 Mar 2025 to 31 Mar 2025',
      'Rest-day pay SGD 138.46',
      "1 rest day at the employer's request (EA s.37)",
      'Public holiday pay SGD 0.00',
      'Gross salary SGD 1,995.10',
      'Not deducted: SGD 50.00 (No written consent recorded (EA s.27)).',
      'Nett salary SGD 1,995.10',
    ];
    for (const item of expected) expect(text).toContain(item);
    const positions = expected.map((item) => text.indexOf(item));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).not.toContain('Declared salary top-up');
  });

  it('shows N/A for missing worker details, Not paid yet, and no charges', async () => {
    const pdf = await renderPayslipPdf(
      payslip({
        worker: { name: 'Ali', workerId: 'TD-1001', finNo: null, wpNo: '  ', email: null },
        adminCharges: [],
        adminChargesDeductionCents: 0,
        otherDeductionsCents: 0,
        nettSalaryCents: 183_222,
        generatedBy: null,
      }),
      options,
    );
    const { text, pages } = pdfText(pdf);
    expect(pages).toHaveLength(1);
    for (const item of [
      'Date of payment Not paid yet',
      'Generated on 1 April 2025, 10:15 SGT. Payslip reference',
      'FIN No. N/A',
      'WP No. N/A',
      'Email N/A',
      'Admin charges SGD 0.00 No admin charges in this salary period',
      'Other deductions SGD 0.00',
      'Total deductions SGD 0.00',
      'Nett salary SGD 1,832.22',
    ]) {
      expect(text).toContain(item);
    }
  });

  it('lists many charges over several pages with the table header on each and keeps the total with the nett', async () => {
    const charges = Array.from({ length: 40 }, (_, index) => ({
      date: `2025-03-${String((index % 31) + 1).padStart(2, '0')}`,
      type: 'Attendance',
      description: `Late arrival number ${index + 1} at the Jurong site, reported by the site supervisor in writing`,
      amountCents: 125,
    }));
    const pdf = await renderPayslipPdf(
      payslip({
        adminCharges: charges,
        adminChargesDeductionCents: 5000,
        otherDeductionsCents: 0,
        nettSalaryCents: 178_222,
      }),
      options,
    );
    const { text, pages } = pdfText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    for (let index = 1; index <= 40; index += 1) expect(text).toContain(`Late arrival number ${index} at`);
    for (const page of pages.slice(1))
      expect(page).toMatch(/^(Admin charges \(date, type, description\) Amount|Total deductions)/);
    expect(pages.at(-1)).toContain('Total deductions SGD 50.00 Nett salary SGD 1,782.22');
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
  });

  it('says so when the charges listed no longer add up to what was deducted', async () => {
    const pdf = await renderPayslipPdf(
      payslip({
        adminCharges: [{ date: '2025-03-05', type: 'Other', description: null, amountCents: 4000 }],
        adminChargesDeductionCents: 3000,
        nettSalaryCents: 177_672,
      }),
      options,
    );
    expect(pdfText(pdf).text).toContain(
      'Admin charges total SGD 30.00 The charges listed total SGD 40.00; SGD 30.00 was deducted when this payslip was generated.',
    );
  });

  it('lists per-type totals with the note it is given', async () => {
    const pdf = await renderPayslipPdf(
      payslip({
        adminCharges: [
          { date: null, type: 'Safety Violation', description: '2 charges', amountCents: 6000 },
          { date: null, type: 'Other', description: '1 charge', amountCents: 120_050 },
        ],
        adminChargesNote: 'Shown by type as at generation.',
      }),
      options,
    );
    const { text } = pdfText(pdf);
    expect(text).toContain(
      'Admin charges by type Amount Safety Violation SGD 60.00 2 charges Other SGD 1,200.50 1 charge',
    );
    expect(text).toContain('Admin charges total SGD 1,260.50 Shown by type as at generation.');
  });

  it('adds the lines up in cents: totals print exactly where dollar floats would not add up', async () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floats; in cents it is 30.
    const pdf = await renderPayslipPdf(
      payslip({
        basicSalaryCents: 10,
        overtimeAmountCents: 20,
        adminCharges: [
          { date: '2025-03-05', type: 'Other', description: null, amountCents: 10 },
          { date: '2025-03-06', type: 'Other', description: null, amountCents: 20 },
        ],
        adminChargesDeductionCents: 30,
        otherDeductionsCents: 0,
        nettSalaryCents: 0,
      }),
      options,
    );
    const { text } = pdfText(pdf);
    expect(text).toContain('Gross salary SGD 0.30');
    expect(text).toContain('Admin charges total SGD 0.30');
    expect(text).not.toContain('The charges listed total');
    expect(text).toContain('Total deductions SGD 0.30');
  });

  it('prints a negative nett salary with its sign', async () => {
    const pdf = await renderPayslipPdf(payslip({ nettSalaryCents: -1230 }), options);
    expect(pdfText(pdf).text).toContain('Nett salary -SGD 12.30');
  });

  it('names the file after the worker id and both period dates (SPEC 7)', () => {
    expect(payslipFileName(payslip())).toBe('Payslip_TD-4821_2025-03-01_2025-03-31.pdf');
    expect(payslipFileName(payslip({ worker: { ...payslip().worker, workerId: null } }))).toBe(
      'Payslip_Unknown-Worker_2025-03-01_2025-03-31.pdf',
    );
  });
});
