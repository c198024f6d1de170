import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from '@lab/contract';
import type { RouteEntry } from '../src/app';
import type { Staff } from '../src/areas/funds/funds-admin.test-helpers';
import { paymentCatalog, type PaymentCatalog } from '../src/areas/payments/payment.test-helpers';
import { call, createTestContext, type CallResult, type TestContext } from './harness';
import { makeLoggedInMember, makeStaff } from './factories';
import { multipart, pdfBytes } from './access-world';
import { tmpRoot } from './template';

/**
 * The value-decision suites' world (value-decisions.test.ts, value-gates.test.ts,
 * value-pins.test.ts): a server with a finance and a sales person and a small catalogue, the
 * calls as the back office sends them. Each suite calls `useValueWorld()` once; the cases and
 * the registry read `w` while its tests run.
 */
export interface ValueWorld {
  t: TestContext;
  staffOf: Record<'finance' | 'sales', Staff>;
  catalog: PaymentCatalog;
  /** inside the shared files folder: upload suites check that nothing new appears next to their own data folders */
  dataDir: string;
}

export let w: ValueWorld;

export function useValueWorld(): void {
  const dataDir = `${tmpRoot}/files/value-decisions-${process.pid}`;
  beforeAll(async () => {
    const t = await createTestContext({ now: '2026-12-01T02:00:00Z', dataDir });
    w = { t, dataDir, staffOf: { finance: await makeStaff(t.db, 'finance', t.clock.now()), sales: await makeStaff(t.db, 'sales', t.clock.now()) }, catalog: await paymentCatalog(t.db) };
  });
  afterAll(async () => {
    await w?.t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

export type Body = Record<string, string | number>;
export const post = <T = unknown>(url: string, who: { token: string }, form: Body) => call<T>(w.t.app, 'POST', url, { token: who.token, form });
export const member = () => makeLoggedInMember(w.t.db, w.t.clock.now());
export const listed = async <T extends { rid: string }>(url: string, who: Staff, rid: string, query: Body = {}): Promise<T> => {
  const page = await post<Page<T>>(url, who, { pageSize: 100, ...query });
  const row = page.data?.list.find((r) => r.rid === rid);
  if (!row) throw new Error(`${url}: ${rid} not listed (${page.status} ${page.msg})`);
  return row;
};
/** A change no member call makes today (the member cannot edit this application), made by hand: the row's version moves with it. */
export const changedByHand = (table: string, rid: string, set: string) => async () => void (await w.t.db.execute(sql.raw(`update ${table} set ${set} where rid = '${rid}'`)));

export const label = (route: RouteEntry) => `${route.method} ${route.url}`;
export const audited = () => w.t.app.routeTable.filter((route) => route.url.startsWith('/api/admin/') && route.config.audit);
export const routeOf = (key: string) => w.t.app.routeTable.find((route) => label(route) === key)!;

/** The decision as the back office sends it: a form, or multipart with the e-invoice. */
export async function send(key: string, c: { who: 'finance' | 'sales'; upload?: boolean }, body: Body): Promise<CallResult> {
  const route = routeOf(key);
  const who = w.staffOf[c.who];
  if (c.upload) return multipart(w.t.app, route.url, who.token, Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])), { name: '发票.pdf', bytes: pdfBytes, type: 'application/pdf' });
  return post(route.url, who, body);
}
