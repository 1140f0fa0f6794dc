import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { finFor, insertWorkers } from '../../../test/factories.ts';
import { NAMES_IN_EVERY_SCRIPT, readPdf, readPdfFonts, readPdfWords } from '../../../test/pdf-text.ts';
import { DEFAULT_COMPANY } from '../../config.ts';
import type { WorkerSeedRow } from '../workers/workers.repository.ts';

afterEach(() => {
  vi.useRealTimers();
});

const MM = 72 / 25.4;

/** SPEC 9 contract terms, as a reader would look for them in the letter. */
const SPEC_9_TERMS = [
  '6 working days a week (Monday to Saturday)',
  '8:00 am to 5:00 pm',
  '60-minute lunch break',
  'Sunday is your rest day',
  'within 7 days after the end of each salary period by bank transfer',
  'overtime and is paid at 1.5 times your hourly basic rate of pay',
  'report any discrepancy in your salary to the Company within 7 days of receiving the payslip',
  'after 3 months of service you are entitled to 14 days of paid outpatient sick leave and 60 days of paid hospitalization leave per year',
  'a medical certificate from a registered medical practitioner is needed for sick leave beyond 2 consecutive days',
  '2 days of paid marriage leave',
  'compassionate leave up to 4 days',
  "30 days' written notice or pay in lieu of notice",
  'if you resign without notice, within 7 days of your last day',
  'Except for deductions required by law, the Company will notify you in writing of every deduction',
  'at least one pay period in advance',
];

const CLAUSE_HEADINGS = [
  '1. Appointment and Designation',
  '2. Place of Work and Deployment',
  '3. Commencement and Hours of Work',
  '4. Remuneration and Benefits',
  '5. Deductions',
  '6. Termination',
  '7. Governing Law',
  '8. Miscellaneous Provisions',
];

async function signedInApp(settings: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp(settings);
  await t.signIn();
  return t;
}

async function givenWorker(t: TestApp, overrides: Partial<WorkerSeedRow> = {}): Promise<WorkerSeedRow> {
  const [row] = await insertWorkers(t.db, {
    first_name: 'Rahim',
    last_name: 'Uddin',
    worker_id: 'TD-4821',
    fin_no: 'G1234567X',
    wp_no: '012345678',
    passport_no: 'BD1234567',
    nationality: 'Bangladeshi',
    type_of_pass: 'WP',
    date_of_birth: '1990-04-12',
    date_of_issuance: '2025-02-03',
    // KETs: the letter states the employment start date, not the permit's issue date (decision 095).
    employment_start_date: '2025-02-03',
    wp_expiry_date: '2027-02-02',
    levy: '$300',
    supplied_to_company: 'Acme Builders Pte Ltd',
    designation: 'Steel Bar Bender',
    rate_type: 'Daily',
    salary_rate: 12_000,
    ...overrides,
  });
  if (!row) throw new Error('no worker inserted');
  return row;
}

const letterUrl = (id: string) => `/api/workers/${id}/employment-letter`;

