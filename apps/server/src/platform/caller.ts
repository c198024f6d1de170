import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@lab/contract';
import { unauthorized } from './errors';

/**
 * Who is asking: set on the request by the accounts module's auth guard
 * (areas/accounts/auth-guard.ts) from the token, read here by everything above it.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** the logged-in member on /api/auth routes */
    memberId: number | null;
    /** that member's name and contact, read with the token (the same statement) */
    member: SignedInMember | null;
    staffMember: { id: number; role: StaffRole } | null;
    tokenFamily: string | null;
  }
  interface FastifyContextConfig {
    /** staff roles allowed on an /api/admin route; a route without it is closed to everyone */
    roles?: readonly StaffRole[] | 'any';
    /** /api/admin routes open without a staff token (the staff login) */
    public?: boolean;
  }
}

/**
 * The member a token belongs to, as the token's read found them: who they are to staff and on
 * an order's timeline (the real name, else the nickname) and where a notice reaches them.
 */
export interface SignedInMember {
  id: number;
  name: string | null;
  nickname: string;
  phone: string;
  email: string | null;
}

/** The member of a member call, named and reachable (set with `memberId` by the auth guard). */
export function requireMember(request: FastifyRequest): SignedInMember {
  if (request.member === null) throw unauthorized();
  return request.member;
}

export function requireMemberId(request: FastifyRequest): number {
  if (request.memberId === null) throw unauthorized();
  return request.memberId;
}

export function requireStaff(request: FastifyRequest) {
  if (!request.staffMember) throw unauthorized();
  return request.staffMember;
}

/** When and from where a request came: what a session, a consent or an account decision records. */
export interface RequestMeta {
  now: Date;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** The request's `RequestMeta`: its time, the client's address and its browser. */
export const requestMeta = ({ request, now }: { request: FastifyRequest; now: Date }): RequestMeta => ({ now, ip: request.ip, userAgent: request.headers['user-agent'] });
