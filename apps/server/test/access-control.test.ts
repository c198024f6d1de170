import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app';
import { shanghaiAddress } from '../src/areas/member/test-helpers';
import { call, createTestContext, type CallResult, type TestContext } from './harness';
import { tmpRoot } from './template';
import { BOOKING_DAY, WORLD_NOW, buildWorld, digestTracker, multipart, pdfBytes, storedFiles, type World } from './access-world';
import { idLike, routeFields } from './route-fields';

/**
 * Access control of every member call, read from the server's own route table:
 *
 * - every /api/auth route answers 401 without a token and to a staff token (a staff login is
 *   not a member login);
 * - every field of every /api/auth route whose name points at a stored object (rid, id, ids,
 *   order_no, address_rid, prestore_rids, lines[].id… in the zod schema or the upload's fields)
 *   has an entry below: member B calls the route with member A's object and is refused (404, or
 *   403 where the product says so), and the database and the stored files stay exactly as they
 *   were. A field without an entry fails the suite with its name; so does an entry whose field is
 *   gone. An exemption says why another member's id is meant to reach the route.
 *
 * The staff side (/api/admin: roles, 403 outside them, 401 without a token, 403 to a member
 * token) is test/admin-routes.test.ts.
 */

interface Request {
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** the text fields of a multipart upload; a small valid PDF goes with them */
  upload?: Record<string, string>;
}

type Entry =
  /** B is refused; nothing changes anywhere */
  | { kind: 'refuse'; request: (w: World) => Request; status: 403 | 404; msg?: string }
  /** the id only narrows B's own list: B is answered, and nothing of A's is in the answer */
  | { kind: 'filter'; request: (w: World) => Request; leaks: (w: World) => string }
  /** another member's id is meant to reach this route, for the reason given */
  | { kind: 'exempt'; reason: string };

/** `msg`, where the call carries other ids of B's own, proves it was refused for A's object and not for something else */
const refuse = (request: (w: World) => Request, msg?: string, status: 403 | 404 = 404): Entry => ({ kind: 'refuse', request, status, ...(msg ? { msg } : {}) });
const owner403 = (request: (w: World) => Request): Entry => refuse(request, '只有团体负责人可以进行此操作', 403);
const filter = (request: (w: World) => Request, leaks: (w: World) => string): Entry => ({ kind: 'filter', request, leaks });
const exempt = (reason: string): Entry => ({ kind: 'exempt', reason });

const CATALOGUE = 'the rid of a published catalogue item (service, instrument, coupon on offer, gift): public, owned by no member';
const TAX_NO = 'a taxpayer identification number (纳税人识别号) the member types on the title, not the id of anything stored';
const PRESTORE_MISSING = '预存申请不存在';
const PERSON = 'names the person the community owner acts on (found by phone through cluster/search4user, or an applicant): another member by design; the community rid beside it is the owned object and is checked';

