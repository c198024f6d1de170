import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import multipart from '@fastify/multipart';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';
import { envelopeSchema, type Call, type CallBody, type CallData, type CallQuery, type CallSpec, type StaffRole } from '@lab/contract';
import type { AppDeps } from './deps';
import type { Db } from '../db/client';
import { requireMemberId, requireStaff } from './caller';
import { ok } from './envelope';

/**
 * The server half of the call table (packages/contract/src/call.ts). A module adds only its
 * handlers; the method, path, body and query schemas, the answer's schema and who may call
 * come from the table:
 *
 *   export const addressCalls = serve(calls.addresses, {
 *     list: ({ db, memberId }) => listAddresses(db, memberId),
 *     add: ({ db, memberId, body, now }) => addAddress(db, memberId, body, now),
 *   });
 *
 * and app.ts registers every module with `registerCalls(app, deps, [addressCalls, …])`.
 * A handler returns the envelope's data; the envelope is written from the call's `data` schema
 * by fast-json-stringify, so a field the schema does not name is not sent. A staff call that
 * changes data names its audit (or says `readOnly`), as platform/audit.ts explains; its
 * handler's `db` is then the transaction the audit row joins.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the call of the contract's table this route serves */
    call?: Call;
  }
}

/**
 * Answers are written from the call's schema (zod → JSON Schema → fast-json-stringify): fields
 * the schema does not name are left out, and the writer is compiled once per schema. The call
 * table's schemas are module constants (and their envelopes too, `envelopeOf`), so an app built
 * again in the same process reuses the writers: compiling ~400 of them was three quarters of a
 * buildApp, which every server test file does (docs/performance.md, "CI time (issue 30)").
 */
const writers = new WeakMap<z.ZodType, (data: unknown) => string>();
export const serializeFromSchema: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let writer = writers.get(schema);
  if (!writer) {
    writer = fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as Schema);
    writers.set(schema, writer);
  }
  return writer;
};

/** One envelope schema per call's `data` schema, so the writer compiled for it is found again. */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();
function envelopeOf(data: z.ZodType) {
  let envelope = envelopes.get(data);
  if (!envelope) {
    envelope = envelopeSchema(data);
    envelopes.set(data, envelope);
  }
  return envelope;
}

type StaffPerson = { id: number; role: StaffRole };

export interface CallContext<S extends CallSpec> {
  body: CallBody<S>;
  query: CallQuery<S>;
  /** the database; on an audited call the transaction its audit row is written in */
  db: Db;
  /** the member on a member call */
  memberId: S['who'] extends 'member' ? number : never;
  /** the staff member on a staff call */
  staff: S['who'] extends 'open' | 'member' ? never : StaffPerson;
  /** the moment of the request, from the app's clock */
  now: Date;
  deps: AppDeps;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A success whose msg depends on the outcome (上架/下架): `said(item, item.active ? '已上架' : '已下架')`. */
export class Said<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}
export const said = <T>(data: T, msg: string) => new Said(data, msg);

/**
 * A handler returns the data, or the reply when it sent the answer itself: a download, or an
 * answer kept already encoded with its ETag (the cached public pages' data, 304 when unchanged).
 */
type Answer<S extends CallSpec> = S['data'] extends 'file' ? unknown : CallData<S> | Said<CallData<S>> | FastifyReply;
export type Handler<S extends CallSpec> = (ctx: CallContext<S>) => Promise<Answer<S>> | Answer<S>;

/** What only the server knows about a call: its audit, rate limit, upload. */
export interface ServeOptions {
  /** route config beyond who may call: `audit`, `readOnly`, `rateLimit`, `upload` */
  config?: Omit<FastifyContextConfig, 'roles' | 'public'>;
}

export type Served<S extends CallSpec> = Handler<S> | ({ handler: Handler<S> } & ServeOptions);

/** A module's handlers for the calls of one resource, ready for registerCalls. */
export interface CallModule {
  entries: { call: Call; handler: Handler<CallSpec>; options: ServeOptions }[];
}

