import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { auditLog, staff } from '../db/schema';
import type { Clock } from './clock';

/**
 * The staff audit trail. A staff route that changes data says so in its config:
 *
 *   config: { roles: ['lab'], audit: audit(orderAudit, 'orders.receive', '确认收样', (body) => body.order_no) }
 *
 * and this plugin does the rest: before the handler it reads the object as it is (the
 * entity's loader), after a successful answer it reads it again and writes one `audit_log`
 * row (who, when, what, the request's fields, before and after). Calls that only read say
 * `readOnly: true`; test/admin-routes.test.ts refuses an /api/admin route that says neither.
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
  }
  interface FastifyRequest {
    auditState: AuditState | null;
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
export async function auditTarget(db: DbOrTx, request: FastifyRequest, key: AuditKey, fields: Record<string, unknown> = {}) {
  const spec = request.routeOptions.config.audit;
  if (!spec) return;
  request.auditState = { key, before: plain(await spec.entity.load(db, key)), input: auditInput(fields) };
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

  app.addHook('preHandler', async (request) => {
    const spec = request.routeOptions.config.audit;
    if (!spec || !request.staffMember) return;
    const key = spec.target?.({ body: request.body, query: request.query }) ?? null;
    request.auditState = {
      key,
      before: key === null ? null : plain(await spec.entity.load(db, key)),
      input: auditInput(request.body ?? request.query),
    };
  });

  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const spec = request.routeOptions.config.audit;
    const person = request.staffMember;
    if (!spec || !person || reply.statusCode >= 400) return payload;
    const envelope = payload as { code?: number; data?: unknown } | null;
    if (!envelope || envelope.code !== 1) return payload;
    const state = request.auditState ?? { key: null, before: null, input: {} };
    const key = state.key ?? spec.created?.(envelope.data) ?? null;
    const entity = state.entity ?? spec.entity;
    const after = key === null ? null : plain(await entity.load(db, key));
    const [who] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, person.id)).limit(1);
    await db.insert(auditLog).values({
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
    return payload;
  });
});
