/**
 * Payslip PDF timing for `npm run bench` (issue 13: median <= 10 ms over 200 payslips on the 2-core
 * machine). Renders 200 different payslips, from none to eight admin charges, after a warm-up, and
 * answers the median and 95th percentile of the wall time, and the median CPU time (on a busy shared
 * machine the wall time includes waiting for a core).
 */
import { type PayslipDocument, renderPayslipPdf } from '../pdf/payslip-pdf.ts';

const PAYSLIPS = Number(process.env.BENCH_PDFS ?? 200);
const TYPES = ['Safety Violation', 'Attendance', 'Equipment Damage', 'Misconduct', 'Other'];
const employer = {
  name: 'TD Construction Manpower Pte. Ltd.',
  address: '10 Anson Road, #23-05 International Plaza, Singapore 079903',
  uen: '201912345K',
};

function payslip(index: number): PayslipDocument {
  const charges = Array.from({ length: index % 9 }, (_, charge) => ({
    date: `2025-03-${String(charge * 3 + 1).padStart(2, '0')}`,
    type: TYPES[charge % TYPES.length] ?? 'Other',
    description: charge % 2 === 0 ? `Charge ${charge + 1}: recorded by the site supervisor at Jurong` : null,
    amountCents: 1000 + charge * 250,
  }));
  const deduction = charges.reduce((sum, charge) => sum + charge.amountCents, 0);
  const basic = (1500 + index) * 100;
  const overtime = (120 + (index % 40)) * 100;
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    status: index % 3 === 0 ? 'Paid' : 'Generated',
    worker: {
      name: `Worker Number ${index} bin Abdul Rahman`,
      workerId: `TD-${1000 + index}`,
      finNo: `G${String(index).padStart(7, '0')}X`,
      wpNo: index % 4 === 0 ? null : `WP${index}`,
      email: index % 5 === 0 ? null : `worker${index}@example.com`,
    },
    payPeriodStart: '2025-03-01',
    payPeriodEnd: '2025-03-31',
    paymentDate: index % 3 === 0 ? '2025-04-07' : null,
    totalHoursWorked: 187.25,
    totalOvertimeHours: 12.5,
    hourlyRateCents: 889,
    overtimeRateCents: 1334,
    basicSalaryCents: basic,
    overtimeAmountCents: overtime,
    adminChargesDeductionCents: deduction,
    otherDeductionsCents: (index % 7) * 100,
    nettSalaryCents: basic + overtime - deduction - (index % 7) * 100,
    adminCharges: charges,
    generatedAt: '2025-04-01T02:15:00.000Z',
    generatedBy: 'Bench Payroll',
  };
}

interface Timing {
  wall: number;
  cpu: number;
}

async function time(render: () => Promise<Buffer>): Promise<Timing & { bytes: number }> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const pdf = await render();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000, bytes: pdf.length };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], fraction: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(fraction * values.length))] ?? 0;

export interface PayslipPdfBench {
  payslips: number;
  medianMs: number;
  p95Ms: number;
  /** CPU time of the rendering: steadier than wall time when other work shares the machine. */
  cpuMedianMs: number;
  meanKb: number;
}

export async function benchPayslipPdf(count = PAYSLIPS): Promise<PayslipPdfBench> {
  const options = { employer, timeZone: 'Asia/Singapore' };
  const inputs = Array.from({ length: count }, (_, index) => payslip(index));
  for (const input of inputs.slice(0, 30)) await renderPayslipPdf(input, options);
  const payslips: Timing[] = [];
  let bytes = 0;
  for (const input of inputs) {
    const result = await time(() => renderPayslipPdf(input, options));
    payslips.push(result);
    bytes += result.bytes;
  }
  const wall = payslips.map((t) => t.wall);
  return {
    payslips: count,
    medianMs: median(wall),
    p95Ms: percentile(wall, 0.95),
    cpuMedianMs: median(payslips.map((t) => t.cpu)),
    meanKb: bytes / Math.max(1, count) / 1024,
  };
}
