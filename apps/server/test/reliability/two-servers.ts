/**
 * Decision 087's two-server test: two built servers on one PostgreSQL database behind nginx (Debian's
 * package, started here with its own configuration and port), sharing an S3-compatible store (s3rver).
 * Checks, through the load balancer as users reach it:
 *
 * - a session made through one server works on the other, and a sign-out through one is refused on the
 *   other at once (no session cache in a process: decision 074);
 * - a document uploaded through one server downloads through the other (the S3 store, decision 087);
 * - one payslip e-mailed through both servers at the same moment is sent once (the outbox, decision 088);
 * - the background jobs run on one server only (one holder of the advisory lock, decision 087);
 * - a SIGTERM of one server during 100 creates through nginx fails none of them (draining, decision 089).
 *
 * `npm run test:two-servers`; part of `npm run test:reliability`. Figures go to docs/reliability.md.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildWorker, multipart, sampleFiles } from '../factories.ts';
import { startTestS3Server } from '../s3-test-server.ts';
import {
  ApiClient,
  buildServer,
  dropPostgresDatabase,
  freePort,
  freshPostgresDatabase,
  postgresBaseUrl,
  ServerProcess,
  sleep,
} from './harness.ts';

const PG_DATABASE = 'td_two_servers';
const CREATES = 100;
const CONCURRENCY = 10;
const LEADER_LOCK_KEY = 4_747_047;

function nginxBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** nginx as deploy/nginx.conf has it, on loopback ports, everything it writes in `dir`. */
function startNginx(binary: string, dir: string, port: number, upstreams: readonly number[]): ChildProcess {
  // The worker process may run as `nobody` (nginx started as root): it must write its temporary files.
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o777);
  const conf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream td_app {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 6m;
    location / {
      proxy_pass http://td_app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const child = spawn(binary, ['-p', dir, '-c', confFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitFor(url: string, timeoutMs = 15_000): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * The mail service both servers send through: accepts every message after `delayMs`, as a real relay
 * takes its time (an instant delivery would let one server's whole send finish before the other's
 * request arrives, which is then a second send, not the same one).
 */
async function startSlowSmtpServer(delayMs: number) {
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          received.push(session.envelope.rcptTo.map((recipient) => recipient.address).join(','));
          callback();
        }, delayMs),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as import('node:net').AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A client of the same session on another origin (another server, or the load balancer). */
function sameSession(client: ApiClient, origin: string): ApiClient {
  const other = new ApiClient(origin);
  other.cookie = client.cookie;
  return other;
}

async function run(baseUrl: string, nginx: string): Promise<string[]> {
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (!ok) problems.push(what);
  };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'td-two-servers-'));
  const s3 = await startTestS3Server();
  const smtp = await startSlowSmtpServer(1_000);
  const databaseUrl = await freshPostgresDatabase(baseUrl, PG_DATABASE);
  const [portA, portB, balancerPort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    ...s3.env,
    TRUST_PROXY: '127.0.0.1',
    BACKGROUND_JOBS: 'on',
    OUTBOX_POLL_SECONDS: '0.5',
    DRAIN_SECONDS: '2',
    MAIL_FROM: 'payroll@example.com',
    SMTP_URL: smtp.url,
  };
  const servers = [portA, portB].map((port, i) => {
    const dataDir = path.join(work, `server-${i + 1}`);
    fs.mkdirSync(dataDir);
    return {
      dataDir,
      process: new ServerProcess({ port, dataDir, databaseUrl, logFile: path.join(work, `server-${i + 1}.log`), env }),
    };
  });
  let balancer: ChildProcess | undefined;
  try {
    // One after the other: the first runs the migrations (two at once is safe too, decision 087's trial).
    for (const server of servers) await server.process.start();
    balancer = startNginx(nginx, path.join(work, 'nginx'), balancerPort, [portA, portB]);
    const viaBalancer = `http://127.0.0.1:${balancerPort}`;
    await waitFor(`${viaBalancer}/api/health`);
    const [a, b] = servers.map((server) => server.process.origin) as [string, string];

    // Sessions: made on A, used on B; ended on A, refused on B at once.
    const staff = new ApiClient(a);
    await staff.setUp('two-servers@example.com', 'two servers test password');
    check(
      (await sameSession(staff, b).request('GET', '/api/workers?pageSize=1')).status === 200,
      'a session made on server 1 works on server 2',
    );
    const second = new ApiClient(b);
    await second.signIn('two-servers@example.com', 'two servers test password');
    const beforeLogout = await sameSession(second, a).request('GET', '/api/workers?pageSize=1');
    const logout = await second.request('POST', '/api/auth/logout');
    const afterLogout = await sameSession(second, a).request('GET', '/api/workers?pageSize=1');
    check(
      beforeLogout.status === 200 && logout.status < 300 && afterLogout.status === 401,
      `a sign-out on server 2 is refused on server 1 at once (${afterLogout.status})`,
    );

    // Files: uploaded through A, downloaded through B, byte for byte.
    const pdf = sampleFiles.pdf();
    const body = multipart({ kind: 'ipa' }, { name: 'ipa.pdf', data: pdf, contentType: 'application/pdf' });
    const uploaded = await fetch(`${a}/api/files`, {
      method: 'POST',
      headers: staff.headers(body.headers),
      body: body.payload,
    });
    const { url: ipaUrl } = (await uploaded.json()) as { url: string };
    const downloaded = await fetch(`${b}${ipaUrl}`, { headers: staff.headers() });
    const bytes = Buffer.from(await downloaded.arrayBuffer());
    check(
      uploaded.status === 201 && downloaded.status === 200 && bytes.equals(pdf),
      'a document uploaded through server 1 downloads through server 2',
    );

    // One payslip e-mailed through both servers at the same moment: sent once.
    const worker = await staff.request(
      'POST',
      '/api/workers',
      buildWorker({ ipa_url: ipaUrl, email: 'worker@example.com' }),
    );
    const workerId = ((await worker.json()) as { id: string }).id;
    await staff.request('POST', '/api/timesheets', {
      worker_id: workerId,
      work_date: '2025-03-03',
      time_in: '08:00',
      time_out: '17:00',
      notes: '',
    });
    const payslip = await staff.request('POST', '/api/payslips', {
      worker_id: workerId,
      pay_period_start: '2025-03-01',
      pay_period_end: '2025-03-31',
      other_deductions: 0,
    });
    const payslipId = ((await payslip.json()) as { id: string }).id;
    const sends = await Promise.all(
      [a, b].map((origin) => sameSession(staff, origin).request('POST', `/api/payslips/${payslipId}/email`)),
    );
    await sleep(1_500);
    check(
      sends.every((answer) => answer.status < 500) && smtp.received.length === 1,
      `one payslip e-mailed through both servers at once is sent once (${smtp.received.length} message(s); answers ${sends.map((s) => s.status).join(', ')})`,
    );

    // The background jobs: one holder of the advisory lock.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ holders: string }>(
      `select count(*) as holders from pg_locks where locktype = 'advisory' and objid = $1 and granted`,
      [LEADER_LOCK_KEY],
    );
    await client.end();
    check(Number(rows[0]?.holders) === 1, `the background jobs run on one server (${rows[0]?.holders} lock holder(s))`);

    // SIGTERM of server 1 during 100 creates through nginx: none fails.
    const balanced = sameSession(staff, viaBalancer);
    const failures: string[] = [];
    let done = 0;
    let next = 0;
    let stopping: Promise<void> | undefined;
    const creator = async () => {
      while (next < CREATES) {
        const n = next++;
        if (n === 20) stopping = servers[0]?.process.stop();
        try {
          const answer = await balanced.request('POST', '/api/sites', {
            name: `Site ${n}`,
            client_company: 'Acme Builders',
            project_reference: null,
            address: null,
            active: true,
          });
          if (answer.status !== 201) failures.push(`${n}: ${answer.status} ${(await answer.text()).slice(0, 120)}`);
        } catch (error) {
          failures.push(`${n}: ${(error as Error).message}`);
        }
        done++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, creator));
    await stopping;
    const listed = await balanced.request('GET', '/api/sites?pageSize=500');
    const total = ((await listed.json()) as { total: number }).total;
    check(
      failures.length === 0 && done === CREATES && total === CREATES,
      `a SIGTERM of server 1 during ${CREATES} creates through nginx fails none (${failures.length} failed, ${total} stored)${failures.length ? `: ${failures.slice(0, 3).join('; ')}` : ''}`,
    );
  } catch (error) {
    problems.push(String(error));
    console.error(error);
  } finally {
    balancer?.kill('SIGTERM');
    for (const server of servers) await server.process.stop();
    if (problems.length > 0) {
      for (const server of servers) console.error(`--- ${server.dataDir} log tail:\n${server.process.logTail(20)}`);
    }
    await s3.close();
    await smtp.close();
    await dropPostgresDatabase(baseUrl, PG_DATABASE);
    fs.rmSync(work, { recursive: true, force: true });
  }
  return problems;
}

async function main(): Promise<void> {
  const baseUrl = postgresBaseUrl();
  const nginx = nginxBinary();
  if (!baseUrl || !nginx) {
    const missing = !baseUrl ? 'PostgreSQL (TEST_DATABASE_URL=skip)' : 'nginx (apt-get install -y nginx)';
    if (process.env.CI === 'true') throw new Error(`CI=true: the two-server test needs ${missing}`);
    console.log(`Two-server test skipped: no ${missing}`);
    return;
  }
  console.log('Two-server test: two servers, one PostgreSQL, S3 store, behind nginx');
  await buildServer();
  const problems = await run(baseUrl, nginx);
  if (problems.length > 0) {
    console.error(`Two-server test FAILED: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('Two-server test passed');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
