import type { Envelope } from '@lab/contract';

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: 1, msg, data };
}

export function fail(msg: string, data: unknown = null): Envelope<unknown> {
  return { code: 0, msg, data };
}
