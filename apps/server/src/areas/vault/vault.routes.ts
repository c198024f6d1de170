import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import { memberCertificates, memberFiles, memberLink, sendSealed, sendSums } from './member-vault.service';
import { orderExtension, quoteExtension } from './extension.service';
import { addShare, memberShares, openShare, revokeShare, shareFile, shareLog } from './shares.service';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
const visitor = ({ request, now }: { request: { ip: string; headers: Record<string, unknown> }; now: Date }) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''), now });

/** 数据保管箱 (the member's side). */
export const vaultRoutes = serve(calls.vault, {
  files: ({ db, memberId, body }) => memberFiles(db, memberId, body),
  sums: ({ db, memberId, query, reply, now }) => sendSums(db, memberId, query, reply, now),
  link: ({ db, deps, memberId, body, now }) => memberLink(db, deps, memberId, body.rid, now),
  shares: ({ db, memberId }) => memberShares(db, memberId),
  share: ({ db, memberId, body, now }) => addShare(db, memberId, body, now),
  shareLog: ({ db, memberId, body }) => shareLog(db, memberId, body.rid),
  revoke: ({ db, memberId, body, now }) => revokeShare(db, memberId, body.rid, now),
  certificates: ({ db, memberId }) => memberCertificates(db, memberId),
  extendQuote: { handler: ({ db, memberId, body }) => quoteExtension(db, memberId, body), config: { readOnly: true } },
  extend: ({ db, memberId, body, now }) => orderExtension(db, memberId, body, now),
});

/** The open side: the sealed download of the local store, and the share page's calls (rate-limited per address). */
export const vaultOpenRoutes = serve(calls.vaultOpen, {
  fetch: { handler: ({ db, deps, query, reply, now }) => sendSealed(db, deps, query.t, reply, now), config: perMinute(120) },
  share: { handler: (ctx) => openShare(ctx.db, ctx.body, visitor(ctx)), config: perMinute(30) },
  shareFile: { handler: (ctx) => shareFile(ctx.db, ctx.deps, ctx.body, visitor(ctx)), config: perMinute(60) },
});
