import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_TOO_LOW_MESSAGE, SmsPurpose, type LoginResult, type OrderSummary, type ReportFile, type UserInfo } from '@lab/contract';
import { openDatabase, queryRows, type Database } from '../../src/db/client';
import { orderFiles, orders, outbox, smsCodes } from '../../src/db/schema';
import { systemClock } from '../../src/platform/clock';
import { LEDGER_CHECK_JOB } from '../../src/jobs';
import { ALREADY_PAID } from '../../src/areas/payments/payment.service';
import { REPORT_MAX_BYTES } from '../../src/areas/orders/desk/reports.service';
import { fund, makeOrder, paymentCatalog, type DataContext } from '../../src/areas/payments/payment.test-helpers';
import { defaultPassword, makeLoggedInMember, makeMember, makeStaff } from '../factories';
import { uniquePhone } from '../harness';
import { ledgerProblems, paymentEntries, prestoreBalance } from '../ledger-invariants';
import { startS3Peer } from '../s3-peer';
import { freePort, startServer, stopAll, type ServerProcess } from '../server-process';
import { pidOfRun, processAlive, tmpRoot } from '../template';
import { api, multipartBody, request, type ApiReply } from './http-client';
import { exampleFile, startNginx, type Nginx } from './nginx';

/**
 * The shop as deploy/nginx.conf.example and docs/deploy.md run it: two server instances
 * (JOBS_IN_PROCESS=0) and two `npm run worker` processes on one PostgreSQL database made for
 * this run (and dropped after it), files in S3 (s3rver), Debian's nginx in front as the load
 * balancer with the example's own configuration. Every process is real; clients speak HTTP
 * from loopback addresses of their own, so the instances learn who is calling only from
 * nginx's X-Forwarded-For. `npm run test:cluster` (vitest.cluster.config.ts).
 */

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
const databaseName = `lab_cluster_run_${suffix}`;
const runDir = path.join(tmpRoot, `cluster-${suffix}`);
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
// one key for every process (docs/deploy.md): each would make its own under its DATA_DIR otherwise
const secretKey = randomBytes(32).toString('hex');

let database: Database;
let t: DataContext;
let s3: Awaited<ReturnType<typeof startS3Peer>>;
let a: ServerProcess;
let b: ServerProcess;
let workers: ServerProcess[] = [];
let nginx: Nginx;
const asset = { name: `app-${randomBytes(4).toString('hex')}.js`, body: `/* the web build's script */\n${'export const line = "科研检测服务商城";\n'.repeat(400)}` };
/** the ledger check's runs, as each worker logs them */
const ledgerRuns: { worker: string; line: string }[] = [];
/** SMS the workers handed to the (local) provider, as each logs them */
const smsDeliveries: { worker: string; phone: string }[] = [];
let ledgerOccurrence: Date;

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** a script only instance A's build has: A runs the next release, B the one before (a rolling deploy) */
const newerAsset = { name: `next-${randomBytes(4).toString('hex')}.js`, body: 'export const release = "next";\n' };

