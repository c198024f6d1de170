/*
 * The query keys that more than one feature (or a shared component) reads, in one place, so a
 * cached answer is never filed under a hand-copied key. A key only one feature uses stays in that
 * feature's api/keys.ts, built on these roots. The back office's shared keys are in
 * admin-query-keys.ts (they hang under lib/admin-api's adminKey, which public pages do not load).
 * Plain data, importing nothing: what to refetch after a change is in refresh.ts.
 */

/** The member area: everything under ['member'] is refreshed after a change (refreshMemberData). */
export const memberKeys = {
  all: ['member'] as const,
  home: ['member', 'home'] as const,
  profile: ['member', 'profile'] as const,
  teacher: ['member', 'profile', 'teacher'] as const,
  addresses: ['member', 'addresses'] as const,
  samplings: ['member', 'samplings'] as const,
  recycles: ['member', 'recycles'] as const,
  communities: ['member', 'communities'] as const,
  settings: ['site', 'settings'] as const,
};

/** The experiment plan (tempDevice/list): under ['member'], so refreshMemberData() refreshes it too. */
export const planKey = [...memberKeys.all, 'plan'] as const;

/** The money pages and the order form's funds pickers. */
export const fundsKeys = {
  all: [...memberKeys.all, 'funds'] as const,
  asset: [...memberKeys.all, 'funds', 'asset'] as const,
  ready: [...memberKeys.all, 'funds', 'ready'] as const,
  prestores: [...memberKeys.all, 'funds', 'prestores'] as const,
  history: [...memberKeys.all, 'funds', 'history'] as const,
  transfers: [...memberKeys.all, 'funds', 'transfers'] as const,
  coupons: [...memberKeys.all, 'funds', 'coupons'] as const,
  /** the unused coupons the order form offers */
  orderFormCoupons: [...memberKeys.all, 'funds', 'coupons', 'order-form'] as const,
  claimable: [...memberKeys.all, 'funds', 'claimable'] as const,
  promotions: [...memberKeys.all, 'funds', 'promotions'] as const,
  titles: [...memberKeys.all, 'funds', 'titles'] as const,
  invoices: [...memberKeys.all, 'funds', 'invoices'] as const,
  credit: [...memberKeys.all, 'funds', 'credit'] as const,
};

/** The order pages, and the plan page's "ordered before". */
export const ordersKeys = {
  all: [...memberKeys.all, 'orders'] as const,
  lists: [...memberKeys.all, 'orders', 'list'] as const,
  detail: (orderNo: string) => [...memberKeys.all, 'orders', 'detail', orderNo] as const,
  ready: (orderNo: string) => [...memberKeys.all, 'orders', 'ready', orderNo] as const,
  protocols: (orderNo: string) => [...memberKeys.all, 'orders', 'protocols', orderNo] as const,
  testRecord: (orderNo: string) => [...memberKeys.all, 'orders', 'test-record', orderNo] as const,
  settlement: [...memberKeys.all, 'orders', 'settlement'] as const,
  statement: [...memberKeys.all, 'orders', 'statement'] as const,
  orderedItems: [...memberKeys.all, 'orders', 'ordered-items'] as const,
};

/** One online payment's result (onlinePay.status), read by the QR dialog and the result page. */
export const onlinePayKeys = {
  status: (paymentNo: string) => [...memberKeys.all, 'online-pay', paymentNo] as const,
};

/** The instrument calendar (open data; the member's own hours only with a token). */
export const reservationCalendarKeys = {
  all: ['reservation', 'time'] as const,
  time: (rid: string, date: string | undefined, member: boolean) => ['reservation', 'time', rid, date ?? '', member ? 'member' : 'visitor'] as const,
};

/** The public catalogue, read by the shop's pages, the calendar and the back office's pickers. */
export const catalogKeys = {
  /** a service type's groups; no type: every group */
  typeGroups: (typeId: number | undefined) => ['catalog', 'type-groups', typeId ?? 'all'] as const,
  device: (rid: string) => ['catalog', 'device', rid] as const,
  /** what the header's search suggests for what is typed */
  suggest: (q: string) => ['catalog', 'suggest', q] as const,
};
