import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { auditLog, staff } from '../db/schema';
import type { Clock } from './clock';
import { readUpload, removingFilesOnFailure } from './files';

/**
 * The staff audit trail. A staff route that changes data says so in its config:
 *
 *   config: { roles: ['lab'], audit: audit(orderAudit, 'orders.receive', '确认收样', (body) => body.order_no) }
 *
 * and this plugin does the rest. The route's handler runs inside one database transaction,
 * handed to it as `request.db`: the object is read as it is (the entity's loader), the handler
 * makes its change through `request.db`, the object is read again and one `audit_log` row is
 * written (who, when, what, the request's fields, before and after) — and all of it commits or
 * none of it does. A service that opens its own transaction nests in it as a savepoint. Calls
 * that only read say `readOnly: true`; test/admin-routes.test.ts refuses an /api/admin route
 * that says neither.
 */

export type AuditKey = string | number;

/** A kind of object staff change, and how to read it for the log (null when it does not exist). */
export interface AuditEntity {
  name: string;
  load: (db: DbOrTx, key: AuditKey) => Promise<unknown>;
}

export function auditEntity<K extends AuditKey>(name: string, load: (db: DbOrTx, key: K) => Promise<unknown>): AuditEntity {
  return { name, load: load as AuditEntity['load'] };
}

export interface AuditSpec {
  /** stable key for searching, e.g. orders.receive */
  action: string;
  /** what a person reads in the log: 确认收样 */
  label: string;
  entity: AuditEntity;
  /** the changed object's key from the validated request; omit when the call creates it */
  target?: ((request: { body: unknown; query: unknown }) => AuditKey | null | undefined) | undefined;
  /** the created object's key from the answer's data */
  created?: ((data: unknown) => AuditKey | null | undefined) | undefined;
}

/**
 * The audit part of a route's config. `target` reads the validated body (or, when the route has
 * no body, its query); `created` reads the response data of a call that makes a new object.
 */
export function audit<Body = Record<string, string>, Data = unknown>(
  entity: AuditEntity,
  action: string,
  label: string,
  target?: ((body: Body) => AuditKey | null | undefined) | null,
  created?: (data: Data) => AuditKey | null | undefined,
): AuditSpec {
  return {
    action,
    label,
    entity,
    target: target ? ({ body, query }) => target((body ?? query ?? {}) as Body) : undefined,
    created: created ? (data) => created(data as Data) : undefined,
  };
}

interface AuditState {
  key: AuditKey | null;
  before: unknown;
  input: Record<string, unknown>;
  /** set by auditFiledAs: the row names this object instead of the route's */
  entity?: AuditEntity;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a staff call that changes data: what to write to the audit log */
    audit?: AuditSpec;
    /** a staff call that changes nothing (lists, details, exports) */
    readOnly?: boolean;
    /**
     * an audited call's work outside the database (a payment gateway's bill or query), done
     * before its transaction opens, as an upload is read: on PGlite an open transaction holds
     * every other statement, the gateway's own included. It keeps what it learns on the request
     * for the handler, which changes the data in the transaction.
     */
    beforeTransaction?: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auditState: AuditState | null;
    /**
     * An audited route's transaction: its handler passes it to every service it calls, so the
     * change and its audit row commit together. Reading it on any other route is an error.
     */
    readonly db: Tx;
  }
}

const SECRET_FIELD = /pass(word)?|token|secret/i;
const MAX_TEXT = 2_000;

/** The request's fields as the log keeps them: secrets masked, long rich text cut. */
export function auditInput(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_FIELD.test(name)) out[name] = '******';
    else if (typeof field === 'string' && field.length > MAX_TEXT) out[name] = `${field.slice(0, MAX_TEXT)}…`;
    else if (Buffer.isBuffer(field)) out[name] = `(${field.length} bytes)`;
    else out[name] = field;
  }
  return out;
}

/** Dates and other values as JSON keeps them, so `before` and `after` compare field by field. */
const plain = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * For calls whose target is only known inside the handler (multipart uploads read their fields
 * from the stream): names the object and reads its `before` there, before anything changes.
 */
