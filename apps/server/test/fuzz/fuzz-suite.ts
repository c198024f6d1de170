import fs from 'node:fs';
import { Writable } from 'node:stream';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/app';
import { authenticate, issueSession } from '../../src/areas/accounts/sessions.service';
import { getStaffInfo } from '../../src/areas/accounts/staff.service';
import { createTestContext, testDbKind, type TestContext } from '../harness';
import { tmpRoot } from '../template';
import { makeLoggedInMember, makeStaff } from '../factories';
import { WriteDetector } from './fingerprint';
import { requestsFor, type FuzzRequest } from './inputs';

/**
 * The fuzz suite, in shards (fuzz-1.test.ts … fuzz-4.test.ts each run one, on its own
 * database) so the test runner's workers share it.
 *
 * Every route the server has, read from the server itself, called with inputs generated from
 * its own contract schemas (see inputs.ts): /api/auth with a real member token and /api/admin
 * with an admin's token, so the inputs reach validation and the handlers. For every answer:
 *
 * - never a 5xx;
 * - a refusal (4xx) is the envelope {code:0, msg, data} with a Chinese msg — downloads too;
 * - a success is the envelope with code 1, or a download (content-disposition: attachment);
 * - a refused request wrote nothing: no row in any table changed, no file was stored
 *   (fingerprint.ts), except the security counters listed below that exist to count refusals;
 * - no request pollutes Object.prototype.
 *
 * FUZZ_RUNS inputs per route (default below; `npm run test:fuzz` runs thousands), from the
 * seed FUZZ_SEED (fixed by default so CI is repeatable; a failure prints it with the route).
 * PGlite only by default: PostgreSQL runs it with FUZZ_POSTGRES=1.
 */

const defaultRuns = 200;
const defaultSeed = 20_260_520;
const runs = Number(process.env.FUZZ_RUNS ?? defaultRuns);
const seed = Number(process.env.FUZZ_SEED ?? defaultSeed);
const only = process.env.FUZZ_ROUTE;
const enabled = testDbKind === 'pglite' || process.env.FUZZ_POSTGRES === '1';

/**
 * Tables a refused request may change, by route: counters that exist to count refusals
 * (wrong passwords toward the lockout; wrong SMS codes toward the code's limit).
 */
const refusalsMayWrite: Record<string, readonly string[]> = {
  'POST /api/open/login': ['login_guards'],
  'POST /api/admin/login': ['login_guards'],
  // 注销账号 is confirmed by the password or an SMS code: a wrong one counts toward the hold, as at login
  'POST /api/auth/privacy/close': ['login_guards', 'sms_codes'],
};

/** Calls that end the caller's own session: run last, so they do not log out the others. */
const sessionEnders = ['POST /api/auth/logout', 'POST /api/admin/logout'];

const label = (route: RouteEntry) => `${route.method} ${route.url}`;
const routeSeed = (route: RouteEntry) => (seed ^ createHash('sha256').update(label(route)).digest().readUInt32BE(0)) | 0;
const chinese = /[\u4e00-\u9fff]/;

