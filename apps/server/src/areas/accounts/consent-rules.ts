import type { calls } from '@lab/contract/calls';

/**
 * Which member calls need the current 用户协议 and 隐私政策 (个人信息保护法 art. 14 ¶2: a change
 * of the rules is asked again). Every member call of the contract is classified here — the
 * type below has one key per member call, so a call added to the contract and not classified
 * fails the build, and `consent-gate.test.ts` fails on any /api/auth route without a rule.
 *
 * - `consent`: starts new processing — an order, a booking, a top-up, new or changed personal
 *   data (profile, addresses, invoice titles, requirements, applications…): refused with
 *   CONSENT_REQUIRED until the member agrees.
 * - `open`: what a member must always be able to do, agreed or not: read what they have, pay
 *   for or close out work already done, cancel or remove (less processing, never more), take
 *   their money out, export their data, close the account, and the consent itself.
 * - `openWhen`: a call that does both, decided by its validated body (the online payment's
 *   purpose, the credit line's action).
 */
export type ConsentRule = { gate: 'consent' } | { gate: 'open'; why: string } | { gate: 'openWhen'; open: (body: unknown) => boolean; why: string };

type Calls = typeof calls;
type MemberKeys<R> = { [K in keyof R]: R[K] extends { who: 'member' } ? K : never }[keyof R];
type MemberResources = { [R in keyof Calls]: [MemberKeys<Calls[R]>] extends [never] ? never : R }[keyof Calls];
export type ConsentRules = { [R in MemberResources]: { [K in MemberKeys<Calls[R]>]: ConsentRule } };

const consent: ConsentRule = { gate: 'consent' };
const read: ConsentRule = { gate: 'open', why: '查阅：只读会员已有的数据' };
const leave: ConsentRule = { gate: 'open', why: '取消或删除：只减少处理，不增加' };
const rights: ConsentRule = { gate: 'open', why: '会员的权利（同意本身、撤回、导出、注销）' };
const finished: ConsentRule = { gate: 'open', why: '为已完成的工作付款或确认' };
const session: ConsentRule = { gate: 'open', why: '登录会话本身（退出、确认扫码登录）' };
const moneyOut: ConsentRule = { gate: 'open', why: '取回会员自己的钱（注销前须清空返利）' };
const samplesBack: ConsentRule = { gate: 'open', why: '取回会员自己的样品' };

const bodyField = (body: unknown, name: string) => (typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined);