describe('GET /api/workers/:id/employment-letter', () => {
  it('answers 401 when signed out', async () => {
    const t = await buildTestApp();
    const worker = await givenWorker(t);
    const response = await t.request({ method: 'GET', url: letterUrl(worker.id) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('answers 404 Worker not found for an unknown or malformed id, as GET /api/workers/:id does', async () => {
    const t = await signedInApp();
    for (const id of ['2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55', 'not-a-uuid', '1%27%20or%201%3D1']) {
      const response = await t.request({ method: 'GET', url: letterUrl(id) });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Worker not found' });
    }
  });

  it('answers a valid PDF named Employment_Letter_{first}_{last}.pdf, private and not cached', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const response = await t.request({ method: 'GET', url: letterUrl(worker.id) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Employment_Letter_Rahim_Uddin.pdf"; filename*=UTF-8''Employment_Letter_Rahim_Uddin.pdf`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.subarray(-6).toString()).toContain('%%EOF');

    const pdf = readPdf(response.rawPayload);
    expect(pdf.info['Page size']).toContain('595.28 x 841.89 pts (A4)');
    expect(pdf.info.Title).toBe('Letter of Employment - Rahim Uddin');
    expect(pdf.pageCount).toBeGreaterThanOrEqual(2);
  });

  it("has the worker's particulars, the company, both parties' blocks and every SPEC 9 term", async () => {
    // 17:00 UTC on 4 March is 01:00 on 5 March in Singapore: the letter is dated in business time.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-04T17:00:00Z') });
    const t = await signedInApp();
    const worker = await givenWorker(t);
    const { text } = readPdf((await t.request({ method: 'GET', url: letterUrl(worker.id) })).rawPayload);

    for (const expected of [
      DEFAULT_COMPANY.name,
      DEFAULT_COMPANY.address,
      `UEN: ${DEFAULT_COMPANY.uen}`,
      'LETTER OF EMPLOYMENT',
      'Dear Rahim Uddin,',
      'FIN No. G1234567X',
      'TD-4821',
      'BD1234567',
      '012345678',
      'The Company employs you as a Steel Bar Bender',
      'You will be deployed to work for Acme Builders Pte Ltd ("the Client")',
      'Your employment commences on 3 February 2025',
      'valid until 2 February 2027',
      'You are paid at a Daily rate. Your basic rate of pay is SGD 120.00 per day',
      // SPEC 9: daily rate / 8 = 15.00 an hour; overtime 1.5 times = 22.50.
      'Your hourly basic rate of pay is SGD 15.00',
      'overtime is paid at SGD 22.50 per hour',
      'The foreign worker levy of $300 a month for your Work Permit is paid by the Company',
      ...SPEC_9_TERMS,
    ]) {
      expect(text).toContain(expected);
    }

    // Clauses 1 to 4, 5 Deductions, termination, governing law, miscellaneous, in this order.
    const positions = CLAUSE_HEADINGS.map((heading) => text.indexOf(heading));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text.indexOf('The Parties')).toBeLessThan(positions[0] ?? 0);

    // SPEC 2: the HR Manager signs for the company; the worker's first and last name; both dated today.
    const signature = text.slice(text.indexOf('Yours faithfully,'));
    expect(signature).toContain(`For and on behalf of ${DEFAULT_COMPANY.name}`);
    expect(signature).toContain(`Name: ${DEFAULT_COMPANY.hrManagerName}`);
    expect(signature).toContain('Designation: HR Manager');
    expect(signature).toContain('Accepted and agreed by the Employee');
    expect(signature).toContain('Name: Rahim Uddin');
    expect(signature.match(/Date: 5 March 2025/g)).toHaveLength(2);
    expect(signature.match(/Signature/g)).toHaveLength(2);
    expect(text.slice(0, text.indexOf('Dear'))).toContain('5 March 2025');
  });

  it('prints the rate type and amount for hourly and monthly pay (SPEC 2, 9)', async () => {
    const t = await signedInApp();
    const hourly = await givenWorker(t, { rate_type: 'Hourly', salary_rate: 1_250, worker_id: 'TD-1001' });
    const monthly = await givenWorker(t, {
      rate_type: 'Monthly',
      salary_rate: 260_000,
      worker_id: 'TD-1002',
      // FIN, WP and passport numbers are unique among workers (decision 023).
      fin_no: finFor(1002),
      wp_no: '012345679',
      passport_no: 'BD1234568',
    });
    const hourlyText = readPdf((await t.request({ method: 'GET', url: letterUrl(hourly.id) })).rawPayload).text;
    expect(hourlyText).toContain('You are paid at a Hourly rate. Your basic rate of pay is SGD 12.50 per hour');
    expect(hourlyText).toContain('Overtime is therefore paid at SGD 18.75 per hour');
    const monthlyText = readPdf((await t.request({ method: 'GET', url: letterUrl(monthly.id) })).rawPayload).text;
    // SPEC 9: monthly / 26 / 8 = 12.50 an hour.
    expect(monthlyText).toContain('You are paid at a Monthly rate. Your basic salary is SGD 2,600.00 per month');
    expect(monthlyText).toContain('Your hourly basic rate of pay is SGD 12.50');
    expect(monthlyText).toContain('overtime is paid at SGD 18.75 per hour');
  });

  it('reads as a finished contract when most fields are empty: defaults, no gaps, every term', async () => {
    const t = await signedInApp();
    const worker = await givenWorker(t, {
      first_name: 'Li',
      last_name: 'Wei',
      fin_no: null,
      wp_no: null,
      passport_no: null,
      nationality: null,
      type_of_pass: null,
      date_of_birth: null,
      date_of_issuance: null,
      employment_start_date: null,
      wp_expiry_date: null,
      levy: null,
      coretrade: null,
      supplied_to_company: null,
      designation: null,
      rate_type: null,
      salary_rate: null,
    });
    const response = await t.request({ method: 'GET', url: letterUrl(worker.id) });
    expect(response.statusCode).toBe(200);
    const { text } = readPdf(response.rawPayload);
    expect(text).toContain('The Company employs you as a Construction Worker');
    expect(text).toContain("You will be deployed to work at the project sites of the Company's clients in Singapore");
    expect(text).toContain('Your employment commences on the day you first report for work');
    expect(text).toContain('Your basic rate of pay will be confirmed to you in writing');
    expect(text).toContain('Name: Li Wei');
    for (const term of SPEC_9_TERMS) expect(text).toContain(term);
    for (const gap of ['N/A', 'null', 'undefined', 'NaN', '  ', 'SGD 0.00']) expect(text).not.toContain(gap);
    expect(text).not.toContain('FIN No.');
  });

  it('uses the company settings: name, address, UEN and the HR Manager who signs', async () => {
    const t = await signedInApp({
      COMPANY_NAME: 'Lion City Builders Pte. Ltd.',
      COMPANY_ADDRESS: '1 Raffles Place, #20-01, Singapore 048616',
      COMPANY_UEN: '53123456B',
      HR_MANAGER_NAME: 'Siti Nurhaliza',
    });
    const worker = await givenWorker(t);
    const { text, info } = readPdf((await t.request({ method: 'GET', url: letterUrl(worker.id) })).rawPayload);
    expect(text).toContain('Lion City Builders Pte. Ltd. 1 Raffles Place, #20-01, Singapore 048616 UEN: 53123456B');
    expect(text).toContain('For and on behalf of Lion City Builders Pte. Ltd.');
    expect(text).toContain('Name: Siti Nurhaliza');
    expect(text).not.toContain(DEFAULT_COMPANY.name);
    expect(info.Author).toBe('Lion City Builders Pte. Ltd.');
  });

  it('keeps long names and companies inside the margins and every heading on the page of its text', async () => {
    const t = await signedInApp({
      COMPANY_NAME: 'Very Long Construction Manpower Supply And Engineering Services International Private Limited',
    });
    const worker = await givenWorker(t, {
      first_name: 'Muhammad Abdul Rahman Bin Mohammed Shahidul Hossain',
      last_name: 'Chowdhury Talukder Sarkar Bhuiyan Mollah Sikdar Khan',
      designation: 'Senior Formwork Carpenter and Metal Scaffold Erection Supervisor (Tunnelling Works)',
      supplied_to_company:
        'Straits Infrastructure Engineering and Marine Construction (Singapore) Private Limited, Tuas Mega Port Project',
    });
    const response = await t.request({ method: 'GET', url: letterUrl(worker.id) });
    expect(response.headers['content-disposition']).toContain(
      'filename="Employment_Letter_Muhammad_Abdul_Rahman_Bin_Mohammed_Shahidul_Hossain_Chowdhury_Talukder_Sarkar_Bhuiyan_Mollah_Sikdar_Khan.pdf"',
    );
    const { pages, words } = readPdfWords(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const word of words) {
      const page = pages[word.page - 1];
      if (!page) throw new Error('word outside a page');
      // SPEC 9: 20 mm margins left and right (text 170 mm wide); a tenth of a point for rounding.
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(20 * MM - 0.1);
      expect(word.xMax, word.text).toBeLessThanOrEqual(page.width - 20 * MM + 0.1);
      expect(word.yMax, word.text).toBeLessThanOrEqual(page.height);
    }
    // A clause heading "N. Title" shares its page with clause N.1.
    const pageOf = (phrase: string) => {
      const parts = phrase.split(' ');
      const index = words.findIndex((_, i) => parts.every((part, j) => words[i + j]?.text === part));
      return index < 0 ? undefined : words[index]?.page;
    };
    for (const [index, heading] of CLAUSE_HEADINGS.entries()) {
      const headingPage = pageOf(heading);
      expect(headingPage, heading).toBeDefined();
      expect(pageOf(`${index + 1}.1`), `clause ${index + 1}.1`).toBe(headingPage);
    }
    const text = readPdf(response.rawPayload).text;
    expect(text).toContain('Muhammad Abdul Rahman Bin Mohammed Shahidul Hossain Chowdhury Talukder Sarkar Bhuiyan');
    for (const term of SPEC_9_TERMS) expect(text).toContain(term);
  });
});

describe('GET /api/workers/:id/employment-letter: names in every script (decision 080)', () => {
  it('prints Chinese, Vietnamese, Tamil, Bengali, Thai and Burmese names as typed, in subset fonts', async () => {
    const t = await signedInApp();
    for (const [index, name] of NAMES_IN_EVERY_SCRIPT.entries()) {
      const worker = await givenWorker(t, {
        first_name: name.first,
        last_name: name.last,
        worker_id: `TD-50${index}`,
        fin_no: finFor(500 + index),
        wp_no: `01234550${index}`,
        passport_no: `BD123450${index}`,
      });
      const response = await t.request({ method: 'GET', url: letterUrl(worker.id) });
      expect(response.statusCode).toBe(200);

      const pdf = readPdf(response.rawPayload);
      // The addressee, the salutation, the parties, the signature block and every page's footer.
      for (const phrase of [`${name.reads} FIN No. G`, `Dear ${name.reads}`, `Name: ${name.reads}`]) {
        expect(pdf.text, `${name.script}: ${phrase}`).toContain(phrase);
      }
      expect(pdf.text.split(name.reads).length - 1, name.script).toBe(4 + pdf.pageCount);
      expect(pdf.pages[0], name.script).toContain(`Letter of Employment - ${name.reads} (TD-50${index})`);
      expect(pdf.info.Title, name.script).toBe(`Letter of Employment - ${name.first} ${name.last}`);
      const fonts = readPdfFonts(response.rawPayload);
      expect(
        fonts.some((font) => font.name.includes(name.font) && font.embedded && font.subset),
        `${name.script}: ${fonts.map((font) => font.name).join(', ')}`,
      ).toBe(true);
      expect(response.rawPayload.length, name.script).toBeLessThan(40_000);
    }
  });

  it('wraps Chinese text, which has no spaces, inside the margins, and keeps the Latin text around it', async () => {
    const t = await signedInApp({ COMPANY_NAME: '新加坡南洋建筑工程与人力资源私人有限公司' });
    const worker = await givenWorker(t, {
      first_name: '陈',
      last_name: '伟强',
      supplied_to_company: '中国建筑南洋发展有限公司大士港口第二期填海与码头建设工程项目部（新加坡分公司）第三工区',
    });
    const response = await t.request({ method: 'GET', url: letterUrl(worker.id) });
    const { pages, words } = readPdfWords(response.rawPayload);
    for (const word of words) {
      const page = pages[word.page - 1];
      if (!page) throw new Error('word outside a page');
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(20 * MM - 0.1);
      expect(word.xMax, word.text).toBeLessThanOrEqual(page.width - 20 * MM + 0.1);
    }
    // pdftotext reads a line end as a space; Chinese has none between its words.
    const cjk = '[\\p{Script=Han}\\u3000-\\u303f\\uff00-\\uffef]';
    const text = readPdf(response.rawPayload).text.replace(new RegExp(`(${cjk}) (?=${cjk})`, 'gu'), '$1');
    expect(text).toContain(
      'We are pleased to offer you employment with 新加坡南洋建筑工程与人力资源私人有限公司 on the terms',
    );
    expect(text).toContain(
      'You will be deployed to work for 中国建筑南洋发展有限公司大士港口第二期填海与码头建设工程项目部（新加坡分公司）第三工区 ("the Client")',
    );
    for (const term of SPEC_9_TERMS) expect(text).toContain(term);
  });
});
