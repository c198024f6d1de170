import { z } from 'zod';
import { optionalText, pageQuery, requiredText } from '../common';
import { isCalendarDate } from '../dates';
import { blankToUndefined, intField, phone, rid } from './fields';

// ---- points (web/integration, integration) ----

export const POINTS_ENTRY_TYPES = ['points_earn', 'points_reverse', 'points_exchange', 'points_transfer_in', 'points_transfer_out', 'points_award', 'adjustment'] as const;
export const pointsEntryLabels: Record<(typeof POINTS_ENTRY_TYPES)[number], string> = {
  points_earn: '订单积分',
  points_reverse: '退款扣回',
  points_exchange: '积分兑换',
  points_transfer_in: '积分转入',
  points_transfer_out: '积分转出',
  points_award: '奖励积分',
  adjustment: '积分调整',
};
/** web/integration/init */
export const pointsOverview = z.object({
  balance: z.number(),
  pointsPerYuan: z.number(),
  /** earned in total, spent in total */
  earned: z.number(),
  spent: z.number(),
  pendingApplications: z.number(),
  /** 待生效积分: earned on paid orders not yet completed — shown, not spendable, dropped if the order is refunded */
  pendingPoints: z.number(),
  /** how many orders those pending points wait for */
  pendingOrders: z.number(),
});
export type PointsOverview = z.infer<typeof pointsOverview>;
export const pointsEntry = z.object({
  id: z.number(),
  type: z.string(),
  typeText: z.string(),
  /** signed */
  points: z.number(),
  balanceAfter: z.number(),
  note: z.string(),
  createdAt: z.string(),
});
export type PointsEntry = z.infer<typeof pointsEntry>;
export const pointsListBody = pageQuery;
/** web/integration/list4exchange: the exchange catalogue */
export const exchangeItem = z.object({
  rid: z.string(),
  name: z.string(),
  kind: z.enum(['coupon', 'gift']),
  description: z.string(),
  img: z.string(),
  points: z.number(),
  /** null = unlimited */
  stock: z.number().nullable(),
  /** can I afford it and is it in stock */
  available: z.boolean(),
});
export type ExchangeItem = z.infer<typeof exchangeItem>;
/** integration/applyExchange */
export const exchangeBody = z.object({
  rid: rid('兑换商品'),
  /** gifts are mailed: the address book entry */
  address_rid: optionalText('收货地址', 40),
});
/** integration/transfer: to another member by phone */
/**
 * integration/transfer: to a member named by phone AND their name as on their profile. An
 * unknown phone and a wrong name answer alike, so the call does not tell which phones are
 * registered (issue 16); the name is what a colleague knows and a stranger with a list does not.
 */
export const pointsTransferBody = z.object({
  phone: phone('对方手机号'),
  name: requiredText('对方姓名', 32),
  points: intField('转赠积分', 1, 1_000_000),
  note: optionalText('留言', 100),
});
/**
 * What the member agrees the public 论文致谢 list may show of a paper that quotes a 引用代码, once
 * staff approve it: nothing; the paper (title, journal, DOI, the tests, the acknowledgement) without
 * who wrote it; or the paper with the affiliation the member typed.
 */
export const THANKS_CONSENTS = ['none', 'paper', 'paper_affiliation'] as const;
export type ThanksConsent = (typeof THANKS_CONSENTS)[number];
export const thanksConsentLabels: Record<ThanksConsent, string> = {
  none: '不在网站展示',
  paper: '展示论文（不展示单位）',
  paper_affiliation: '展示论文和我的单位',
};
/** what the public list prints in the author column when the member did not agree to show an affiliation */
export const THANKS_AFFILIATION_HIDDEN = '作者单位未公开';

/** integration/apply: points for a published paper acknowledging the lab (致谢奖励), approved by staff */
export const pointsApplyBody = z.object({
  title: requiredText('论文题目', 200),
  journal: requiredText('期刊名称', 100),
  doi: optionalText('DOI', 100),
  published_on: z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '[发表日期]格式应为YYYY-MM-DD' }).refine(isCalendarDate, { error: '[发表日期]不是有效日期' }).optional()),
  /** 引用代码 from the order's 论文方法与致谢 (KY-XXXXX-XXXXX): the paper names the order it was measured in */
  citation_code: optionalText('引用代码', 20),
  /** with a 引用代码: what the public 论文致谢 list may show once approved (default nothing) */
  thanks_consent: z.preprocess(blankToUndefined, z.enum(THANKS_CONSENTS, { error: '[展示方式]不正确' }).default('none')),
  /** the affiliation as the list should print it (required to show it) */
  affiliation: optionalText('展示单位', 60),
  /** the acknowledgement as printed in the paper (optional; else a sentence naming the tests) */
  acknowledgement: optionalText('致谢原文', 300),
}).superRefine((v, ctx) => {
  if (v.thanks_consent === 'paper_affiliation' && !v.affiliation) ctx.addIssue({ code: 'custom', path: ['affiliation'], message: '[展示单位]不能为空' });
  if (v.thanks_consent !== 'none' && !v.citation_code) ctx.addIssue({ code: 'custom', path: ['citation_code'], message: '[引用代码]在网站展示论文须填写引用代码' });
});
export const pointsApplication = z.object({
  rid: z.string(),
  title: z.string(),
  journal: z.string(),
  doi: z.string(),
  status: z.enum(['pending', 'approved', 'refused']),
  statusText: z.string(),
  points: z.number().nullable(),
  reason: z.string().nullable(),
  /** the 引用代码 the paper quotes, checked against the order it names */
  citationCode: z.string().nullable(),
  /** what the member agreed the public 论文致谢 list may show (with a 引用代码, once approved) */
  thanksConsent: z.enum(THANKS_CONSENTS),
  thanksConsentText: z.string(),
  createdAt: z.string(),
});
export type PointsApplication = z.infer<typeof pointsApplication>;
export const exchangeRecord = z.object({
  rid: z.string(),
  itemName: z.string(),
  kind: z.enum(['coupon', 'gift']),
  points: z.number(),
  status: z.enum(['done', 'to_ship', 'shipped']),
  statusText: z.string(),
  createdAt: z.string(),
});
export type ExchangeRecord = z.infer<typeof exchangeRecord>;
