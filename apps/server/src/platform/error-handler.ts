import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, badRequest } from './errors';
import { fail } from './envelope';
import { DISK_FULL_MESSAGE, DISK_FULL_RETRY_AFTER_SECONDS, isDiskFull } from './disk';

const statusMessages: Record<number, string> = {
  400: '请求参数有误',
  401: '请先登录',
  403: '没有权限进行此操作',
  404: '请求的内容不存在',
  405: '不支持该请求方式',
  406: '不支持该请求格式',
  408: '请求超时，请重试',
  409: '操作冲突，请刷新后重试',
  413: '提交的内容过大',
  415: '不支持的内容类型',
  429: '操作过于频繁，请稍后再试',
};

/** PostgreSQL's "invalid byte sequence" and "untranslatable character" (text with a NUL byte), through drizzle's wrapping. */
function isUnstorableText(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

/** What a person is told while the database cannot be reached, and when to try again. */
export const unavailableMessage = '服务暂时不可用，请稍后再试';
export const RETRY_AFTER_SECONDS = 5;

// Node's socket errors and PostgreSQL's: connection exceptions (class 08), the server shutting
// down or starting (57P01–57P03), too many connections, the database gone (dropped).
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', '57P01', '57P02', '57P03', '53300', '3D000']);
// pg and PGlite raise these without a code; their messages are all they give
const unreachableMessages = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is clos(ed|ing))/;

/**
 * Whether an error says the database cannot be reached (refused, dropped, shut down, closed),
 * rather than that a statement failed: through drizzle's wrapping (`cause`) and node's
 * AggregateError (one error per address tried).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const current = pending.pop();
    if (!current || typeof current !== 'object') continue;
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (unreachableCodes.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && unreachableMessages.test(message)) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/**
 * The one place an error becomes a response: every failure answers in the envelope with a
 * Chinese sentence; validation gives the first problem only (spec); a 500 says nothing
 * about internals and is logged with the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(error.status).send(fail(error.message, error.data));
    }
    if (isDiskFull(error)) {
      // a write found no space (an upload, or the database's own files): not the request's fault,
      // and no generic 500 either; the operator must free space (readiness says so too, platform/health.ts)
      request.log.error({ err: error }, 'disk full');
      return reply.status(503).header('retry-after', String(DISK_FULL_RETRY_AFTER_SECONDS)).send(fail(DISK_FULL_MESSAGE));
    }
    if (isDatabaseUnavailable(error)) {
      // not the request's fault nor a bug: a load balancer and the web client may try again
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(fail(unavailableMessage));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send(fail(first?.message || statusMessages[400]!));
    }
    if (isUnstorableText(error)) {
      // a NUL byte (or a character PostgreSQL cannot store) in a field: bad input, not our fault
      return reply.status(400).send(fail('请求参数包含无效字符'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(fail('服务器开小差了，请稍后再试'));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      if (status === 429) {
        // @fastify/rate-limit throws the body its errorResponseBuilder made (with the seconds to wait)
        const given = (error as { msg?: unknown }).msg;
        return reply.status(429).send(fail(typeof given === 'string' && given ? given : statusMessages[429]!));
      }
      return reply.status(status).send(fail(statusMessages[status] ?? statusMessages[400]!));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail('服务器开小差了，请稍后再试'));
  });
}

export const nulMessage = '提交的内容包含无效字符';

/**
 * Whether a text cannot be stored as it is: U+0000 (PostgreSQL text cannot hold it) or a lone
 * surrogate (a JSON body may spell one as "\udfff"; jsonb refuses it, so the audit row of an
 * accepted staff call failed after the change itself was saved).
 */
const unstorable = (text: string) => text.includes('\u0000') || !text.isWellFormed();

/** Whether any string (key or value) in a parsed body or query cannot be stored; iterative, for deep input. */
export function hasUnstorableText(input: unknown): boolean {
  const stack: unknown[] = [input];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (unstorable(value)) return true;
    } else if (Array.isArray(value)) {
      // by index: Object.entries of a 10,000-item array built 10,000 pairs per request
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (typeof child === 'string') {
          if (unstorable(child)) return true;
        } else if (child && typeof child === 'object') stack.push(child);
      }
    } else if (value && typeof value === 'object') {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        if (unstorable(key)) return true;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * The API's input, before validation: a call that sends no body at all reads as an empty form,
 * so the answer names the first missing field ('[手机号]不能为空') instead of a type error about
 * the body; text PostgreSQL cannot store (U+0000, a lone surrogate) anywhere in the body or the
 * query is refused, where it would fail a query (500).
 */
export function checkApiInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
    if (hasUnstorableText(request.body) || hasUnstorableText(request.query)) throw badRequest(nulMessage);
  });
}
