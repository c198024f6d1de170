/**
 * npm run bench:api (at the root or in apps/server)
 *
 * Five calls of the real app under autocannon, each beside a bare node:http server sending
 * the same bytes in the same run — the app's status line, headers (security headers, ETag, the
 * sample's request id…) and body: the home data, the service search (10,000 items), an item's
 * detail page data, a member's order list (10,000 orders, keyset pages of 20 walked from the
 * first to the last) and paying an order from funds (every request another unpaid order; the
 * bare figure beside it is a response of the same size, for scale only). Prints req/s, p50 and
 * p99 latency, errors, the bare server's figures, app/bare, the SQL statements per request and
 * the server process's CPU time per request (app and bare; on PostgreSQL the database's own
 * CPU is not in it), which depends far less on a neighbour's load than req/s does.
 *
 * The app runs in a child process (bench/api-server.ts) as production builds it, on a temp
 * PGlite folder it seeds itself; autocannon runs here, so the two do not share an event loop.
 * With BENCH_DATABASE_URL or DATABASE_URL (a PostgreSQL server; the bench creates and drops a
 * database of its own there) the same table follows for PostgreSQL.
 *
 * Each call runs BENCH_ROUNDS (3) rounds of BENCH_SECONDS (5) s, app and bare alternating, and
 * shows the round with the median req/s of each: a neighbour's burst on a shared machine then
 * hits both alike. BENCH_CONNECTIONS (32). BENCH_ONLY=home,search,detail,orders,pay,page runs some
 * (page: the six page rows; page-home, page-list, page-item: one page both ways; page-home-br…).
 *
 * With the web's build (npm run build: apps/web/dist and dist-ssr) the server draws the public
 * pages, and six more rows follow: the home page, the service list and an item's page, each as
 * HTML from the page cache as a browser takes it (brotli) and as a client that asks for no
 * compression gets it, beside the bare server sending the same bytes.
 * BENCH_LOG_LEVEL (info, as in production). BENCH_CPU_PROF=1 writes the server's CPU profile of
 * each app round to .tmp/bench-profiles. BENCH_ITEMS, BENCH_MEMBER_ORDERS, BENCH_PAYERS and
 * BENCH_PAY_ORDERS size the data.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const profile = process.env.BENCH_CPU_PROF === '1';
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

interface Ready {
  type: 'ready';
  appUrl: string;
  bareUrl: string;
  database: string;
  seedSeconds: number;
  detailRid: string;
  /** the web's build is there: the server draws the public pages */
  pages: boolean;
  memberToken: string;
  payments: { token: string; orderNo: string }[];
}

interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** One whole response as it came off the wire: the bare server answers with exactly this. */
interface Sample {
  status: number;
  /** name and value in turn, in the app's order and case */
  rawHeaders: string[];
  body: Buffer;
}

interface Stats {
  statements: number;
  received: number;
  bareReceived: number;
  cpuMicros: number;
}

interface Endpoint {
  key: string;
  label: string;
  /** one request as the browser sends it: its response is what the bare server answers with */
  sample: () => Promise<Sample>;
  /** the autocannon options of one round */
  options: (round: number) => autocannon.Options;
  note?: string;
}

/** What a browser asks for; autocannon and node:http send no accept-encoding of their own. */
const brotli = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * The public pages the server draws, from its page cache: the home page, the service list and an
 * item's page, each as a browser takes it (brotli) and as a client without compression does.
 */
function pageEndpoints(ready: Ready): Endpoint[] {
  if (!ready.pages) return [];
  const pages = [
    { key: 'page-home', path: '/' },
    { key: 'page-list', path: '/project' },
    { key: 'page-item', path: `/detail/${ready.detailRid}` },
  ];
  return pages.flatMap(({ key, path: address }) => {
    const url = `${ready.appUrl}${address}`;
    const label = `GET  ${address.length > 16 ? `${address.slice(0, 15)}…` : address}`;
    return [
      { key: `${key}-br`, label: `${label} (HTML, br)`, sample: () => request(url, { headers: brotli }), options: () => ({ url, headers: brotli }) },
      { key: `${key}-plain`, label: `${label} (HTML, plain)`, sample: () => request(url), options: () => ({ url }) },
    ];
  });
}

