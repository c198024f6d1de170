import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@lab/contract/calls';
import { createTestContext, testDbKind, type TestContext } from './harness';
import { tmpRoot } from './template';

/**
 * The call table (packages/contract/src/calls.ts) is the API: every route the server has is
 * served from it, every call of it is served, and /api/docs drawn from it passes a third
 * party's linter (@redocly/cli, its recommended rules) without an error.
 */

let ctx: TestContext;
let document: OpenAPIV3.Document;

beforeAll(async () => {
  ctx = await createTestContext();
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  document = response.json();
});
afterAll(() => ctx?.close());

const tableCalls = Object.values(calls).flatMap((resource) => Object.values(resource));
const served = () => ctx.app.routeTable.filter((route) => route.config.call);

describe('the call table', () => {
  it('serves every call of the table at its method and path, with the table’s access', () => {
    const routes = new Map(ctx.app.routeTable.map((route) => [`${route.method} ${route.url}`, route]));
    for (const call of tableCalls) {
      const route = routes.get(`${call.method} ${call.path}`);
      expect(route?.config.call?.id, `${call.id}: ${call.method} ${call.path}`).toBe(call.id);
      if (call.who === 'staff') expect(route?.config.roles).toBe('any');
      else if (Array.isArray(call.who)) expect(route?.config.roles).toEqual(call.who);
      else expect(route?.config.roles).toBeUndefined();
    }
  });

  it('serves every route of the server from the table', () => {
    const outside = ctx.app.routeTable.filter((route) => !route.config.call).map((route) => `${route.method} ${route.url}`);
    expect(outside).toEqual([]);
  });

  it('gives every served call an operationId, a Chinese summary and its security in /api/docs', () => {
    expect(served().length).toBe(tableCalls.length);
    for (const route of served()) {
      const op = document.paths[route.url]?.[route.method.toLowerCase() as OpenAPIV3.HttpMethods];
      const id = route.config.call!.id;
      expect(op?.operationId, id).toBe(id);
      expect(op?.summary, id).toMatch(/\p{Script=Han}/u);
      expect(op?.security, id).toEqual(route.config.call!.who === 'open' ? [] : [{ token: [] }]);
    }
  });

  it('passes @redocly/cli lint (recommended rules) without an error', { timeout: 120_000 }, async () => {
    const dir = await fs.mkdtemp(path.join(tmpRoot, `redocly-${testDbKind}-`));
    const file = path.join(dir, 'openapi.json');
    await fs.writeFile(file, JSON.stringify(document));
    const bin = path.resolve(import.meta.dirname, '../../../node_modules/.bin/redocly');
    const result = await promisify(execFile)(bin, ['lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'], { cwd: dir }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    );
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });
});