export const consentRules: ConsentRules = {
  accounts: { logout: session },
  wxLogin: { confirm: session, binding: read, unbind: leave },
  addresses: { list: read, add: consent, edit: consent, remove: leave, makeDefault: consent },
  consents: { due: rights, accept: rights, mine: rights, setMarketingSms: rights },
  onlinePay: {
    start: { gate: 'openWhen', open: (body) => bodyField(body, 'purpose') === 'settle', why: '结算已完成的测试后结算订单；下单支付和充值需同意' },
    status: read,
  },
  communities: {
    add: consent,
    edit: consent,
    dissolve: leave,
    detail: read,
    searchUser: read,
    addMember: consent,
    removeMember: leave,
    // handing the community over is what closure asks of an owner (blocker community_owner)
    transfer: { gate: 'open', why: '转让负责人：注销账号前须转让或解散' },
    search: read,
    apply: consent,
    joined: read,
    mine: read,
    decide: consent,
  },
  grants: {
    cards: read,
    saveCard: consent,
    allowances: read,
    setAllowance: consent,
    requests: read,
    request: read,
    // approving pays an order already placed; refusing only ends a request
    approve: finished,
    refuse: leave,
    statement: read,
  },
  documents: {
    statement: { gate: 'open', why: '为已有订单出具报销凭证（不新增个人信息）' },
    paymentNotice: finished,
    planQuote: { gate: 'open', why: '为计划中的项目出具报价（不新增个人信息；下单仍需同意）' },
    quotes: read,
  },
  contracts: { list: read, download: read, signed: read, upload: consent, orderAgreements: read, uploadOrderAgreement: consent, agreement: read, agreementCode: consent, signAgreement: consent, agreementPdf: read },
  funds: {
    prestoreRules: read,
    prestoreQuote: read,
    prestoreAdd: consent,
    prestoreEdit: consent,
    prestoreCancel: leave,
    prestoreDetail: read,
    prestoreList: read,
    receiptUpload: consent,
    receipt: read,
    balanceHistory: read,
    balanceExport: read,
    transferAdd: consent,
    transferList: read,
    transferDetail: read,
    transferCancel: leave,
    assets: read,
    assetDetail: read,
    assetCounts: read,
    invoiceHistory: read,
    claimableCoupons: read,
    claimCoupon: consent,
    myCoupons: read,
    promotions: read,
    titleList: read,
    titleAdd: consent,
    titleEdit: consent,
    titleRemove: leave,
    titleDefault: consent,
    invoiceAdd: consent,
    invoiceEdit: consent,
    invoiceDetail: read,
    invoiceOnlineSources: read,
    invoiceList: read,
    invoiceFile: read,
    creditOperate: { gate: 'openWhen', open: (body) => bodyField(body, 'action') === 'cancel', why: '取消申请只减少处理；申请额度需同意' },
    creditInfo: read,
  },
  invites: { overview: read, list: read, orders: read },
  messages: { list: read, unread: read, read: read, readAll: read, channels: read, setChannels: rights },
  consultations: { list: read, detail: read, add: consent, reply: consent },
  orderProgress: { report: read, confirmData: finished, dispute: consent, evaluate: consent, testRecord: read },
  orders: { add: consent, detail: read, list: read, orderedItems: read, cancel: leave },
  payment: { readyToPay: read, pay: consent, payLater: consent, settlementList: read, settle: finished, statement: read, exportStatement: read },
  plan: { list: read, add: consent, addReservation: consent, operate: consent },
  sampleSheets: { template: { gate: 'open', why: '下载空白的样品导入模板（不含个人信息）' }, import: consent },
  points: { overview: read, entries: read, exchangeItems: read, apply: consent, applications: read, transfer: consent, exchange: consent, exchanges: read },
  profile: { attest: consent, detail: read, setNickname: consent, setContact: consent, teacher: read, applyTeacher: consent },
  memberHome: { info: read, home: read },
  paperMethods: { get: read, txt: read, docx: read },
  reimbursement: { status: read, pack: { gate: 'open', why: '为已有订单打包报销材料（不新增个人信息）' } },
  privacy: { overview: rights, exportData: rights, sendCloseCode: rights, close: rights },
  promotion: { overview: read, apply: consent, acceptTerms: { gate: 'open', why: '接受新版推广合伙人协议，才能取回已得的返利' }, rebates: read, withdrawals: read, withdraw: moneyOut, cancelWithdrawal: leave, updateWithdrawal: moneyOut },
  requirements: { add: consent, list: read, detail: read, accept: consent, cancel: leave, uploadFile: consent, file: read },
  reservations: { add: consent, cancel: leave, list: read, ics: read, waitJoin: consent, waitLeave: leave, waits: read },
  pickups: { add: consent, list: read, cancel: leave },
  recycles: { add: samplesBack, list: read },
  // sharing hands the member's data to someone new: new processing
  vault: { files: read, sums: read, link: read, shares: read, share: consent, shareLog: read, revoke: leave, certificates: read, extendQuote: read, extend: consent },
};

/** The rule of a call by its id (`orders.add`); undefined: not a classified member call. */
export function consentRuleOf(callId: string): ConsentRule | undefined {
  const [resource, key] = callId.split('.');
  const table = (consentRules as Record<string, Record<string, ConsentRule> | undefined>)[resource ?? ''];
  return key !== undefined && table && Object.hasOwn(table, key) ? table[key] : undefined;
}