/** route + field → how another member's id is refused there (or why it is not). */
const registry: Record<string, Entry> = {
  // ---- account ----
  'POST /api/auth/wx/confirm ticket': exempt('a QR-login ticket is a desktop\'s one-time request, owned by no member until the member who scans it confirms it; wx-login.test.ts covers its states'),

  // ---- addresses, pickups, samples back ----
  'POST /api/auth/address/edit address_rid': refuse((w) => ({ body: { ...shanghaiAddress, address_rid: w.addressA.rid } })),
  'POST /api/auth/address/del address_rid': refuse((w) => ({ body: { address_rid: w.addressA.rid } })),
  'POST /api/auth/address/default address_rid': refuse((w) => ({ body: { address_rid: w.addressA.rid } })),
  'POST /api/auth/sampling/add address_rid': refuse((w) => ({ body: { type: 1, date: BOOKING_DAY, time: '09:00', address_rid: w.addressA.rid } })),
  'POST /api/auth/sampling/cancel rid': refuse((w) => ({ body: { rid: w.pickupA.rid } })),
  'POST /api/auth/sample4recycle/add order_no': refuse((w) => ({ body: { order_no: w.orderCompleted.orderNo, samples: '全部样品', address_rid: w.addressB.rid } })),
  'POST /api/auth/sample4recycle/add address_rid': refuse((w) => ({ body: { order_no: w.orderBDelivered.orderNo, samples: '全部样品', address_rid: w.addressA.rid } }), '地址不存在'),

  // ---- communities: the rid is public among members (cluster/search), the owner's calls are 403 ----
  'POST /api/auth/cluster/edit rid': owner403((w) => ({ body: { rid: w.communityA.rid, name: '乙改的名字', unit: '复旦大学' } })),
  'POST /api/auth/cluster/del rid': owner403((w) => ({ body: { rid: w.communityA.rid } })),
  'POST /api/auth/cluster/info rid': exempt('communities are listed to every member by cluster/search; info shows the same public summary, and the member list only to the owner (community.test.ts)'),
  'POST /api/auth/cluster/search4user rid': owner403((w) => ({ body: { rid: w.communityA.rid, phone: w.b.member.phone } })),
  'POST /api/auth/cluster/add4user rid': owner403((w) => ({ body: { rid: w.communityA.rid, member_rid: w.b.member.rid } })),
  'POST /api/auth/cluster/add4user member_rid': exempt(PERSON),
  'POST /api/auth/cluster/delete4user rid': owner403((w) => ({ body: { rid: w.communityA.rid, member_rid: w.a.member.rid } })),
  'POST /api/auth/cluster/delete4user member_rid': exempt(PERSON),
  'POST /api/auth/cluster/transfer rid': owner403((w) => ({ body: { rid: w.communityA.rid, member_rid: w.b.member.rid } })),
  'POST /api/auth/cluster/transfer member_rid': exempt(PERSON),
  'POST /api/auth/cluster/apply rid': exempt('applying to join another member\'s community is what the call is for; the owner decides (cluster/agree)'),
  'POST /api/auth/cluster/agree rid': owner403((w) => ({ body: { rid: w.communityA.rid, member_rid: w.b.member.rid, agree: 1 } })),
  'POST /api/auth/cluster/agree member_rid': exempt(PERSON),

  // ---- prepaid funds ----
  'POST /api/auth/prestoreApply/add community_rid': refuse((w) => ({ body: { amount: '100', community_rid: w.communityA.rid } }), '科研团体不存在'),
  'POST /api/auth/prestoreApply/edit rid': refuse((w) => ({ body: { rid: w.prestorePending.rid, amount: '2000' } })),
  'POST /api/auth/prestoreApply/cancel rid': refuse((w) => ({ body: { rid: w.prestorePending.rid } })),
  'POST /api/auth/prestoreApply/listPrestoreDetail rid': refuse((w) => ({ body: { rid: w.prestorePending.rid } })),
  'POST /api/auth/prestore/balanceHistory community_rid': refuse((w) => ({ body: { community_rid: w.communityA.rid } }), '科研团体不存在'),
  'GET /api/auth/prestore/export community_rid': refuse((w) => ({ query: { community_rid: w.communityA.rid } }), '科研团体不存在'),
  'GET /api/auth/prestoreApply/receipt rid': refuse((w) => ({ query: { rid: w.prestorePending.rid } })),
  'POST /api/auth/prestoreApply/receipt rid': refuse((w) => ({ upload: { rid: w.prestorePending.rid } })),
  'POST /api/auth/transferApply/add community_rid': refuse((w) => ({ body: { community_rid: w.communityA.rid, direction: 'toCommunity', amount: '1' } }), '科研团体不存在'),
  'POST /api/auth/transferApply/detail rid': refuse((w) => ({ body: { rid: w.transferA.rid } })),
  'POST /api/auth/transferApply/cancel rid': refuse((w) => ({ body: { rid: w.transferA.rid } })),

  // ---- coupons, invoice titles, invoices, credit ----
  'POST /api/auth/discount4user/add rid': exempt(CATALOGUE),
  'POST /api/auth/invoice/edit rid': refuse((w) => ({ body: { rid: w.titleA.rid, kind: 'personal', title: '乙改的抬头', email: 'b@example.com' } })),
  'POST /api/auth/invoice/del rid': refuse((w) => ({ body: { rid: w.titleA.rid } })),
  'POST /api/auth/invoice/default rid': refuse((w) => ({ body: { rid: w.titleA.rid } })),
  'POST /api/auth/invoice/add tax_no': exempt(TAX_NO),
  'POST /api/auth/invoice/edit tax_no': exempt(TAX_NO),
  'POST /api/auth/invoiceApply/add title_rid': refuse((w) => ({ body: { type: 1, title_rid: w.titleA.rid, prestore_rids: w.prestoreB.rid } }), '发票抬头不存在'),
  'POST /api/auth/invoiceApply/add prestore_rids': refuse((w) => ({ body: { type: 1, title_rid: w.titleB.rid, prestore_rids: w.prestoreForInvoice.rid } }), PRESTORE_MISSING),
  'POST /api/auth/invoiceApply/add order_nos': refuse((w) => ({ body: { type: 1, title_rid: w.titleB.rid, order_nos: w.orderA.orderNo } }), '订单不存在'),
  'POST /api/auth/invoiceApply/add payment_nos': refuse((w) => ({ body: { type: 1, title_rid: w.titleB.rid, payment_nos: w.paymentNoA } }), '支付记录不存在'),
  'POST /api/auth/invoiceApply/list order_no': filter((w) => ({ body: { order_no: w.orderA.orderNo } }), (w) => w.orderA.orderNo),
  'POST /api/auth/invoiceApply/edit order_nos': refuse((w) => ({ body: { rid: w.invoiceB.rid, type: 1, title_rid: w.titleB.rid, order_nos: w.orderA.orderNo } }), '订单不存在'),
  'POST /api/auth/invoiceApply/edit payment_nos': refuse((w) => ({ body: { rid: w.invoiceB.rid, type: 1, title_rid: w.titleB.rid, payment_nos: w.paymentNoA } }), '支付记录不存在'),
  'POST /api/auth/invoiceApply/edit rid': refuse((w) => ({ body: { rid: w.invoicePending.rid, type: 1, title_rid: w.titleB.rid, prestore_rids: w.prestoreB.rid } })),
  'POST /api/auth/invoiceApply/edit title_rid': refuse((w) => ({ body: { rid: w.invoiceB.rid, type: 1, title_rid: w.titleA.rid, prestore_rids: w.prestoreB.rid } }), '发票抬头不存在'),
  'POST /api/auth/invoiceApply/edit prestore_rids': refuse((w) => ({ body: { rid: w.invoiceB.rid, type: 1, title_rid: w.titleB.rid, prestore_rids: w.prestoreForInvoice.rid } }), PRESTORE_MISSING),
  'POST /api/auth/invoiceApply/info rid': refuse((w) => ({ body: { rid: w.invoicePending.rid } })),
  'GET /api/auth/invoiceApply/file rid': refuse((w) => ({ query: { rid: w.invoiceIssued.rid } })),
  'POST /api/auth/creditApply/operate rid': refuse((w) => ({ body: { action: 'cancel', rid: w.creditRid } })),

  // ---- plan and orders ----
  'POST /api/auth/tempDevice/add rid': exempt(CATALOGUE),
  'POST /api/auth/tempDevice/addForReservation rid': exempt(CATALOGUE),
  'GET /api/auth/tempDevice/sampleSheet rid': exempt(CATALOGUE),
  'POST /api/auth/tempDevice/importSheet rid': exempt(CATALOGUE),
  'POST /api/auth/tempDevice/operate ids': refuse((w) => ({ body: { action: 'remove', ids: w.lineA.rid } })),
  'POST /api/auth/order/add lines[].id': refuse((w) => ({ body: { lines: JSON.stringify([{ id: w.lineA.rid, samples: [sample] }]), delivery: 'self', agree: 1 } })),
  'POST /api/auth/order/add address_rid': refuse((w) => ({ body: { lines: JSON.stringify([{ id: w.lineB.rid, samples: [sample] }]), delivery: 'pickup', address_rid: w.addressA.rid, date: BOOKING_DAY, time: '09:00', agree: 1 } }), '地址不存在'),
  'POST /api/auth/order/add quote_no': refuse((w) => ({ body: { lines: JSON.stringify([{ id: w.lineB.rid, samples: [sample] }]), delivery: 'self', quote_no: w.quoteNoA, agree: 1 } }), '报价单不存在'),
  'POST /api/auth/order/add coupon_rid': refuse((w) => ({ body: { lines: JSON.stringify([{ id: w.lineB.rid, samples: [sample] }]), delivery: 'self', coupon_rid: w.couponA.rid, agree: 1 } }), '优惠券不存在'),
  'POST /api/auth/order/add invoice_title_rid': refuse((w) => ({ body: { lines: JSON.stringify([{ id: w.lineB.rid, samples: [sample] }]), delivery: 'self', invoice_type: 1, invoice_title_rid: w.titleA.rid, agree: 1 } }), '发票抬头不存在'),
  'POST /api/auth/order/detail order_no': refuse((w) => ({ body: { order_no: w.orderA.orderNo } })),
  'POST /api/auth/order/list4person order_no': filter((w) => ({ body: { order_no: w.orderA.orderNo } }), (w) => w.orderA.orderNo),
  'POST /api/auth/order/cancel order_no': refuse((w) => ({ body: { order_no: w.orderA.orderNo, reason: '不需要了' } })),
  'POST /api/auth/order/ready2pay order_no': refuse((w) => ({ body: { order_no: w.orderA.orderNo } })),
  'POST /api/auth/order/pay order_no': refuse((w) => ({ body: { order_no: w.orderA.orderNo, coupon_rid: 'none' } })),
  'POST /api/auth/order/pay community_rid': refuse((w) => ({ body: { order_no: w.orderB.orderNo, community_rid: w.communityA.rid, coupon_rid: 'none' } }), '科研团体不存在'),
  'POST /api/auth/order/pay coupon_rid': refuse((w) => ({ body: { order_no: w.orderB.orderNo, coupon_rid: w.couponA.rid } }), '优惠券不存在'),
  'POST /api/auth/order/payLater order_no': refuse((w) => ({ body: { order_no: w.orderA.orderNo } })),
  'POST /api/auth/onlinePay/start order_no': refuse((w) => ({ body: { purpose: 'order', vendor: 'wechat', scene: 'native', order_no: w.orderA.orderNo } })),
  'POST /api/auth/onlinePay/start coupon_rid': refuse((w) => ({ body: { purpose: 'order', vendor: 'wechat', scene: 'native', order_no: w.orderB.orderNo, coupon_rid: w.couponA.rid } }), '优惠券不存在'),
  'POST /api/auth/onlinePay/start order_nos': refuse((w) => ({ body: { purpose: 'settle', vendor: 'wechat', scene: 'native', order_nos: w.orderUnsettled.orderNo } })),
  'POST /api/auth/onlinePay/start community_rid': refuse((w) => ({ body: { purpose: 'topup', vendor: 'wechat', scene: 'native', amount: '1000', community_rid: w.communityA.rid } }), '科研团体不存在'),
  'POST /api/auth/onlinePay/status payment_no': refuse((w) => ({ body: { payment_no: w.paymentNoA } })),
  'POST /api/auth/assign/settlementOperatePlus order_nos': refuse((w) => ({ body: { order_nos: w.orderUnsettled.orderNo } })),
  'POST /api/auth/assign/settlementOperatePlus community_rid': refuse((w) => ({ body: { order_nos: w.orderBUnsettled.orderNo, community_rid: w.communityA.rid } }), '科研团体不存在'),
  // ---- 数据保管箱 ----
  'POST /api/auth/vault/files order_no': refuse((w) => ({ body: { order_no: w.orderDelivered.orderNo } }), '订单不存在'),
  'GET /api/auth/vault/sums order_no': refuse((w) => ({ query: { order_no: w.orderDelivered.orderNo } }), '订单不存在'),
  'POST /api/auth/vault/link rid': refuse((w) => ({ body: { rid: w.vaultFileA.rid } }), '文件不存在'),
  'POST /api/auth/vault/share rids': refuse((w) => ({ body: { rids: w.vaultFileA.rid, days: 3 } }), '文件不存在'),
  'POST /api/auth/vault/share/log rid': refuse((w) => ({ body: { rid: w.vaultShareA.rid } }), '分享不存在'),
  'POST /api/auth/vault/share/revoke rid': refuse((w) => ({ body: { rid: w.vaultShareA.rid } }), '分享不存在'),
  'POST /api/auth/vault/extend/quote rids': refuse((w) => ({ body: { rids: w.vaultFileA.rid, years: 1 } }), '文件不存在'),
  'POST /api/auth/vault/extend/quote order_no': refuse((w) => ({ body: { order_no: w.orderDelivered.orderNo, years: 1 } }), '订单不存在'),
  'POST /api/auth/vault/extend rids': refuse((w) => ({ body: { rids: w.vaultFileA.rid, years: 3 } }), '文件不存在'),
  'POST /api/auth/vault/extend order_no': refuse((w) => ({ body: { order_no: w.orderDelivered.orderNo, years: 3 } }), '订单不存在'),
  'GET /api/auth/order/report order_no': refuse((w) => ({ query: { order_no: w.orderDelivered.orderNo, id: w.reportId } })),
  'GET /api/auth/order/report id': refuse((w) => ({ query: { order_no: w.orderBDelivered.orderNo, id: w.reportId } })),
  'POST /api/auth/assign/right order_no': refuse((w) => ({ body: { order_no: w.orderDelivered.orderNo } })),
  'POST /api/auth/assign/wrong order_no': refuse((w) => ({ body: { order_no: w.orderDelivered.orderNo, reason: '数据有误' } })),
  'POST /api/auth/evaluate/add order_no': refuse((w) => ({ body: { order_no: w.orderCompleted.orderNo, score: 1, content: '差' } })),
  'POST /api/auth/order/testRecord order_no': refuse((w) => ({ body: { order_no: w.orderDelivered.orderNo } })),
  'POST /api/auth/reservation/add rid': exempt(CATALOGUE),
  'POST /api/auth/reservation/cancel rid': refuse((w) => ({ body: { rid: w.reservationA.rid } })),
  'GET /api/auth/reservation/ics rid': refuse((w) => ({ query: { rid: w.reservationA.rid } })),
  'POST /api/auth/reservation/wait/join rid': exempt(CATALOGUE),
  'POST /api/auth/reservation/wait/leave rid': refuse((w) => ({ body: { rid: w.waitA.rid } })),

  // ---- requirements, contracts, agreements ----
  'POST /api/auth/demand/detail rid': refuse((w) => ({ body: { rid: w.requirementA.rid } })),
  'POST /api/auth/demand/accept rid': refuse((w) => ({ body: { rid: w.requirementA.rid } })),
  'POST /api/auth/demand/cancel rid': refuse((w) => ({ body: { rid: w.requirementA.rid } })),
  'GET /api/auth/demand/file rid': refuse((w) => ({ query: { rid: w.requirementA.rid, id: w.attachmentId } })),
  'GET /api/auth/demand/file id': refuse((w) => ({ query: { rid: w.requirementB.rid, id: w.attachmentId } })),
  'POST /api/auth/demand/file rid': refuse((w) => ({ upload: { rid: w.requirementA.rid } })),
  'GET /api/auth/contract/download rid': refuse((w) => ({ query: { rid: w.contractA.rid } })),
  'GET /api/auth/order/statement order_no': refuse((w) => ({ query: { order_no: w.orderA.orderNo } })),
  'GET /api/auth/order/paymentNotice order_no': refuse((w) => ({ query: { order_no: w.orderUnsettled.orderNo } })),
  'POST /api/auth/reimbursement/status order_no': refuse((w) => ({ body: { order_no: w.orderA.orderNo } }), '订单不存在'),
  'GET /api/auth/reimbursement/pack order_no': refuse((w) => ({ query: { order_no: w.orderA.orderNo } }), '订单不存在'),
  'POST /api/auth/reimbursement/status invoice_rid': refuse((w) => ({ body: { invoice_rid: w.invoiceIssued.rid } }), '开票申请不存在'),
  'POST /api/auth/order/methods order_no': refuse((w) => ({ body: { order_no: w.orderDelivered.orderNo } }), '订单不存在'),
  'GET /api/auth/order/methods/txt order_no': refuse((w) => ({ query: { order_no: w.orderDelivered.orderNo } }), '订单不存在'),
  'GET /api/auth/order/methods/docx order_no': refuse((w) => ({ query: { order_no: w.orderDelivered.orderNo } }), '订单不存在'),
  'GET /api/auth/reimbursement/pack invoice_rid': refuse((w) => ({ query: { invoice_rid: w.invoiceIssued.rid } }), '开票申请不存在'),
  'GET /api/auth/contract/signed rid': refuse((w) => ({ query: { rid: w.contractA.rid } })),
  'POST /api/auth/contract/upload rid': refuse((w) => ({ upload: { rid: w.contractA.rid } })),
  'POST /api/auth/order/listProtocolFile order_no': refuse((w) => ({ body: { order_no: w.orderA.orderNo } })),
  'POST /api/auth/order/updateProtocolFile order_no': refuse((w) => ({ upload: { order_no: w.orderA.orderNo } })),
  'POST /api/auth/order/agreement order_no': refuse((w) => ({ body: { order_no: w.orderA.orderNo } })),
  'POST /api/auth/order/agreement/code order_no': refuse((w) => ({ body: { order_no: w.orderA.orderNo } })),
  'POST /api/auth/order/agreement/sign order_no': refuse((w) => ({ body: { order_no: w.orderA.orderNo, code: '123456', content_sha256: 'a'.repeat(64) } })),
  'GET /api/auth/order/agreement/pdf order_no': refuse((w) => ({ query: { order_no: w.orderA.orderNo } })),

  // ---- grant cards (经费卡), allowances, the PI's approvals ----
  'POST /api/auth/order/pay card_rid': refuse((w) => ({ body: { order_no: w.orderB.orderNo, card_rid: w.cardA.rid } }), '经费卡不存在'),
  'POST /api/auth/order/add project_no': exempt('课题号 is free text the member writes on their own new order (a grant number), not the id of anything stored'),
  'POST /api/auth/order/pay project_no': exempt('课题号 is free text the member writes on their own order (a grant number), not the id of anything stored'),
  'POST /api/auth/grant/cards community_rid': refuse((w) => ({ body: { community_rid: w.communityA.rid } }), '科研团体不存在'),
  'POST /api/auth/grant/card/save community_rid': refuse((w) => ({ body: { community_rid: w.communityA.rid, name: '乙的卡', number: 'YI-1', end_date: '2030-12-31' } }), '科研团体不存在'),
  'POST /api/auth/grant/card/save rid': refuse((w) => ({ body: { community_rid: w.communityB.rid, rid: w.cardA.rid, name: '乙改的卡', number: 'YI-1', end_date: '2030-12-31' } }), '经费卡不存在'),
  'POST /api/auth/grant/allowances card_rid': refuse((w) => ({ body: { card_rid: w.cardA.rid } }), '经费卡不存在'),
  'POST /api/auth/grant/allowance/set card_rid': refuse((w) => ({ body: { card_rid: w.cardA.rid, member_rid: w.b.member.rid, period: 'total', amount: '100', auto_limit: '100' } }), '经费卡不存在'),
  'POST /api/auth/grant/allowance/set member_rid': exempt(PERSON),
  'POST /api/auth/grant/request rid': refuse((w) => ({ body: { rid: w.requestA.rid } }), '审批单不存在'),
  'POST /api/auth/grant/approve rid': refuse((w) => ({ body: { rid: w.requestA.rid, amount_fen: 1, balance_fen: 0 } }), '审批单不存在'),
  'POST /api/auth/grant/refuse rid': refuse((w) => ({ body: { rid: w.requestA.rid, reason: '不批' } }), '审批单不存在'),
  'GET /api/auth/grant/statement card_rid': refuse((w) => ({ query: { card_rid: w.cardA.rid } }), '经费卡不存在'),
  'GET /api/auth/grant/statement member_rid': exempt(PERSON),

  // ---- growth and messages ----
  'POST /api/auth/web/invite/orderDetail id': refuse((w) => ({ body: { id: w.inviteeOfA.rid } })),
  'POST /api/auth/promoter_rebate_withdraw/cancel rid': refuse((w) => ({ body: { rid: w.withdrawalA.rid } })),
  'POST /api/auth/promoter_rebate_withdraw/update4user rid': refuse((w) => ({ body: { rid: w.withdrawalA.rid, method: 'prestore' } })),
  'POST /api/auth/integration/applyExchange rid': exempt(CATALOGUE),
  'POST /api/auth/integration/applyExchange address_rid': refuse((w) => ({ body: { rid: w.gift.rid, address_rid: w.addressA.rid } }), '收货地址不存在'),
  'POST /api/auth/message/read rid': refuse((w) => ({ body: { rid: w.messageA.rid } })),
  'POST /api/auth/consult/detail rid': refuse((w) => ({ body: { rid: w.consultationA.rid } })),
  'POST /api/auth/consult/reply rid': refuse((w) => ({ body: { rid: w.consultationA.rid, content: '乙的插话' } })),
};

