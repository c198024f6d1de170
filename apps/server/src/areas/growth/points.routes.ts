import { calls } from '@lab/contract/calls';
import type { AdminExchangeItem } from '@lab/contract';
import { audit } from '../../platform/audit';
import { said, serve } from '../../platform/calls';
import { gatedAnswer } from '../approvals';
import { exchangeAudit, exchangeItemAudit, pointsApplicationAudit } from './growth.audit';
import { applyForPoints, listMyApplications, listPointsEntries, pointsOverview } from './points.service';
import { applyExchange, listExchangeItems, listMyExchanges } from './points-exchange.service';
import { transferPoints } from './points-transfer.service';
import {
  addExchangeItem,
  editExchangeItem,
  setExchangeItemActive,
  adminListApplications,
  adminListExchanges,
  adminListItems,
  approveApplication,
  refuseApplication,
  shipExchange,
} from './points-admin.service';

const byRid = (body: { rid: string }) => body.rid;

/** 积分 for members (contract growth/points-calls.ts). */
export const pointsRoutes = serve(calls.points, {
  overview: ({ db, memberId }) => pointsOverview(db, memberId),
  entries: ({ db, memberId, body }) => listPointsEntries(db, memberId, body),
  exchangeItems: ({ db, memberId }) => listExchangeItems(db, memberId),
  apply: ({ db, memberId, body, now }) => applyForPoints(db, memberId, body, now),
  applications: ({ db, memberId, body }) => listMyApplications(db, memberId, body),
  transfer: ({ db, memberId, body, now }) => transferPoints(db, memberId, body, now),
  exchange: ({ db, memberId, body, now }) => applyExchange(db, memberId, body, now),
  exchanges: ({ db, memberId, body }) => listMyExchanges(db, memberId, body),
});

/** 积分 for staff (sales; admin always): awards, the catalogue, shipping (contract growth/admin-points-calls.ts). */
export const pointsAdminRoutes = serve(calls.adminPoints, {
  applications: { handler: ({ db, body }) => adminListApplications(db, body), config: { readOnly: true } },
  approve: {
    handler: async ({ db, staff, body, now, request }) => gatedAnswer(request, await approveApplication(db, { by: staff }, body, now)),
    config: { audit: audit(pointsApplicationAudit, 'points.approve', '通过论文致谢奖励', byRid) },
  },
  refuse: {
    handler: ({ db, staff, body, now }) => refuseApplication(db, staff.id, body, now),
    config: { audit: audit(pointsApplicationAudit, 'points.refuse', '驳回论文致谢奖励', byRid) },
  },
  items: { handler: ({ db }) => adminListItems(db), config: { readOnly: true } },
  addItem: {
    handler: ({ db, body, now }) => addExchangeItem(db, body, now),
    config: { audit: audit<unknown, AdminExchangeItem>(exchangeItemAudit, 'exchange.item.add', '新增兑换商品', null, (data) => data.rid) },
  },
  editItem: {
    handler: ({ db, body }) => editExchangeItem(db, body),
    config: { audit: audit(exchangeItemAudit, 'exchange.item.edit', '修改兑换商品', byRid) },
  },
  setItemActive: {
    handler: async ({ db, body }) => {
      const item = await setExchangeItemActive(db, body);
      return said(item, item.active ? '兑换商品已上架' : '兑换商品已下架');
    },
    config: { audit: audit(exchangeItemAudit, 'exchange.item.status', '上架/下架兑换商品', byRid) },
  },
  exchanges: { handler: ({ db, body }) => adminListExchanges(db, body), config: { readOnly: true } },
  ship: {
    handler: ({ db, body, now }) => shipExchange(db, body, now),
    config: { audit: audit(exchangeAudit, 'exchange.ship', '兑换礼品发货', byRid) },
  },
});
