import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import { sendXlsx } from '../../platform/xlsx';
import { listAllowances, listCards, saveCard, setAllowance } from './cards.service';
import { approveRequest, getRequest, listRequests, refuseRequest } from './grant-requests';
import { grantStatementXlsx } from './grant-statement';

/** Grant cards, allowances and the PI's approvals (contract grants/calls.ts). */
export const grantRoutes = serve(calls.grants, {
  cards: ({ db, memberId, body, now }) => listCards(db, memberId, body.community_rid, now),
  saveCard: ({ db, memberId, body, now }) => saveCard(db, memberId, body, now),
  allowances: ({ db, memberId, body, now }) => listAllowances(db, memberId, body.card_rid, now),
  setAllowance: ({ db, memberId, body, now }) => setAllowance(db, memberId, body, now),
  requests: ({ db, memberId, body, now }) => listRequests(db, memberId, body.status, now),
  request: ({ db, memberId, body }) => getRequest(db, memberId, body.rid),
  approve: ({ db, memberId, body, now }) => approveRequest(db, memberId, body, now),
  refuse: ({ db, memberId, body, now }) => refuseRequest(db, memberId, body, now),
  statement: async ({ db, memberId, query, reply }) => {
    const file = await grantStatementXlsx(db, memberId, query);
    return sendXlsx(reply, file.body, 'grant-statement', file.name);
  },
});
