import { calls } from '@lab/contract/calls';
import { serve } from '../platform/calls';
import { getMemberDetail, listMemberConsents, listMemberCoupons, listMemberLedger, listMemberOrders } from './member-detail.service';
import { listMembers } from './member-list.service';

const readOnly = { readOnly: true } as const;
const { list, detail, orders, ledger, coupons, consents } = calls.adminCustomers;

/**
 * The back office's member screens that read several areas (sales; finance reads):
 * contract/calls/admin-members.ts. The changes staff make (adviser, type, status) are served by
 * the member area (areas/member/member-admin.routes.ts).
 */
export const memberDetailRoutes = serve(
  { list, detail, orders, ledger, coupons, consents },
  {
    list: { handler: ({ db, body, staff }) => listMembers(db, body, staff.id), config: readOnly },
    detail: { handler: ({ db, body, now }) => getMemberDetail(db, body.rid, now), config: readOnly },
    orders: { handler: ({ db, body }) => listMemberOrders(db, body), config: readOnly },
    ledger: { handler: ({ db, body }) => listMemberLedger(db, body), config: readOnly },
    coupons: { handler: ({ db, body, now }) => listMemberCoupons(db, body, now), config: readOnly },
    consents: { handler: async ({ db, body }) => listMemberConsents(db, body.rid), config: readOnly },
  },
);
