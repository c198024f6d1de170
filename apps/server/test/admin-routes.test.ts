import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@lab/contract';
import type { RouteEntry } from '../src/app';
import { STAFF_ONLY_MESSAGE } from '../src/areas/accounts/auth-guard';
import { call, createTestContext, type TestContext } from './harness';
import { makeLoggedInMember, makeStaff } from './factories';

/**
 * Every /api/admin route, read from the server itself: a route added without a role list,
 * without saying whether it changes data (audit) or not (readOnly), or that lets a role in
 * that it does not list, fails here.
 */

/** The only staff calls open without a staff token: the ways to log in (and the second step of admin and finance). */
const publicAdminRoutes = ['POST /api/admin/login', 'POST /api/admin/code4sms', 'POST /api/admin/loginForCode', 'POST /api/admin/login/totp', 'POST /api/admin/totp/setup', 'POST /api/admin/totp/enable'];
const roles: StaffRole[] = ['admin', 'sales', 'lab', 'finance'];

let ctx: TestContext;
let adminRoutes: RouteEntry[];
const tokens = {} as Record<StaffRole, string>;
let memberToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // logout ends the token it is called with: last, so it does not end the tokens of the other calls
  adminRoutes = ctx.app.routeTable
    .filter((route) => route.url.startsWith('/api/admin/'))
    .sort((a, b) => Number(a.url === '/api/admin/logout') - Number(b.url === '/api/admin/logout'));
  for (const role of roles) tokens[role] = (await makeStaff(ctx.db, role, ctx.clock.now())).token;
  memberToken = (await makeLoggedInMember(ctx.db, ctx.clock.now())).token;
});
afterAll(() => ctx?.close());

const label = (route: RouteEntry) => `${route.method} ${route.url}`;
const allows = (route: RouteEntry, role: StaffRole) =>
  route.config.roles === 'any' || role === 'admin' || (Array.isArray(route.config.roles) && route.config.roles.includes(role));

async function hit(route: RouteEntry, token?: string) {
  const method = route.method as 'GET' | 'POST';
  // a placeholder for path parameters, so the call reaches the route and not the 404 handler
  const url = route.url.replace(/:(\w+)/g, 'x');
  return call(ctx.app, method, url, { ...(token ? { token } : {}), ...(method === 'POST' ? { json: {} } : {}) });
}

describe('every /api/admin route', () => {
  it('is found (the table is not empty)', () => {
    expect(adminRoutes.length).toBeGreaterThan(50);
  });

  it('states its roles, or is one of the login calls', () => {
    const problems = adminRoutes
      .filter((route) => !publicAdminRoutes.includes(label(route)))
      .filter((route) => route.config.public || !(route.config.roles === 'any' || (Array.isArray(route.config.roles) && route.config.roles.length > 0)))
      .map(label);
    expect(problems).toEqual([]);
    expect(adminRoutes.filter((route) => route.config.public).map(label).sort()).toEqual([...publicAdminRoutes].sort());
  });

  it('that changes data names what it changes for the audit log; reads say readOnly', () => {
    const problems: string[] = [];
    for (const route of adminRoutes) {
      if (route.config.public) continue;
      const { audit, readOnly } = route.config;
      if (route.method === 'GET' && audit) problems.push(`${label(route)}: a GET must not change data`);
      if (route.method !== 'GET' && !audit === !readOnly) problems.push(`${label(route)}: needs exactly one of audit or readOnly`);
      if (audit && !audit.target && !audit.created) problems.push(`${label(route)}: audit names neither target nor created`);
    }
    expect(problems).toEqual([]);
  });

  it('answers 401 without a token and 403 to a member token (known, and not staff)', async () => {
    const problems: string[] = [];
    for (const route of adminRoutes.filter((r) => !r.config.public)) {
      const anonymous = await hit(route);
      if (anonymous.status !== 401 || anonymous.code !== 0) problems.push(`${label(route)} without a token → ${anonymous.status}`);
      const member = await hit(route, memberToken);
      if (member.status !== 403 || member.msg !== STAFF_ONLY_MESSAGE) problems.push(`${label(route)} with a member token → ${member.status} ${member.msg}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(roles)('refuses %s every call outside its permissions (403) and lets it through the others', async (role) => {
    const problems: string[] = [];
    for (const route of adminRoutes.filter((r) => !r.config.public)) {
      const result = await hit(route, tokens[role]);
      if (allows(route, role)) {
        if (result.status === 401 || result.status === 403 || result.status >= 500) problems.push(`${label(route)} as ${role} → ${result.status} ${result.msg}`);
      } else if (result.status !== 403 || result.msg !== '您的角色无权进行此操作') {
        problems.push(`${label(route)} as ${role} → ${result.status} ${result.msg} (expected 403)`);
      }
    }
    expect(problems).toEqual([]);
  });
});
