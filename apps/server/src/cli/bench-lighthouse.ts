/**
 * `npm run bench:lighthouse` (issue 15, front-end budget: Lighthouse performance >= 95): runs Lighthouse
 * on /login (signed out) and /worker-management (signed in) against the BUILT app (`npm run build`
 * first; this script builds nothing), with Lighthouse's default mobile settings and its desktop preset,
 * several runs each, and prints the median score with FCP, LCP, TBT and CLS.
 *
 * The data: a temporary DATA_DIR filled by `npm run demo` (60 workers; `--workers 2000` for a larger
 * set), deleted at the end. `--compare DIR` measures an earlier build beside this one, the runs
 * alternating so both see the same minutes of this shared machine: DIR holds a copy of
 * `apps/server/dist` as `DIR/server/dist` and of `apps/web/dist` as `DIR/web`, and a `node_modules`
 * link to the repository's (the bundle resolves its packages from its own folder).
 *
 * Options: --runs 3, --workers 60, --compare DIR, --pages login,worker-management,
 * --form-factors mobile,desktop, --port 4312 (a second port above it for --compare),
 * --reports DIR (every run's whole Lighthouse report, to read its audits), --data-dir DIR (a DATA_DIR
 * `npm run demo` filled before, e.g. with `--workers 2000`, kept; DEMO_PASSWORD is its password).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type LighthousePage, type LighthouseResult, lighthouseScores } from '../bench/lighthouse.ts';
import { DEMO_EMAIL } from '../demo/demo-data.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

interface Build {
  label: string;
  serverMain: string;
  webDist: string;
}

/** The built server on `port`, as `npm start` runs it, over the given data and web build. */
async function startServer(build: Build, dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [build.serverMain], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: build.webDist,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('is running at')) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve();
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${build.label}: the server exited with ${code}: ${out}`)));
  });
  return child;
}

async function signIn(base: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: DEMO_EMAIL, password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('td_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0] ?? '';
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      workers: { type: 'string', default: '60' },
      compare: { type: 'string' },
      pages: { type: 'string', default: 'login,worker-management' },
      'form-factors': { type: 'string', default: 'mobile,desktop' },
      port: { type: 'string', default: '4312' },
      reports: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const builds: Build[] = [
    {
      label: 'this build',
      serverMain: path.join(ROOT, 'apps/server/dist/main.js'),
      webDist: path.join(ROOT, 'apps/web/dist'),
    },
  ];
  if (values.compare) {
    const dir = path.resolve(values.compare);
    builds.push({
      label: path.basename(dir),
      serverMain: path.join(dir, 'server/dist/main.js'),
      webDist: path.join(dir, 'web'),
    });
  }
  for (const build of builds) {
    for (const file of [build.serverMain, path.join(build.webDist, 'index.html')]) {
      if (!fs.existsSync(file)) throw new Error(`${build.label}: ${file} is missing (run \`npm run build\` first)`);
    }
  }
  const pages = values.pages.split(',').map((name) => `/${name}`);
  const formFactors = values['form-factors'].split(',') as Array<LighthousePage['formFactor']>;

  const givenDataDir = values['data-dir'] && path.resolve(values['data-dir']);
  const dataDir = givenDataDir || fs.mkdtempSync(path.join(os.tmpdir(), 'td-lighthouse-'));
  const servers: ChildProcess[] = [];
  try {
    let password = process.env.DEMO_PASSWORD ?? '';
    if (!givenDataDir) {
      password = `bench-${randomBytes(6).toString('hex')}`;
      console.error(`Filling ${dataDir} with the demo data (${values.workers} workers)...`);
      execFileSync('npx', ['tsx', 'apps/server/src/cli/demo.ts', '--workers', values.workers], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DEMO_PASSWORD: password },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
    const targets: Array<Build & { base: string; cookie: string }> = [];
    for (const [index, build] of builds.entries()) {
      const port = Number(values.port) + index;
      servers.push(await startServer(build, dataDir, port));
      const base = `http://127.0.0.1:${port}`;
      targets.push({ ...build, base, cookie: await signIn(base, password) });
    }

    const results = new Map<string, LighthouseResult[]>();
    console.error(`load average at start: ${loadAverage()}`);
    for (let run = 1; run <= runs; run++) {
      for (const pagePath of pages) {
        for (const formFactor of formFactors) {
          // Alternating builds within a run: each pair of figures comes from the same minute.
          for (const target of targets) {
            const page: LighthousePage = {
              path: pagePath,
              formFactor,
              // The sign-in screen is measured signed out (signed in it sends the user on).
              ...(pagePath === '/login' ? {} : { cookie: target.cookie }),
            };
            const reportDir = values.reports
              ? path.join(values.reports, `${target.label.replace(/\W+/g, '-')}-${formFactor}-run${run}`)
              : undefined;
            // Lighthouse now and then fails to record a trace (NO_NAVSTART) on this busy machine: once more.
            const [result] = await lighthouseScores(target.base, [page], reportDir).catch((error: unknown) => {
              console.error(`${target.label} ${pagePath} ${formFactor}: ${String(error)}; running it again`);
              return lighthouseScores(target.base, [page], reportDir);
            });
            if (!result) throw new Error(`no result for ${pagePath}`);
            if (new URL(result.finalUrl).pathname !== pagePath)
              throw new Error(`${pagePath} ended on ${result.finalUrl}`);
            const key = `${target.label}\t${pagePath}\t${formFactor}`;
            results.set(key, [...(results.get(key) ?? []), result]);
            console.error(
              `run ${run} ${target.label.padEnd(12)} ${pagePath} ${formFactor}: ${result.score} ` +
                `(FCP ${Math.round(result.fcpMs)} ms, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, ` +
                `CLS ${result.cls.toFixed(3)}; load ${loadAverage()})`,
            );
          }
        }
      }
    }
    console.error(`load average at end: ${loadAverage()}`);

    console.log('| build | page | form factor | score (median; runs) | FCP | LCP | TBT | CLS | findings (last run) |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [key, list] of results) {
      const [label, pagePath, formFactor] = key.split('\t');
      const ms = (pick: (r: LighthouseResult) => number) => `${Math.round(median(list.map(pick)))} ms`;
      console.log(
        `| ${label} | ${pagePath} | ${formFactor} | ${median(list.map((r) => r.score))} (${list.map((r) => r.score).join(', ')}) | ` +
          `${ms((r) => r.fcpMs)} | ${ms((r) => r.lcpMs)} | ${ms((r) => r.tbtMs)} | ` +
          `${median(list.map((r) => r.cls)).toFixed(3)} | ${list.at(-1)?.findings.join(', ')} |`,
      );
    }
  } finally {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            if (server.exitCode !== null) return resolve(undefined);
            server.once('exit', resolve);
            server.kill('SIGTERM');
          }),
      ),
    );
    if (!givenDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
