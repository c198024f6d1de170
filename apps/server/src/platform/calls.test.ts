import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, resource } from '@lab/contract';
import type { AppDeps } from './deps';
import { registerCalls, said, serializeFromSchema, serve } from './calls';

const deps = { clock: { now: () => new Date('2026-11-26T08:00:00Z') } } as unknown as AppDeps;

async function appServing(...modules: Parameters<typeof registerCalls>[2]) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeFromSchema);
  await registerCalls(app, deps, modules);
  await app.ready();
  return app;
}

const probe = resource('probe', {
  item: call({
    method: 'POST',
    path: '/api/open/probe/item',
    who: 'open',
    summary: '探针',
    body: z.object({ rid: z.string() }),
    data: z.object({ rid: z.string(), priceFen: z.number().int(), note: z.string().nullable() }),
    done: '查到了',
  }),
  toggle: call({ method: 'POST', path: '/api/open/probe/toggle', who: 'open', summary: '开关', data: z.object({ on: z.boolean() }) }),
});

describe('serving a call from the table', () => {
  it('writes only the fields the data schema names, in the envelope with the call’s msg', async () => {
    const app = await appServing(
      serve(probe, {
        // what a careless service might return: a secret column beside the answer
        item: ({ body }) => ({ rid: body.rid, priceFen: 12_345, note: null, passwordHash: 'argon2id$…' }) as never,
        toggle: () => said({ on: true }, '已开启'),
      }),
    );
    const item = await app.inject({ method: 'POST', url: '/api/open/probe/item', payload: { rid: 'R1' } });
    expect(item.statusCode).toBe(200);
    expect(item.json()).toEqual({ code: 1, msg: '查到了', data: { rid: 'R1', priceFen: 12_345, note: null } });
    expect(item.body).not.toContain('passwordHash');

    const toggle = await app.inject({ method: 'POST', url: '/api/open/probe/toggle' });
    expect(toggle.json()).toEqual({ code: 1, msg: '已开启', data: { on: true } });
    await app.close();
  });

  it('judges the body by the call’s schema', async () => {
    const app = await appServing(serve(probe, { item: ({ body }) => ({ rid: body.rid, priceFen: 1, note: 'x' }), toggle: () => ({ on: false }) }));
    const response = await app.inject({ method: 'POST', url: '/api/open/probe/item', payload: {} });
    expect(response.statusCode).toBe(400);
    await app.close();
  });

  it('refuses to start when who does not fit the path’s area', async () => {
    const wrong = resource('wrong', {
      memberOnOpen: call({ method: 'POST', path: '/api/open/wrong', who: 'member', summary: '错', data: z.null() }),
    });
    await expect(appServing(serve(wrong, { memberOnOpen: () => null }))).rejects.toThrow(/wrong\.memberOnOpen.*does not fit/);
    const staffOnMember = resource('wrong', {
      finance: call({ method: 'POST', path: '/api/auth/wrong', who: ['finance'], summary: '错', data: z.null() }),
    });
    await expect(appServing(serve(staffOnMember, { finance: () => null }))).rejects.toThrow(/does not fit/);
  });
});