/**
 * Pairs a resource's calls with their handlers. Every call of the resource needs one (the
 * types say so), so a call added to the contract and not served fails the build.
 */
export function serve<T extends Record<string, Call>>(table: T, handlers: { [K in keyof T]: Served<T[K]> }): CallModule {
  const entries: CallModule['entries'] = [];
  for (const key of Object.keys(table) as (keyof T & string)[]) {
    const served = handlers[key] as Served<CallSpec>;
    const { handler, ...options } = typeof served === 'function' ? { handler: served } : served;
    entries.push({ call: table[key]!, handler, options });
  }
  return { entries };
}

/** The path prefix says whose token the auth guard asks for; `who` must agree with it. */
function accessConfig(call: Call): Pick<FastifyContextConfig, 'roles' | 'public'> {
  const { who, path } = call;
  const area = path.startsWith('/api/auth/') ? 'member' : path.startsWith('/api/admin/') ? 'staff' : path.startsWith('/api/open/') ? 'open' : null;
  const wrong = () => new Error(`${call.id} (${path}): who '${String(who)}' does not fit the path's area`);
  if (who === 'member') {
    if (area !== 'member') throw wrong();
    return {};
  }
  if (who === 'open') {
    // /api/health and /api/ready: probes, outside the three areas
    if (area === 'open' || area === null) return {};
    if (area === 'staff') return { public: true };
    throw wrong();
  }
  if (area !== 'staff') throw wrong();
  return { roles: who === 'staff' ? 'any' : who };
}

function register(app: FastifyInstance, deps: AppDeps, entry: CallModule['entries'][number]) {
  const { call, handler, options } = entry;
  const config = { ...options.config, ...accessConfig(call), call };
  const memberCall = call.who === 'member';
  const staffCall = call.who !== 'member' && call.who !== 'open';
  const audited = Boolean(config.audit);
  app.route({
    method: call.method,
    url: call.path,
    config,
    schema: {
      ...(call.body ? { body: call.body } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.data === 'file' ? {} : { response: { 200: envelopeOf(call.data) } }),
    },
    handler: async (request, reply) => {
      const ctx: CallContext<CallSpec> = {
        body: request.body as never,
        query: request.query as never,
        db: audited ? request.db : deps.db,
        memberId: (memberCall ? requireMemberId(request) : undefined) as never,
        staff: (staffCall ? requireStaff(request) : undefined) as never,
        now: deps.clock.now(),
        deps,
        request,
        reply,
      };
      const answer = await handler(ctx);
      // a reply is thenable (it settles when the answer has gone out), so awaiting a handler that
      // returned it gives undefined, never the reply: what says it sent the answer itself is the reply
      if (call.data === 'file') return answer;
      if (reply.sent) return reply;
      return answer instanceof Said ? ok(answer.data, answer.msg) : ok(answer, call.done);
    },
  });
}

/** Registers the modules' calls; uploads each in a scope of their own with the multipart parser (or, for raw bytes, one that leaves them a stream). */
export async function registerCalls(app: FastifyInstance, deps: AppDeps, modules: CallModule[]) {
  for (const { entries } of modules) {
    for (const entry of entries) {
      const upload = entry.options.config?.upload;
      if (entry.call.multipart) {
        if (!upload) throw new Error(`${entry.call.id}: a multipart call needs config.upload (platform/files.ts)`);
        await app.register(async (scope) => {
          await scope.register(multipart, { limits: { fileSize: upload.maxBytes, files: 1 } });
          register(scope, deps, entry);
        });
      } else if (entry.call.stream) {
        // the raw bytes stay unread: the handler streams them from request.raw (the body stays empty,
        // so the input checks that walk a body never meet the request object)
        await app.register(async (scope) => {
          scope.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
          register(scope, deps, entry);
        });
      } else register(app, deps, entry);
    }
  }
}
