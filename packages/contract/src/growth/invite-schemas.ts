import { z } from 'zod';
import { pageQuery } from '../common';
import { rid } from './fields';

// ---- invites (web/invite) ----

export const rebateStatuses = ['frozen', 'withdrawable', 'reversed'] as const;
export type RebateStatus = (typeof rebateStatuses)[number];
export const rebateStatusLabels: Record<RebateStatus, string> = { frozen: '冻结中', withdrawable: '可提现', reversed: '已退回' };

/** web/invite/init */
export const inviteOverview = z.object({
  inviteCode: z.string(),
  /** the path to share: /invited/{code} (the page builds the absolute link and its QR code) */
  invitePath: z.string(),
  invitedCount: z.number(),
  /** what an invited member gets, in words (e.g. 注册即得「新人50元券」) */
  inviteReward: z.string(),
  /** set when I am an approved partner */
  partner: z.object({ rateBp: z.number(), frozenFen: z.number(), withdrawableFen: z.number() }).nullable(),
});
export type InviteOverview = z.infer<typeof inviteOverview>;
/** web/invite/list: members I invited (phone masked, never in full) */
export const invitee = z.object({
  /** an opaque id for web/invite/orderDetail */
  id: z.string(),
  nickname: z.string(),
  phone: z.string(),
  registeredAt: z.string(),
  paidOrderCount: z.number(),
});
export type Invitee = z.infer<typeof invitee>;
export const inviteListBody = pageQuery;
export const inviteOrderDetailBody = pageQuery.extend({ id: rid('被邀请人') });
/** web/invite/orderDetail: an invitee's paid orders as far as a rebate concerns me */
export const inviteeOrder = z.object({
  /** masked: KY20261122****0517 */
  orderNo: z.string(),
  title: z.string(),
  paidFen: z.number(),
  rebateFen: z.number(),
  rebateStatus: z.enum(rebateStatuses).nullable(),
  paidAt: z.string(),
});
export type InviteeOrder = z.infer<typeof inviteeOrder>;
