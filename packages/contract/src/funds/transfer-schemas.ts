import { z } from 'zod';
import { optionalText, pageQuery } from '../common';
import { communityRef, optionalEnum, rid } from './fields';
import { yuanField } from './schemas';

// ---- transfers between a member and their community ----

export const TRANSFER_DIRECTIONS = ['toCommunity', 'toMember'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
export const TRANSFER_STATUSES = ['pending', 'done', 'refused', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const transferStatusLabels: Record<TransferStatus, string> = { pending: '待审核', done: '已完成', refused: '已驳回', cancelled: '已取消' };

/** POST /api/auth/transferApply/add — toCommunity: own funds into a community you own; toMember: back. */
export const transferAddBody = z.object({
  community_rid: rid('科研团体'),
  direction: z.enum(TRANSFER_DIRECTIONS, { error: '[转账方向]不正确' }),
  amount: yuanField('转账金额'),
  remark: optionalText('备注', 200),
});
export type TransferAddBody = z.infer<typeof transferAddBody>;
export const transferRidBody = z.object({ rid: rid('转账单号') });
export const transferListBody = pageQuery.extend({ status: optionalEnum(TRANSFER_STATUSES, '状态') });
export type TransferListBody = z.infer<typeof transferListBody>;

export const transferApplicationView = z.object({
  rid: z.string(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  community: communityRef,
  amountFen: z.number(),
  status: z.enum(TRANSFER_STATUSES),
  statusText: z.string(),
  remark: z.string(),
  refuseReason: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type TransferApplication = z.infer<typeof transferApplicationView>;
