import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError, forbidden, unauthorized } from '../../platform/errors';
import { authenticate, expiredLogin } from './sessions.service';
import { getStaffInfo } from './staff.service';

/** A member's token on a staff call. */
export const STAFF_ONLY_MESSAGE = '此功能仅限工作人员使用';

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 200 ? value : null;
}

/** The member behind an optional token on an open route; a missing, expired or staff token is simply nobody. */
export async function optionalMemberId(db: Db, request: FastifyRequest, now: Date): Promise<number | null> {
  const token = readToken(request);
  if (!token) return null;
  try {
    return (await authenticate(db, token, 'member', now)).subjectId;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Guards by path prefix, so a new route is protected the moment it is added:
 * /api/auth/* needs a member's token, /api/admin/* a staff token and a role the route lists.
 * A member's token on /api/admin is 403 (known, not staff); a staff token on /api/auth is 401
 * (not a member login). test/access-control.test.ts holds every route to this.
 */
export const authGuard = fp<{ db: Db; clock: Clock }>(async (app, { db, clock }) => {
  /** Only asked when a token failed for the route's kind, so a normal request pays one lookup. */
  const isLive = (token: string, kind: 'member' | 'staff') =>
    authenticate(db, token, kind, clock.now()).then(
      () => true,
      () => false,
    );

  app.decorateRequest('memberId', null);
  app.decorateRequest('member', null);
  app.decorateRequest('staffMember', null);
  app.decorateRequest('tokenFamily', null);

  // preValidation: who is asking is settled before the body is judged, so a caller without a
  // token hears 401, not a remark about a missing field.
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url ?? request.url;
    if (url.startsWith('/api/auth/')) {
      const token = readToken(request);
      if (!token) throw unauthorized();
      const session = await authenticate(db, token, 'member', clock.now()).catch(async (error: unknown) => {
        // a staff login is not a member login: the member site asks the person to log in as a
        // member (401, as without a token), it does not say their staff login has expired
        if (await isLive(token, 'staff')) throw unauthorized();
        throw error;
      });
      request.memberId = session.subjectId;
      request.member = session.member;
      request.tokenFamily = session.familyId;
      return;
    }
    if (url.startsWith('/api/admin/')) {
      const config = request.routeOptions.config;
      if (config.public) return;
      const token = readToken(request);
      if (!token) throw unauthorized();
      const session = await authenticate(db, token, 'staff', clock.now()).catch(async (error: unknown) => {
        // a logged-in member is known and simply not staff: 403, so the web never mistakes it
        // for an expired staff login
        if (await isLive(token, 'member')) throw forbidden(STAFF_ONLY_MESSAGE);
        throw error;
      });
      // a staff account disabled or removed since login: its token no longer counts
      const person = await getStaffInfo(db, session.subjectId).catch((error: unknown) => {
        throw error instanceof AppError && error.status === 404 ? expiredLogin() : error;
      });
      request.staffMember = { id: person.id, role: person.role };
      request.tokenFamily = session.familyId;
      const roles = config.roles;
      const allowed = roles === 'any' || (roles !== undefined && (person.role === 'admin' || roles.includes(person.role)));
      if (!allowed) throw forbidden('您的角色无权进行此操作');
    }
  });
});
