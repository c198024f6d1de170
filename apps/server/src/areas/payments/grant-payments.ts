import { NO_COUPON } from '@lab/contract';
import type { ApprovedPayer } from '../grants';
import { payLockedOrder } from './payment.service';

/**
 * The PI approved a grant-card payment (grants area): the order is paid from the community's
 * funds exactly as the member's own card payment would be (no coupon), inside the approval's
 * transaction. Registered in src/area-hooks.ts.
 */
export const payApprovedOrder: ApprovedPayer = (tx, order, input) =>
  payLockedOrder(tx, order, {
    source: { kind: 'community', id: input.community.id, name: `团体「${input.community.name}」预存款（经费卡「${input.cardName}」，导师批准）` },
    couponRid: NO_COUPON,
    actor: input.actor,
    now: input.now,
    projectNo: input.projectNo,
    approvedGrant: true,
  });