const sample = { name: '样品A', count: 1, form: 'powder', hazards: '', magnetic: false, returnWanted: false };

const dataDir = path.join(tmpRoot, `access-files-${process.pid}-${Date.now()}`);
let t: TestContext;
let w: World;
let digests: ReturnType<typeof digestTracker>;
let memberRoutes: RouteEntry[];

beforeAll(async () => {
  t = await createTestContext({ now: WORLD_NOW, dataDir });
  w = await buildWorld(t);
  digests = digestTracker(t);
  memberRoutes = t.app.routeTable.filter((route) => route.url.startsWith('/api/auth/'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const label = (route: RouteEntry) => `${route.method} ${route.url}`;
const placeholder = (url: string) => url.replace(/:(\w+)/g, 'x');

async function send(route: RouteEntry, token: string | undefined, request: Request): Promise<CallResult> {
  const url = placeholder(route.url);
  if (request.upload) return multipart(t.app, url, token, request.upload, { name: 'file.pdf', bytes: pdfBytes, type: 'application/pdf' });
  const method = route.method as 'GET' | 'POST';
  return call(t.app, method, url, { ...(token ? { token } : {}), ...(request.query ? { query: request.query } : {}), ...(method === 'POST' ? { json: request.body ?? {} } : {}) });
}

/** Every (route, id-like field) pair of the member API, as registry keys. */
function idFieldKeys(): string[] {
  return memberRoutes.flatMap((route) => routeFields(route).filter(idLike).map((field) => `${label(route)} ${field}`));
}

describe('every /api/auth route', () => {
  it('is found, and the id-like fields are read from the schemas (the tables are not empty)', () => {
    expect(memberRoutes.length).toBeGreaterThan(100);
    expect(idFieldKeys().length).toBeGreaterThan(80);
  });

  it('answers 401 without a token and to a staff token (a staff login is not a member login)', async () => {
    const problems: string[] = [];
    for (const route of memberRoutes.filter((r) => r.url !== '/api/auth/logout')) {
      const anonymous = await send(route, undefined, {});
      if (anonymous.status !== 401 || anonymous.code !== 0 || anonymous.msg !== '请先登录') problems.push(`${label(route)} without a token → ${anonymous.status} ${anonymous.msg}`);
      const staff = await send(route, w.staff.admin.token, {});
      if (staff.status !== 401 || staff.msg !== '请先登录') problems.push(`${label(route)} with a staff token → ${staff.status} ${staff.msg}`);
    }
    expect(problems).toEqual([]);
  });

  it('that takes an object id has a registry entry for each such field (or a reasoned exemption), and no entry is stale', () => {
    const keys = idFieldKeys();
    const missing = keys.filter((key) => !(key in registry));
    const stale = Object.keys(registry).filter((key) => !keys.includes(key));
    expect(missing, 'id-like fields without an access-control case: add one to the registry in test/access-control.test.ts').toEqual([]);
    expect(stale, 'registry entries whose route or field no longer exists').toEqual([]);
    for (const [key, entry] of Object.entries(registry)) if (entry.kind === 'exempt') expect(entry.reason.length, key).toBeGreaterThan(30);
  });
});

describe("another member's id", () => {
  const cases = Object.entries(registry).filter(([, entry]) => entry.kind !== 'exempt');

  it.each(cases)('%s: member B is refused and nothing changes', async (key, entry) => {
    const [method, url] = key.split(' ');
    const route = memberRoutes.find((r) => r.method === method && r.url === url);
    expect(route, `${key}: no such route`).toBeDefined();
    const filesBefore = storedFiles(dataDir);
    const before = await digests.before();
    if (entry.kind === 'refuse') {
      const result = await send(route!, w.b.token, entry.request(w));
      expect({ status: result.status, code: result.code }, `${key} → ${result.status} ${result.msg}`).toEqual({ status: entry.status, code: 0 });
      expect(result.msg).toMatch(/[\u4e00-\u9fa5]/);
      if (entry.msg) expect(result.msg, key).toBe(entry.msg);
    } else if (entry.kind === 'filter') {
      const result = await send(route!, w.b.token, entry.request(w));
      expect(result.status, `${key} → ${result.status} ${result.msg}`).toBe(200);
      expect(JSON.stringify(result.data)).not.toContain(entry.leaks(w));
    }
    expect(await digests.changedSince(before), `${key} changed the database`).toEqual([]);
    expect(storedFiles(dataDir), `${key} wrote or removed a file`).toEqual(filesBefore);
  });
});