/** A web build of our own (the real one is made by test:e2e): its shell and hashed scripts. */
function writeWebDist(dir: string, assets: { name: string; body: string }[]) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>科研检测</title><script type="module" src="/assets/${asset.name}"></script></head><body><div id="root"></div></body></html>\n`);
  for (const file of assets) fs.writeFileSync(path.join(dir, 'assets', file.name), file.body);
}

/** pg-boss from the test's side: the same public API the workers use, without running anything. */
async function withBoss<T>(work: (boss: PgBoss) => Promise<T>): Promise<T> {
  const boss = new PgBoss({ connectionString: databaseUrl, supervise: false, schedule: false, max: 2 });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    return await work(boss);
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

beforeAll(async () => {
  await withAdmin(async (admin) => {
    // runs that died before their afterAll leave their database: drop those whose process is gone
    const stale = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'lab_cluster_run_%'");
    for (const row of stale.rows) if (!processAlive(pidOfRun(row.datname))) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    // empty: the instances and workers starting together migrate it (one at a time, db/client.ts)
    await admin.query(`create database "${databaseName}"`);
  });
  s3 = await startS3Peer();
  writeWebDist(path.join(runDir, 'web-A'), [asset, newerAsset]);
  writeWebDist(path.join(runDir, 'web-B'), [asset]);
  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SECRET_KEY: secretKey,
    ...s3.env,
    WEB_SSR: path.join(runDir, 'no-server-build.js'),
  };
  const instance = (name: string) =>
    startServer({ name, databaseUrl, dataDir: path.join(runDir, name), readyPath: '/api/ready', timeoutMs: 120_000, env: { ...shared, JOBS_IN_PROCESS: '0', WEB_DIST: path.join(runDir, `web-${name}`) } });
  const worker = async (name: string) => {
    const started = await startServer({ name, entry: 'worker', dataDir: path.join(runDir, name), logLevel: 'info', timeoutMs: 120_000, env: { ...shared, JOBS_CRON_SECONDS: '1' } });
    started.onLine((line) => {
      if (/"msg":"ledger check: /.test(line)) ledgerRuns.push({ worker: name, line });
      if (/"msg":"sms sent \(local outbox\)"/.test(line)) smsDeliveries.push({ worker: name, phone: String((JSON.parse(line) as { sms?: { phone?: string } }).sms?.phone) });
    });
    return started;
  };
  const workersUp = Promise.all([worker('worker 1'), worker('worker 2')]).then(async (started) => {
    workers = started;
    // An occurrence of the ledger check 45 s ago, in place of its nightly 02:30: still inside
    // pg-boss's 60-second due window, so every schedule pass of either worker (one a second)
    // for the next 15 s finds it due and sends it. One job must come of it.
    ledgerOccurrence = new Date(Math.floor(Date.now() / 1000) * 1000 - 45_000);
    const o = ledgerOccurrence;
    const cron = `${o.getUTCSeconds()} ${o.getUTCMinutes()} ${o.getUTCHours()} ${o.getUTCDate()} ${o.getUTCMonth() + 1} *`;
    await withBoss((boss) => boss.schedule(LEDGER_CHECK_JOB, cron, null, { tz: 'UTC' }));
  });
  [a, b] = await Promise.all([instance('A'), instance('B'), workersUp]);
  // the test's own connection, for making data and reading the outcome (migrations are done)
  database = await openDatabase({ url: databaseUrl, poolSize: 10 });
  t = { db: database.db, clock: systemClock };
  nginx = await startNginx({ listenPort: await freePort(), upstreams: [Number(new URL(a.url).port), Number(new URL(b.url).port)], dir: path.join(runDir, 'nginx') });
}, 240_000);

afterAll(async () => {
  await nginx?.stop();
  await stopAll(a, b, ...workers);
  await database?.close();
  await withAdmin((admin) => admin.query(`drop database if exists "${databaseName}" with (force)`));
  await s3?.close();
  fs.rmSync(runDir, { recursive: true, force: true });
}, 60_000);

/** Which instance (host:port as nginx names it) answered the request with this id. */
const upstreamOf = async (requestId: string) => (await nginx.line(requestId)).upstream;
const upstreamsOf = async (requestIds: string[]) => new Set(await Promise.all(requestIds.map(upstreamOf)));
const addressOf = (server: ServerProcess) => new URL(server.url).host;
let clientCounter = 0;
/** A client address of its own (a loopback address: this machine answers every 127.x.y.z). */
const newClient = () => {
  clientCounter += 1;
  return `127.0.${1 + Math.floor(clientCounter / 250)}.${1 + (clientCounter % 250)}`;
};

describe('nginx in front of two instances', () => {
  it('passes requests to both instances, each ready (database and S3 answering)', async () => {
    const pages = await Promise.all(Array.from({ length: 4 }, () => request(`${nginx.origin}/api/ready`, { from: newClient() })));
    for (const page of pages) expect(JSON.parse(page.body.toString())).toMatchObject({ code: 1, data: { status: 'ready', database: 'up', storage: 'up' } });
    const served = await upstreamsOf(pages.map((p) => String(p.headers['x-request-id'])));
    expect(served).toEqual(new Set([addressOf(a), addressOf(b)]));
  });

  it('keeps /api/metrics to itself: nginx answers 404, no instance is asked, however the path is written', async () => {
    const written = ['/api/metrics', '/api/metrics/', '/api//metrics', '/api/%6detrics', '/api/metrics?format=json'];
    for (const path of written) {
      const answer = await request(`${nginx.origin}${path}`, { from: newClient() });
      expect(answer.status, path).toBe(404);
      expect(String(answer.headers['content-type']), path).toMatch(/^text\/html/);
    }
    // nginx logs a request once answered: wait for the five lines
    await expect.poll(() => nginx.accessLog().filter((l) => written.includes(l.path)).map((l) => l.upstream), { timeout: 5000, interval: 20 }).toEqual(written.map(() => '-'));
    // an unknown API path is the instance's own 404 (the envelope), so the one above is nginx's
    const unknown = await request(`${nginx.origin}/api/metricz`, { from: newClient() });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body.toString())).toMatchObject({ code: 0 });
  });

  it('compresses and keeps the web build: a hashed script gzipped, cached for a year, the second time from nginx', async () => {
    const url = `${nginx.origin}/assets/${asset.name}`;
    const first = await request(url, { from: newClient(), headers: { 'accept-encoding': 'gzip' } });
    const second = await request(url, { from: newClient(), headers: { 'accept-encoding': 'gzip' } });
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
      expect(zlib.gunzipSync(answer.body).toString()).toBe(asset.body);
    }
    expect(first.body.length).toBeLessThan(asset.body.length / 10);
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect(second.headers['x-cache-status']).toBe('HIT');
    // the shell: asked again each time, never kept by nginx
    const shell = await request(`${nginx.origin}/member/order`, { from: newClient() });
    expect(shell.status).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.body.toString()).toContain(asset.name);
  });

  it('finds a file of the newer build during a rolling deploy: the instance without it answers 404, nginx asks the other', async () => {
    // a query of its own each time, so nginx's cache does not answer: both instances are asked in turn
    const answers = await Promise.all(['1', '2', '3', '4'].map((v) => request(`${nginx.origin}/assets/${newerAsset.name}?v=${v}`, { from: newClient() })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe(newerAsset.body);
    }
    const tried = await Promise.all(answers.map(async (answer) => (await nginx.line(String(answer.headers['x-request-id']))).upstream));
    // B (without the file) first, then A: nginx names both
    expect(tried).toContain(`${addressOf(b)}, ${addressOf(a)}`);
  });

  it('takes uploads up to the largest the instances accept (client_max_body_size above REPORT_MAX_BYTES)', () => {
    const setting = /client_max_body_size (\d+)m;/.exec(fs.readFileSync(exampleFile, 'utf8'));
    const limit = Number(setting?.[1]) * 1024 * 1024;
    // the file and the multipart form around it; within a megabyte, so nginx refuses nothing the instance would take
    expect(limit).toBeGreaterThan(REPORT_MAX_BYTES + 64 * 1024);
    expect(limit).toBeLessThanOrEqual(REPORT_MAX_BYTES + 1024 * 1024);
  });
});

describe('one shop across the instances', () => {
  it('logs in through instance A; the token works on instance B and through nginx', async () => {
    const member = await makeMember(t.db);
    const from = newClient();
    const session = await api<LoginResult>(a.url, '/api/open/login', { form: { account: member.phone, password: defaultPassword }, from });
    expect(session).toMatchObject({ status: 200, code: 1 });
    const info = await api<UserInfo>(b.url, '/api/auth/user/info', { token: session.data.token, from });
    expect(info).toMatchObject({ status: 200, code: 1 });
    expect(info.data.account.phone).toBe(member.phone);
    const throughNginx = await Promise.all(Array.from({ length: 4 }, () => api<UserInfo>(nginx.origin, '/api/auth/user/info', { token: session.data.token, from })));
    for (const reply of throughNginx) expect(reply).toMatchObject({ status: 200, code: 1 });
    expect((await upstreamsOf(throughNginx.map((r) => r.requestId))).size).toBe(2);
  });

  it('a report the lab uploads through one instance downloads through nginx from the other, from S3', async () => {
    const lab = await makeStaff(t.db, 'lab');
    const who = await makeLoggedInMember(t.db);
    const order = await makeOrder(t, await paymentCatalog(t.db), who.member.id, { progress: 'testing', payment: 'paid' });
    // 3 MB: past nginx's default 1 MB body limit, so the example's own limit is what lets it through
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
    const form = await multipartBody({ order_no: order.orderNo }, { name: '检测报告.pdf', type: 'application/pdf', bytes });
    const uploadAnswer = await request(`${nginx.origin}/api/admin/orders/report/upload`, { method: 'POST', from: newClient(), headers: { token: lab.token, 'content-type': form.contentType }, body: form.body });
    const upload = JSON.parse(uploadAnswer.body.toString()) as { code: number; msg: string; data: ReportFile[] };
    expect(upload, upload.msg).toMatchObject({ code: 1 });
    const uploadedBy = await upstreamOf(String(uploadAnswer.headers['x-request-id']));
    const report = upload.data[0]!;
    // the member sees it once the lab delivers the data
    expect(await api(nginx.origin, '/api/admin/orders/deliver', { token: lab.token, from: newClient(), form: { order_no: order.orderNo } })).toMatchObject({ status: 200, code: 1 });

    // round robin: of two downloads in a row, one is served by the other instance
    const from = newClient();
    const downloads = [];
    for (let i = 0; i < 2; i += 1) {
      const answer = await request(`${nginx.origin}/api/auth/order/report?${new URLSearchParams({ order_no: order.orderNo, id: report.id })}`, { from, headers: { token: who.token } });
      downloads.push({ answer, by: await upstreamOf(String(answer.headers['x-request-id'])) });
    }
    for (const { answer } of downloads) {
      expect(answer.status, answer.body.toString().slice(0, 300)).toBe(200);
      expect(answer.headers['content-disposition']).toMatch(/^attachment/);
      expect(answer.body.equals(bytes)).toBe(true);
    }
    expect(downloads.map((d) => d.by)).toContain([addressOf(a), addressOf(b)].find((x) => x !== uploadedBy));

    // in the bucket, and on neither instance's disk
    const [row] = await t.db.select().from(orderFiles).where(eq(orderFiles.rid, report.id));
    const stored = await s3.store().open('reports', row!.storedName);
    expect(stored?.size).toBe(bytes.length);
    stored?.body.destroy();
    for (const name of ['A', 'B']) expect(fs.existsSync(path.join(runDir, name, 'files')), name).toBe(false);
  });

  it('holds one SMS cooldown per phone over both instances; the one code is sent once, by one worker', async () => {
    const phone = uniquePhone();
    const replies = await Promise.all(Array.from({ length: 6 }, () => api(nginx.origin, '/api/open/code4sms', { form: { phone, useFor: SmsPurpose.login }, from: newClient() })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 429, msg: expect.stringMatching(/^验证码发送过于频繁/) });
    expect((await upstreamsOf(replies.map((r) => r.requestId))).size).toBe(2);
    expect(await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(1);
    // queued by the instance, delivered by whichever worker took the job: once
    await expect
      .poll(async () => (await t.db.select({ status: outbox.status, attempts: outbox.attempts }).from(outbox).where(eq(outbox.recipient, phone))), { timeout: 30_000, interval: 200 })
      .toEqual([{ status: 'sent', attempts: 1 }]);
    await expect.poll(() => smsDeliveries.filter((d) => d.phone === phone).length, { timeout: 10_000, interval: 100 }).toBe(1);
  });

  it('counts one per-address limit over both instances: 20 SMS codes an hour, whatever X-Forwarded-For the client writes', async () => {
    const from = newClient();
    const sends = [];
    for (let i = 0; i < 20; i += 1) {
      // a client's own X-Forwarded-For: nginx appends the address it saw, and that is the one the instances count
      sends.push(await api(nginx.origin, '/api/open/code4sms', { form: { phone: uniquePhone(), useFor: SmsPurpose.login }, from, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } }));
    }
    for (const [i, reply] of sends.entries()) expect(reply, `send ${i + 1}`).toMatchObject({ status: 200, code: 1 });
    expect(await upstreamsOf(sends.map((r) => r.requestId))).toEqual(new Set([addressOf(a), addressOf(b)]));
    for (let i = 0; i < 2; i += 1) {
      const refused = await api(nginx.origin, '/api/open/code4sms', { form: { phone: uniquePhone(), useFor: SmsPurpose.login }, from, headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      expect(refused).toMatchObject({ status: 429, code: 0 });
      expect(refused.msg).toMatch(/^操作过于频繁，请\d+秒后再试$/);
    }
    // another client is not held
    expect(await api(nginx.origin, '/api/open/code4sms', { form: { phone: uniquePhone(), useFor: SmsPurpose.login }, from: newClient() })).toMatchObject({ status: 200, code: 1 });
  });

  it('holds the per-address login limit (30 a minute) over both instances', async () => {
    // members of their own (attempts at one account at once are the login guard's, not this limit)
    const members = await Promise.all(Array.from({ length: 32 }, () => makeMember(t.db)));
    const from = newClient();
    const logins = await Promise.all(members.slice(0, 30).map((member) => api<LoginResult>(nginx.origin, '/api/open/login', { form: { account: member.phone, password: defaultPassword }, from })));
    for (const reply of logins) expect(reply, reply.msg).toMatchObject({ status: 200, code: 1 });
    expect((await upstreamsOf(logins.map((r) => r.requestId))).size).toBe(2);
    const refused = await Promise.all(members.slice(30).map((member) => api(nginx.origin, '/api/open/login', { form: { account: member.phone, password: defaultPassword }, from })));
    for (const reply of refused) expect(reply).toMatchObject({ status: 429, msg: expect.stringMatching(/^操作过于频繁/) });
    expect((await upstreamsOf(refused.map((r) => r.requestId))).size).toBe(2);
  });
});

describe('kill -9 of one instance during a burst of payments through nginx', () => {
  const PRICE = 300_00;
  const MEMBERS = 50;
  const ORDERS_EACH = 4;
  const FUNDED_ORDERS = 2;
  const CONCURRENCY = 100;

  interface Payment {
    token: string;
    from: string;
    memberId: number;
    orderNo: string;
    /** paid / refused for funds: answered for good; cut: 502 or a broken connection, asked again */
    outcome?: 'paid' | 'refused';
    /** answers of every try, for the failure message */
    answers: string[];
    cutAtKill?: boolean;
    sentAfterKill?: boolean;
    paidBeforeKill?: boolean;
  }

  it(`${MEMBERS * ORDERS_EACH} prepaid payments, ${CONCURRENCY} at a time; A dies part-way: each is booked once or refused, none lost`, async (context) => {
    const catalog = await paymentCatalog(t.db);
    const payments: Payment[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const who = await makeLoggedInMember(t.db);
      await fund(t, 'member', who.member.id, FUNDED_ORDERS * PRICE);
      const from = newClient();
      for (let n = 0; n < ORDERS_EACH; n += 1) {
        const order = await makeOrder(t, catalog, who.member.id, { amounts: [PRICE] });
        payments.push({ token: who.token, from, memberId: who.member.id, orderNo: order.orderNo, answers: [] });
      }
    }
    for (let i = payments.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [payments[i], payments[j]] = [payments[j]!, payments[i]!];
    }

    let killed: Promise<unknown> | undefined;
    const pay = async (p: Payment) => {
      const sentAfterKill = Boolean(killed);
      let reply: ApiReply<OrderSummary> | undefined;
      try {
        reply = await api<OrderSummary>(nginx.origin, '/api/auth/order/pay', { token: p.token, from: p.from, form: { order_no: p.orderNo } });
      } catch (error) {
        p.answers.push(`connection: ${(error as Error).message}`);
      }
      if (reply) p.answers.push(`${reply.status} ${reply.msg}`);
      const retry = p.answers.length > 1;
      if (reply?.code === 1) p.outcome = 'paid';
      else if (reply?.status === 409 && reply.msg === BALANCE_TOO_LOW_MESSAGE) p.outcome = 'refused';
      else if (retry && reply?.status === 409 && reply.msg === ALREADY_PAID) {
        p.outcome = 'paid';
        p.paidBeforeKill = true;
      } else if (!reply || reply.status === 502) {
        // the instance died with the request inside it (nginx never passes a POST it sent on)
        if (sentAfterKill) p.sentAfterKill = true;
        else p.cutAtKill = true;
      } else throw new Error(`unexpected answer for ${p.orderNo}: ${p.answers.join(' | ')}\n${a.output()}\n${b.output()}`);
    };

    const started = Date.now();
    let next = 0;
    let answered = 0;
    const killAfter = Math.floor(payments.length * 0.3);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < payments.length) {
          const p = payments[next++]!;
          await pay(p);
          if (p.outcome) answered += 1;
          if (answered >= killAfter && !killed) killed = a.kill9();
        }
      }),
    );
    await killed;
    const burstMs = Date.now() - started;
    expect(a.running).toBe(false);
    const cut = payments.filter((p) => !p.outcome);
    // the kill must have landed with payments inside instance A, or this proves nothing
    expect(payments.filter((p) => p.cutAtKill).length, 'payments cut by the kill').toBeGreaterThan(0);

    // the clients whose answer never came ask again, as a browser would: B answers
    for (const p of cut) await pay(p);
    const unanswered = payments.filter((p) => !p.outcome);
    expect(unanswered.map((p) => `${p.orderNo}: ${p.answers.join(' | ')}`)).toEqual([]);

    // every answer is true of the database: what the clients were told is paid is paid, once
    const rows = await t.db.select({ orderNo: orders.orderNo, payment: orders.payment }).from(orders);
    const paymentOf = new Map(rows.map((r) => [r.orderNo, r.payment]));
    for (const p of payments) {
      expect(paymentOf.get(p.orderNo), `${p.orderNo}: ${p.answers.join(' | ')}`).toBe(p.outcome === 'paid' ? 'paid' : 'unpaid');
      expect((await paymentEntries(t.db, p.orderNo)).map((e) => e.amount), p.orderNo).toEqual(p.outcome === 'paid' ? [-PRICE] : []);
    }
    // each member's money bought exactly the orders it covered: none lost, none spent twice
    for (const memberId of new Set(payments.map((p) => p.memberId))) {
      expect(payments.filter((p) => p.memberId === memberId && p.outcome === 'paid'), `member ${memberId}`).toHaveLength(FUNDED_ORDERS);
      expect(await prestoreBalance(t.db, memberId)).toBe(0);
    }
    expect(await ledgerProblems(t.db)).toEqual([]);
    // nginx sends everything to B now
    expect(JSON.parse((await request(`${nginx.origin}/api/ready`, { from: newClient() })).body.toString())).toMatchObject({ code: 1 });

    const count = (f: (p: Payment) => boolean | undefined) => payments.filter(f).length;
    context.annotate(
      `${payments.length} payments in ${burstMs} ms, ${CONCURRENCY} at a time, kill -9 of A after ${killAfter} answers: ` +
        `${count((p) => p.cutAtKill)} cut inside A (${count((p) => p.cutAtKill && p.paidBeforeKill)} had committed), ` +
        `${count((p) => p.sentAfterKill)} sent just after the SIGKILL on connections nginx still held to A (502 too); paid ${count((p) => p.outcome === 'paid')}, refused for funds ${count((p) => p.outcome === 'refused')}`,
    );
  });
});

describe('background jobs in the workers', () => {
  it('the scheduled ledger check ran once across both workers, each passing over the schedule every second', async (context) => {
    // the occurrence's due window closes 60 s after it; a pass (one a second) after that sends it no more
    const windowClosed = ledgerOccurrence.getTime() + 62_000;
    await expect.poll(() => ledgerRuns.length, { timeout: 60_000, interval: 200 }).toBeGreaterThan(0);
    const closed = async () => (await queryRows<{ closed: boolean }>(database.db, sql`select now() >= ${new Date(windowClosed).toISOString()}::timestamptz as closed`))[0]?.closed;
    await expect.poll(closed, { timeout: 90_000, interval: 500 }).toBe(true);
    const jobs = await withBoss((boss) => boss.findJobs(LEDGER_CHECK_JOB));
    const since = jobs.filter((job) => job.createdOn.getTime() >= ledgerOccurrence.getTime());
    expect(since.map((job) => job.state)).toEqual(['completed']);
    expect(ledgerRuns).toHaveLength(1);
    expect(ledgerRuns[0]!.line).toMatch(/every balance equals the sum of its entries/);
    context.annotate(`one ledger-check job, run by ${ledgerRuns[0]!.worker}`);
  });

  it('shares the message queue between both workers: each SMS handed to the provider once', async (context) => {
    // the codes and notices of the tests above: both workers took some
    await expect.poll(() => new Set(smsDeliveries.map((d) => d.worker)).size, { timeout: 60_000, interval: 200 }).toBe(2);
    const rows = await t.db.select({ recipient: outbox.recipient, status: outbox.status, attempts: outbox.attempts }).from(outbox).where(eq(outbox.channel, 'sms'));
    // a sent row was tried once; a phone's deliveries never outnumber its messages
    expect(rows.filter((r) => r.status === 'sent' && r.attempts !== 1)).toEqual([]);
    const rowsOf = (phone: string) => rows.filter((r) => r.recipient === phone).length;
    const doubled = [...new Set(smsDeliveries.map((d) => d.phone))].filter((phone) => smsDeliveries.filter((d) => d.phone === phone).length > rowsOf(phone));
    expect(doubled).toEqual([]);
    const by = (worker: string) => smsDeliveries.filter((d) => d.worker === worker).length;
    context.annotate(`${rows.length} SMS queued, ${rows.filter((r) => r.status === 'sent').length} sent so far: ${by('worker 1')} by worker 1, ${by('worker 2')} by worker 2`);
  });
});