/** Runs shard `shard` (1-based) of `shards`: every shards-th route of the sorted route table. */
export async function fuzzShard(shard: number, shards: number) {
  let ctx: TestContext;
  let detector: WriteDetector;
  let routes: RouteEntry[] = [];
  let allRoutes = 0;
  const filesDir = path.join(tmpRoot, `fuzz-files-${process.pid}-${randomBytes(4).toString('hex')}`);
  const tokens = { member: '', staff: '', staffId: 0 };
  let requestsSent = 0;
  const serverErrors: string[] = [];

  if (enabled) {
    // the routes are known only once the app is built, and each becomes its own test
    // the server's own error log, so a 500 in the report says what broke
    const stream = new Writable({
      write(chunk, _encoding, done) {
        const entry = JSON.parse(String(chunk)) as { err?: { type?: string; message?: string; stack?: string } };
        if (entry.err) serverErrors.push(`${entry.err.type}: ${entry.err.message} ${(entry.err.stack ?? '').split('\n').slice(1, 3).join(' ').replace(/\s+/g, ' ')}`);
        done();
      },
    });
    ctx = await createTestContext({ dataDir: filesDir, logger: { level: 'error', stream } });
    detector = new WriteDetector(ctx.db, path.join(filesDir, 'files'));
    allRoutes = ctx.app.routeTable.length;
    routes = [...ctx.app.routeTable]
      .sort((a, b) => (label(a) < label(b) ? -1 : label(a) > label(b) ? 1 : 0))
      .filter((route, i) => i % shards === shard - 1 && (!only || label(route).includes(only)))
      .sort((a, b) => Number(sessionEnders.includes(label(a))) - Number(sessionEnders.includes(label(b))));
  }

  /** A member and an admin whose tokens work: an accepted fuzz call may have ended or demoted them. */
  async function freshTokens() {
    const now = ctx.clock.now();
    const memberOk = tokens.member && (await authenticate(ctx.db, tokens.member, 'member', now).then(() => true, () => false));
    if (!memberOk) tokens.member = (await makeLoggedInMember(ctx.db, now)).token;
    const staffOk =
      tokens.staff &&
      (await authenticate(ctx.db, tokens.staff, 'staff', now).then(
        async () => (await getStaffInfo(ctx.db, tokens.staffId).catch(() => null))?.role === 'admin',
        () => false,
      ));
    if (!staffOk) {
      const person = await getStaffInfo(ctx.db, tokens.staffId).catch(() => null);
      if (person?.role === 'admin') tokens.staff = (await issueSession(ctx.db, 'staff', person.id, { now })).token;
      else ({ token: tokens.staff, id: tokens.staffId } = await makeStaff(ctx.db, 'admin', now));
    }
  }

  function headersFor(route: RouteEntry): Record<string, string> {
    if (route.url.startsWith('/api/auth/')) return { token: tokens.member };
    if (route.url.startsWith('/api/admin/') && !route.config.public) return { token: tokens.staff };
    return {};
  }

  const describeRequest = (request: FuzzRequest) => {
    const payload = request.payload === undefined ? '(none)' : String(request.payload);
    return `${request.kind} ${request.url.slice(0, 200)} content-type=${JSON.stringify(request.headers['content-type'] ?? null)} body(${payload.length})=${JSON.stringify(payload.slice(0, 300))}`;
  };

  /** Sends one request and says what is wrong with the answer (nothing: null). */
  async function check(route: RouteEntry, request: FuzzRequest): Promise<string | null> {
    requestsSent++;
    serverErrors.length = 0;
    const response = await ctx.app.inject({ method: request.method, url: request.url, headers: request.headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
    const status = response.statusCode;
    const type = String(response.headers['content-type'] ?? '');
    const polluted = Object.keys(Object.prototype).length > 0 || ({} as { polluted?: unknown }).polluted !== undefined;
    if (polluted) return 'Object.prototype was polluted';
    if (status >= 500) return `answered ${status}: ${response.body.slice(0, 300)}\n  server log: ${serverErrors.join(' // ').slice(0, 600)}`;
    if (status < 200 || (status >= 300 && status < 400)) return `answered ${status}`;
    let body: { code?: unknown; msg?: unknown; data?: unknown } | null = null;
    // a download is the file itself, whatever its type (下载我的数据 is a JSON file)
    const download = status < 300 && String(response.headers['content-disposition'] ?? '').startsWith('attachment');
    if (type.includes('application/json') && !download) {
      try {
        body = response.json();
      } catch {
        return `answered ${status} with JSON that does not parse: ${response.body.slice(0, 200)}`;
      }
    }
    if (status >= 400) {
      if (!body || body.code !== 0 || typeof body.msg !== 'string' || !('data' in body)) return `refusal ${status} is not the envelope: ${type} ${response.body.slice(0, 200)}`;
      if (!chinese.test(body.msg)) return `refusal ${status} without a Chinese message: ${body.msg}`;
      const changed = await detector.changedSinceSettle(refusalsMayWrite[label(route)] ?? []);
      if (changed.length) {
        await detector.settle();
        return `refused (${status} ${body.msg}) but wrote: ${changed.join(', ')}`;
      }
      return null;
    }
    // accepted: it may write; what it wrote is the state the next refusal must leave alone
    await detector.settle();
    if (body) return body.code === 1 && typeof body.msg === 'string' ? null : `success ${status} is not the envelope: ${response.body.slice(0, 200)}`;
    // a download (export, report, attachment) answers with the file itself
    return String(response.headers['content-disposition'] ?? '').startsWith('attachment') ? null : `answered ${status} ${type} without the envelope and not as a download`;
  }

  beforeAll(async () => {
    if (!enabled) return;
    fs.mkdirSync(filesDir, { recursive: true });
  });

  afterAll(async () => {
    if (!enabled) return;
    await ctx.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
    console.warn(`fuzz ${shard}/${shards}: ${routes.length} routes, ${runs} inputs each, ${requestsSent} requests (seed ${seed}${only ? `, routes matching ${only}` : ''})`);
  });

  describe.skipIf(!enabled)(`fuzz ${shard}/${shards}: every route, ${runs} generated inputs each (seed ${seed})`, () => {
    it(`covers its share (1 in ${shards}) of the whole route table`, () => {
      expect(allRoutes).toBeGreaterThan(300);
      if (!only) expect(routes.length).toBe(Math.floor(allRoutes / shards) + Number(shard - 1 < allRoutes % shards));
    });

    it.each(routes.map((route) => [label(route), route] as const))('%s', async (name, route) => {
      await freshTokens();
      await detector.settle();
      const headers = headersFor(route);
      const result = await fc.check(
        fc.asyncProperty(requestsFor(route, headers), async (request) => {
          const problem = await check(route, request);
          if (problem) throw new Error(`${problem}\n  request: ${describeRequest(request)}`);
        }),
        { numRuns: runs, seed: routeSeed(route), endOnFailure: process.env.FUZZ_SHRINK !== '1' },
      );
      if (result.failed) {
        const error = result.errorInstance as Error | undefined;
        throw new Error(
          `${name}: ${error?.message ?? 'failed'}\n  reproduce: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} FUZZ_ROUTE='${route.url}' npx vitest run test/fuzz/fuzz- --project pglite` +
            ` (fast-check seed ${result.seed}, path ${result.counterexamplePath}; FUZZ_SHRINK=1 to shrink)`,
        );
      }
    }, 600_000);
  });
}
