import { DECISION_CHANGED_MESSAGE } from '@lab/contract';

/**
 * The one error type of the server. Services throw it with a code a test can match and a
 * Chinese sentence a person can act on; the error handler turns it into the envelope.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  ACCOUNT_LOCKED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus | `${string}_${string}`;

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: unknown;

  constructor(code: ErrorCode, message: string, options: { status?: number; data?: unknown } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? (errorStatus as Record<string, number>)[code] ?? 400;
    this.data = options.data ?? null;
  }
}

export const notFound = (what = '记录') => new AppError('NOT_FOUND', `${what}不存在`);
export const forbidden = (message = '没有权限进行此操作') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = '请先登录') => new AppError('UNAUTHORIZED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const tooMany = (message: string) => new AppError('TOO_MANY_REQUESTS', message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

/**
 * A staff decision's pin no longer matches the row (PRODUCT.md "Staff decisions and value"):
 * the application changed after the staff member saw it. Checked on the locked row, after its
 * status, so a decision already taken still answers as taken.
 */
export const decisionChanged = () => new AppError('DECISION_CHANGED', DECISION_CHANGED_MESSAGE, { status: 409 });
