import fs from 'node:fs';
import path from 'node:path';
import { undoIfInterrupted } from './interrupt.ts';

/**
 * Decision 078's Lighthouse budget (performance, median of 3: mobile >= 90, desktop >= 95) of pages of
 * the built app served by the built server, measured with the `lighthouse` package driving the system
 * Chromium (headless). Mobile is Lighthouse's default (a phone with simulated slow 4G and a 4x slower
 * CPU, the score PageSpeed Insights would give); desktop is its desktop preset. About 20 s a page.
 */

export interface LighthousePage {
  /** The path to load, e.g. `/login`. */
  path: string;
  /**
   * `mobile`: Lighthouse's default (a phone, simulated slow 4G: 150 ms round trips, 1.6 Mbit/s, CPU 4x
   * slower). `desktop`: its desktop preset (40 ms, 10 Mbit/s, CPU as is), the staff's office computers.
   */
  formFactor: 'mobile' | 'desktop';
  /** The session cookie (`td_session=...`) for a signed-in page, sent with every request. */
  cookie?: string;
}

export interface LighthouseResult {
  path: string;
  formFactor: 'mobile' | 'desktop';
  /** 0-100. */
  score: number;
  /** The final URL, to catch a signed-in page that redirected to /login. */
  finalUrl: string;
  /** First Contentful Paint, Largest Contentful Paint, Total Blocking Time in ms, Cumulative Layout Shift. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Opportunities and diagnostics that cost points, worst first (what to fix when under budget). */
  findings: string[];
}

const LIGHTHOUSE_ATTEMPTS = 3;

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Why Lighthouse cannot run here, or null. Checked before the bench spends minutes loading the large
 * set: chrome-launcher reports a missing browser as an unhandled 'error' event, which ended the process
 * with the benchmark's servers still running.
 */
export function lighthouseUnavailable(): string | null {
  return fs.existsSync(CHROMIUM)
    ? null
    : `Lighthouse needs Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROME_PATH`;
}

/** `reportDir`: where to write each page's whole Lighthouse report (JSON), to see why a score is low. */
export async function lighthouseScores(
  base: string,
  pages: readonly LighthousePage[],
  reportDir?: string,
): Promise<LighthouseResult[]> {
  // Loaded only here: the short form of the bench (and its test) never starts a browser.
  const unavailable = lighthouseUnavailable();
  if (unavailable) throw new Error(unavailable);
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    // chrome-launcher's own Ctrl-C handler would end the process before the run removes its large set.
    handleSIGINT: false,
  });
  const finished = undoIfInterrupted(() => chrome.kill());
  const results: LighthouseResult[] = [];
  try {
    for (const page of pages) {
      const run = async () =>
        (
          await lighthouse(
            `${base}${page.path}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              ...(page.cookie ? { extraHeaders: { cookie: page.cookie } } : {}),
            },
            page.formFactor === 'desktop' ? desktopConfig : undefined,
          )
        )?.lhr;
      let lhr = await run();
      // A trace that failed to record (NO_NAVSTART, seen on a busy machine) says "run Lighthouse again".
      for (let retry = 1; retry < LIGHTHOUSE_ATTEMPTS && lhr?.runtimeError; retry += 1) lhr = await run();
      if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
      if (reportDir) {
        fs.mkdirSync(reportDir, { recursive: true });
        fs.writeFileSync(
          path.join(reportDir, `${page.path.replace(/\W+/g, '-').replace(/^-/, '') || 'root'}.json`),
          JSON.stringify(lhr, null, 1),
        );
      }
      const audit = (id: string) => lhr.audits[id];
      const findings = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            (a.details?.type === 'opportunity' || a.scoreDisplayMode === 'metricSavings'),
        )
        .sort((a, b) => (a.score ?? 1) - (b.score ?? 1))
        .slice(0, 6)
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      results.push({
        path: page.path,
        formFactor: page.formFactor,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        finalUrl: lhr.finalDisplayedUrl,
        fcpMs: audit('first-contentful-paint')?.numericValue ?? 0,
        lcpMs: audit('largest-contentful-paint')?.numericValue ?? 0,
        tbtMs: audit('total-blocking-time')?.numericValue ?? 0,
        cls: audit('cumulative-layout-shift')?.numericValue ?? 0,
        findings,
      });
    }
  } finally {
    finished();
    chrome.kill();
  }
  return results;
}

/** Of several runs of one page, the run whose score is the median (the lower middle one of an even count). */
export function medianRun(runs: readonly LighthouseResult[]): LighthouseResult {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const run = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!run) throw new Error('no Lighthouse run to take the median of');
  return run;
}