/** The server child, talked to by messages; `ask` waits for the answer of the given type. */
function startServer(env: NodeJS.ProcessEnv) {
  const child: ChildProcess = fork(path.join(here, 'api-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env,
    // the app's request log goes where production's would, just not to this terminal
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (message: unknown) => void>();
  child.on('message', (message: { type: string }) => {
    const resolve = waiting.get(message.type);
    waiting.delete(message.type);
    resolve?.(message);
  });
  const crashed = (code: number | null) => {
    console.error(`bench server exited with ${code}`);
    process.exit(1);
  };
  child.on('exit', crashed);
  const ask = <T>(message: object | null, answer: string) =>
    new Promise<T>((resolve) => {
      waiting.set(answer, resolve as (message: unknown) => void);
      if (message) child.send(message);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.off('exit', crashed);
      child.once('exit', () => resolve());
      child.send({ type: 'stop' });
    });
  return { ask, stop };
}

async function cannon(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections, duration: seconds, pipelining: 1, ...options });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const json = { 'content-type': 'application/json' };

function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** node:http writes these itself on every answer (the bare server's keep-alive matches the app's) */
const writtenByNode = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const bareHeaders = (sample: Sample) =>
  sample.rawHeaders.flatMap((value, i, all) => (i % 2 === 0 && !writtenByNode.has(value.toLowerCase()) ? [value, all[i + 1]!] : []));
const listBody = (cursor: string | null) => JSON.stringify(cursor ? { pageSize: 20, cursor } : { pageSize: 20 });

/** The cursors of the member's whole list, walked once: null (the first page), then page 2's, … */
async function walkCursors(appUrl: string, token: string): Promise<(string | null)[]> {
  const cursors: (string | null)[] = [null];
  for (;;) {
    const response = await request(`${appUrl}/api/auth/order/list4person`, { method: 'POST', headers: { ...json, token }, body: listBody(cursors[cursors.length - 1]!) });
    const next = (JSON.parse(response.body.toString()) as { data: { cursor: string | null } }).data.cursor;
    if (!next) return cursors;
    cursors.push(next);
  }
}

function endpointsOf(ready: Ready, cursors: (string | null)[]): Endpoint[] {
  const { appUrl } = ready;
  const pay = (payment: { token: string; orderNo: string }) => ({
    headers: { ...json, token: payment.token },
    body: JSON.stringify({ order_no: payment.orderNo, coupon_rid: 'none' }),
  });
  // the sample pays the last order; each round pays its own share of the others
  const sampled = ready.payments[ready.payments.length - 1]!;
  const share = Math.floor((ready.payments.length - 1) / rounds);
  const search = `${appUrl}/api/open/web/device/search?keyword=${encodeURIComponent('扫描电镜')}`;
  const detail = `${appUrl}/api/open/web/device/detail?rid=${ready.detailRid}`;
  return [
    { key: 'home', label: 'GET  /api/open/web/index', sample: () => request(`${appUrl}/api/open/web/index`), options: () => ({ url: `${appUrl}/api/open/web/index` }) },
    { key: 'search', label: 'GET  /api/open/web/device/search', sample: () => request(search), options: () => ({ url: search }) },
    { key: 'detail', label: 'GET  /api/open/web/device/detail', sample: () => request(detail), options: () => ({ url: detail }) },
    {
      key: 'orders',
      label: 'POST /api/auth/order/list4person',
      sample: () => request(`${appUrl}/api/auth/order/list4person`, { method: 'POST', headers: { ...json, token: ready.memberToken }, body: listBody(null) }),
      options: () => {
        let page = 0;
        return {
          url: `${appUrl}/api/auth/order/list4person`,
          method: 'POST',
          headers: { ...json, token: ready.memberToken },
          requests: [{ setupRequest: (request) => ({ ...request, body: listBody(cursors[page++ % cursors.length]!) }) }],
        };
      },
      note: `keyset pages of 20 in turn, from the first (which also counts the total) to the last (${cursors.length} pages)`,
    },
    {
      key: 'pay',
      label: 'POST /api/auth/order/pay',
      sample: () => request(`${appUrl}/api/auth/order/pay`, { method: 'POST', ...pay(sampled) }),
      options: (round) => {
        const payments = ready.payments.slice(round * share, (round + 1) * share);
        let next = 0;
        return {
          url: `${appUrl}/api/auth/order/pay`,
          method: 'POST',
          // the round ends when its share is paid (autocannon builds a request or two per connection it never
          // sends); a paying request waits its turn for the account's lock, so it may take longer than 10 s
          amount: share - 2 * connections,
          timeout: 60,
          requests: [{ setupRequest: (request) => ({ ...request, ...pay(payments[next++]!) }) }],
        };
      },
      note: `a write, ${share - 2 * connections} orders a round (its bare figure is a response of the same size, for scale only)`,
    },
  ];
}

const pad = (text: string | number, width: number) => String(text).padStart(width);
/** The round with the median req/s. */
const median = (runs: Figures[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;

async function benchDatabase(env: NodeJS.ProcessEnv) {
  const server = startServer(env);
  const ready = await server.ask<Ready>(null, 'ready');
  const cursors = !only || only.includes('orders') ? await walkCursors(ready.appUrl, ready.memberToken) : [null];
  console.log(
    `\n${ready.database}: seeded in ${ready.seedSeconds.toFixed(0)} s; ${connections} connections, ${rounds} rounds of ${seconds} s, median round shown; ` +
      `load average now ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
  );
  console.log(
    `${'call'.padEnd(36)}${pad('bytes', 7)}${pad('req/s', 8)}${pad('p50', 6)}${pad('p99', 6)}${pad('errors', 7)}` +
      `${pad('bare req/s', 11)}${pad('p50', 6)}${pad('p99', 6)}${pad('app/bare', 9)}${pad('SQL/req', 8)}${pad('CPU µs/req', 11)}${pad('bare', 6)}`,
  );
  // BENCH_ONLY names calls (home, search…) or pages: page (all six), page-home (both encodings), page-home-br
  const endpoints = [...endpointsOf(ready, cursors), ...pageEndpoints(ready)].filter((e) => !only || only.some((name) => e.key === name || e.key.startsWith(`${name}-`)));
  if (!ready.pages) console.log('(no web build, apps/web/dist-ssr: the pages are not measured; npm run build first)');
  const stats = () => server.ask<Stats>({ type: 'stats' }, 'stats');
  for (const endpoint of endpoints) {
    const sample = await endpoint.sample();
    if (sample.status !== 200) throw new Error(`${endpoint.label}: ${sample.status} ${sample.body.toString()}`);
    await server.ask({ type: 'bare', body: sample.body.toString('base64'), headers: bareHeaders(sample) }, 'bare-set');
    const bareSample = await request(ready.bareUrl);
    const wire = (one: Sample) => [one.status, ...one.rawHeaders.filter((_, i, all) => all[i - (i % 2)]!.toLowerCase() !== 'date'), one.body.toString('base64')].join('\n');
    if (wire(bareSample) !== wire(sample)) throw new Error(`${endpoint.label}: the bare server's answer differs from the app's\n${wire(bareSample)}\n---\n${wire(sample)}`);
    const appRuns: Figures[] = [];
    const bareRuns: Figures[] = [];
    const cpu = { app: 0, appRequests: 0, bare: 0, bareRequests: 0 };
    const first = await stats();
    for (let round = 0; round < rounds; round += 1) {
      if (profile) await server.ask({ type: 'profile-start' }, 'profile-started');
      const beforeApp = await stats();
      appRuns.push(await cannon(endpoint.options(round)));
      const afterApp = await stats();
      if (profile) await server.ask({ type: 'profile-stop', name: `${ready.database}-${endpoint.key}-${round + 1}` }, 'profile-stopped');
      const beforeBare = await stats();
      bareRuns.push(await cannon({ url: ready.bareUrl }));
      const afterBare = await stats();
      cpu.app += afterApp.cpuMicros - beforeApp.cpuMicros;
      cpu.appRequests += afterApp.received - beforeApp.received;
      cpu.bare += afterBare.cpuMicros - beforeBare.cpuMicros;
      cpu.bareRequests += afterBare.bareReceived - beforeBare.bareReceived;
    }
    // counted to the very end, so the statements of requests a run left in flight are in it
    const last = await stats();
    const app = median(appRuns);
    const bare = median(bareRuns);
    const statementsPerRequest = (last.statements - first.statements) / Math.max(1, last.received - first.received);
    const errors = appRuns.reduce((sum, run) => sum + run.errors, 0);
    console.log(
      `${endpoint.label.padEnd(36)}${pad(sample.body.length, 7)}${pad(app.rps.toFixed(0), 8)}${pad(app.p50, 6)}${pad(app.p99, 6)}${pad(errors, 7)}` +
        `${pad(bare.rps.toFixed(0), 11)}${pad(bare.p50, 6)}${pad(bare.p99, 6)}${pad(`${((app.rps / bare.rps) * 100).toFixed(0)}%`, 9)}${pad(statementsPerRequest.toFixed(2), 8)}` +
        `${pad((cpu.app / Math.max(1, cpu.appRequests)).toFixed(0), 11)}${pad((cpu.bare / Math.max(1, cpu.bareRequests)).toFixed(0), 6)}`,
    );
  }
  for (const endpoint of endpoints) if (endpoint.note) console.log(`  ${endpoint.key}: ${endpoint.note}`);
  console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await server.stop();
}

console.log(
  `bench:api — node ${process.version}, ${os.cpus().length}× ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${new Date().toISOString().slice(0, 10)}. ` +
    'Latencies in ms; errors = non-2xx + socket errors + timeouts; SQL/req = statements the app sent per request it received.',
);
const { BENCH_DATABASE_URL: _bench, DATABASE_URL: _url, ...pgliteEnv } = process.env;
await benchDatabase(pgliteEnv);
if (postgresUrl) await benchDatabase({ ...pgliteEnv, BENCH_DATABASE_URL: postgresUrl });
else console.log('\n(PostgreSQL: set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres, to run the same table on it)');
