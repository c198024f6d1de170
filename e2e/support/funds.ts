import { expect, type APIRequestContext } from '@playwright/test';

/** The finance account the demo seed adds (apps/server/src/db/seed.ts). */
export const demoFinance = { account: 'finance', password: 'Finance@2026' } as const;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Logs the finance staff in through the API; answers the staff token. */
export async function staffLogin(request: APIRequestContext, who: { account: string; password: string } = demoFinance): Promise<string> {
  const response = await request.post('/api/admin/login', { form: { account: who.account, password: who.password } });
  const envelope = (await response.json()) as Envelope<{ token: string }>;
  expect(envelope.code, `staff login: ${envelope.msg}`).toBe(1);
  return envelope.data.token;
}

/** A staff call under /api/admin with the token header; fails the test on a failure envelope. */
export async function staffPost<T>(request: APIRequestContext, token: string, path: string, form: Record<string, string | number> = {}): Promise<T> {
  const response = await request.post(path, { form, headers: { token } });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

/** Finance confirms the receipt of a top-up, found by the number the member wrote on the transfer. */
export async function confirmPrestoreByApplyNo(request: APIRequestContext, applyNo: string, note?: string) {
  const token = await staffLogin(request);
  const pending = await staffPost<{ list: { rid: string; applyNo: string }[] }>(request, token, '/api/admin/funds/prestore/list', { status: 'pending', pageSize: 100 });
  const application = pending.list.find((p) => p.applyNo === applyNo);
  expect(application, `pending top-up ${applyNo}`).toBeDefined();
  return staffPost<{ status: string }>(request, token, '/api/admin/funds/prestore/confirm', { rid: application!.rid, ...(note ? { note } : {}) });
}
