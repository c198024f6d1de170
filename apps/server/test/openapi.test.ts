import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOpenApi } from '../src/platform/openapi';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { call, createTestContext, openTestDatabase, type TestContext } from './harness';
import { makeLoggedInMember, makeStaff } from './factories';
import { tmpRoot } from './template';

/**
 * The OpenAPI document is generated from the zod schemas the routes validate with: it must
 * build (a schema that cannot be described fails it, see platform/openapi.ts), list every
 * route the server has, and be a valid OpenAPI 3 document.
 */

let ctx: TestContext;
let document: OpenAPIV3.Document;

beforeAll(async () => {
  ctx = await createTestContext();
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => ctx?.close());

const operation = (method: string, url: string) =>
  document.paths[url]?.[method.toLowerCase() as OpenAPIV3.HttpMethods];

describe('the OpenAPI document at /api/docs/json', () => {
  it('is a valid OpenAPI 3 document', async () => {
    expect(document.openapi).toMatch(/^3\./);
    // validate() mutates (dereferences) what it gets: give it a copy
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('has every route of the server, and nothing else', () => {
    const routes = ctx.app.routeTable.map((route) => `${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThan(300);
    const documented = Object.entries(document.paths).flatMap(([url, item]) =>
      Object.keys(item ?? {})
        .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
        .map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(documented.sort()).toEqual([...routes].sort());
  });

  it('describes each request body from its zod schema, and says which calls need a token', () => {
    const problems: string[] = [];
    for (const route of ctx.app.routeTable) {
      const op = operation(route.method, route.url);
      const label = `${route.method} ${route.url}`;
      if (!op) continue;
      const area = route.url.split('/')[2];
      if (op.tags?.[0] !== area && !(['/api/health', '/api/ready'].includes(route.url) && op.tags?.[0] === 'open')) problems.push(`${label}: tag ${String(op.tags)}`);
      const needsToken = (area === 'auth' || area === 'admin') && !route.config.public;
      if (Boolean(op.security?.length) !== needsToken) problems.push(`${label}: security ${JSON.stringify(op.security)}`);
      if (route.hasBody) {
        const body = op.requestBody as OpenAPIV3.RequestBodyObject | undefined;
        const form = body?.content['application/x-www-form-urlencoded']?.schema as OpenAPIV3.SchemaObject | undefined;
        if (!form || !body?.content['application/json']) problems.push(`${label}: no form and JSON body`);
        else if (form.type !== 'object' && !form.allOf && !form.anyOf && !form.oneOf) problems.push(`${label}: body is not described (${JSON.stringify(form).slice(0, 80)})`);
      }
      if (!op.responses['200'] || !op.responses['400']) problems.push(`${label}: envelope responses missing`);
    }
    expect(problems).toEqual([]);
  });

  it('takes field names, limits and Chinese labels from the contract', () => {
    const login = operation('POST', '/api/open/login')!.requestBody as OpenAPIV3.RequestBodyObject;
    const schema = login.content['application/json']!.schema as OpenAPIV3.SchemaObject;
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(['account', 'password']));
    // money: a person types yuan text, which the server turns into integer fen
    const prestore = operation('POST', '/api/auth/prestoreApply/add')!.requestBody as OpenAPIV3.RequestBodyObject;
    const amount = (prestore.content['application/json']!.schema as OpenAPIV3.SchemaObject).properties!.amount as OpenAPIV3.SchemaObject;
    expect(amount).toMatchObject({ type: 'string' });
    expect(amount.description).toMatch(/元.*整数分/);
    expect(document.info.description).toContain('整数，单位是分');
    expect(document.components?.securitySchemes?.token).toMatchObject({ type: 'apiKey', in: 'header', name: 'token' });
  });

  it('serves Swagger UI at /api/docs, allowed by the page policy', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui-bundle.js');
    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    // the page loads only its own scripts and styles, which the site's policy allows
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});

describe('a schema the document cannot describe', () => {
  it('fails the build with the route named, instead of turning into "anything"', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app, { production: false });
    app.post('/api/open/odd', { schema: { body: z.object({ when: z.custom<Date>((v) => v instanceof Date) }) } }, async () => null);
    await app.ready();
    expect(() => app.swagger()).toThrow(/POST \/api\/open\/odd cannot be described/);
    await app.close();
  });
});

describe('in production', () => {
  it('the public document has the open and member calls only; the whole one is for staff, any role', async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(tmpRoot, 'files'), SEED_DEMO: '0', NODE_ENV: 'production' });
    const app = await buildApp({ db: database.db, config, logger: false, rateLimit: false });
    try {
      const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(json.statusCode).toBe(200);
      const published = json.json<OpenAPIV3.Document>();
      const urls = Object.keys(published.paths);
      expect(urls).toContain('/api/open/login');
      expect(urls).toContain('/api/auth/order/pay');
      expect(urls.filter((url) => url.startsWith('/api/admin/'))).toEqual([]);
      expect(published.tags?.map((tag) => tag.name)).toEqual(['open', 'auth']);
      expect(json.body).not.toContain('角色：');
      await expect(SwaggerParser.validate(structuredClone(published) as never)).resolves.toBeTruthy();
      const yaml = await app.inject({ method: 'GET', url: '/api/docs/yaml' });
      expect(yaml.body).not.toContain('/api/admin/');
      expect((await app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);

      // the whole document: staff only
      expect(await call(app, 'GET', '/api/admin/docs/json')).toMatchObject({ status: 401, code: 0, msg: '请先登录' });
      const member = await makeLoggedInMember(database.db);
      expect(await call(app, 'GET', '/api/admin/docs/json', { token: member.token })).toMatchObject({ status: 403, msg: '此功能仅限工作人员使用' });
      const lab = await makeStaff(database.db, 'lab');
      const whole = await app.inject({ method: 'GET', url: '/api/admin/docs/json', headers: { token: lab.token } });
      expect(whole.statusCode).toBe(200);
      const full = whole.json<OpenAPIV3.Document>();
      expect(Object.keys(full.paths)).toEqual(expect.arrayContaining(['/api/admin/funds/prestore/confirm', '/api/open/login']));
      expect(JSON.stringify(full.paths['/api/admin/funds/prestore/confirm'])).toContain('角色：admin、finance');
      // the same routes as outside production
      expect(Object.keys(full.paths).sort()).toEqual(Object.keys(document.paths).sort());
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('outside production the public document has every route, staff ones with their roles', () => {
    expect(Object.keys(document.paths).some((url) => url.startsWith('/api/admin/'))).toBe(true);
    expect(document.paths[staffDocsPath]).toBeUndefined();
  });
});

const staffDocsPath = '/api/admin/docs/json';