export async function auditTarget(request: FastifyRequest, key: AuditKey, fields: Record<string, unknown> = {}) {
  const spec = request.routeOptions.config.audit;
  if (!spec) return;
  request.auditState = { key, before: plain(await spec.entity.load(request.db, key)), input: auditInput(fields) };
}

export const AUDITED_ANSWER = 'an audited route answers by returning a success envelope or by throwing';

/** The audit row of a handler's successful answer, in the handler's transaction. */
async function writeAuditRow(tx: Tx, request: FastifyRequest, reply: FastifyReply, spec: AuditSpec, clock: Clock, payload: unknown) {
  const person = request.staffMember!;
  const envelope = payload as { code?: unknown; data?: unknown } | null;
  // a refusal that did not throw would commit its writes without a row: there is no such route, and none may come
  if (reply.sent || reply.statusCode >= 400 || !envelope || typeof envelope !== 'object' || envelope.code !== 1) throw new Error(`${request.routeOptions.url}: ${AUDITED_ANSWER}`);
  const state = request.auditState ?? { key: null, before: null, input: {} };
  const key = state.key ?? spec.created?.(envelope.data) ?? null;
  const entity = state.entity ?? spec.entity;
  const after = key === null ? null : plain(await entity.load(tx, key));
  const [who] = await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, person.id)).limit(1);
  await tx.insert(auditLog).values({
    staffId: person.id,
    staffName: who?.name ?? '',
    staffRole: person.role,
    action: spec.action,
    actionLabel: spec.label,
    entity: entity.name,
    targetKey: key === null ? null : String(key),
    input: state.input,
    before: state.before ?? null,
    after: after ?? null,
    ip: request.ip,
    requestId: request.id,
    createdAt: clock.now(),
  });
}

/**
 * For a call that did not do its action but filed it for a second person's approval
 * (approvals/approval-gate.ts): its row keeps the route's action and the request's fields, and
 * names the filed request (before: none; after: the request) instead of the untouched object.
 */
export function auditFiledAs(request: FastifyRequest, entity: AuditEntity, key: AuditKey) {
  request.auditState = { key, before: null, input: request.auditState?.input ?? auditInput(request.body ?? request.query), entity };
}

export const auditTrail = fp<{ db: Db; clock: Clock }>(async (app, { db, clock }) => {
  app.decorateRequest('auditState', null);
  const transactions = new WeakMap<FastifyRequest, Tx>();
  app.decorateRequest('db', {
    getter(this: FastifyRequest) {
      const tx = transactions.get(this);
      if (!tx) throw new Error(`${this.routeOptions.url}: request.db is the transaction of an audited route, open while its handler runs`);
      return tx;
    },
  });

  // every audited route's handler, wrapped as it is registered (fastify's onRoute hook)
  app.addHook('onRoute', (route) => {
    const spec = route.config?.audit;
    if (!spec) return;
    const handler = route.handler as RouteHandlerMethod;
    const upload = route.config?.upload;
    route.handler = async function auditedHandler(request, reply) {
      // the auth guard lets only staff reach an /api/admin route
      if (!request.staffMember) throw new Error(`${request.routeOptions.url}: an audited route without a staff member`);
      // the form is read off the network before the transaction opens: on PGlite an open transaction holds every other request
      if (upload) await readUpload(request, upload);
      const before = route.config?.beforeTransaction;
      if (before) await before(request);
      // a file saved by a handler whose transaction then rolls back is removed again
      return removingFilesOnFailure(() =>
        db.transaction(async (tx) => {
          transactions.set(request, tx);
          try {
            const key = spec.target?.({ body: request.body, query: request.query }) ?? null;
            request.auditState = { key, before: key === null ? null : plain(await spec.entity.load(tx, key)), input: auditInput(request.body ?? request.query) };
            const payload: unknown = await handler.call(this, request, reply);
            await writeAuditRow(tx, request, reply, spec, clock, payload);
            return payload;
          } finally {
            transactions.delete(request);
          }
        }),
      );
    };
  });
});
