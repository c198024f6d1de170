import { z } from 'zod';
import { optionalText, pageQuery, requiredText } from '../common';
import { blankToUndefined, intField, optionalEnum, requiredFlag, requiredInt, rid } from '../member/admin-fields';
import { adminExchangeItemBody } from './admin-decision-schemas';
import { exchangeItem, exchangeRecord, pointsApplication } from './points-schemas';

// ---- partners, points, requirements, contracts: what staff see (calls in their modules) ----

export const adminPartnerApplication = z.object({
  rid: z.string(),
  member: z.object({ rid: z.string(), phone: z.string(), name: z.string(), nickname: z.string() }),
  name: z.string(),
  phone: z.string(),
  organization: z.string(),
  channel: z.string(),
  status: z.enum(['pending', 'approved', 'refused']),
  statusText: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminPartnerApplication = z.infer<typeof adminPartnerApplication>;

const memberBrief = z.object({ rid: z.string(), name: z.string(), phone: z.string() });

export const adminPointsApplication = pointsApplication.extend({
  /** what a decision on it pins (versionPin) */
  version: z.number(),
  publishedOn: z.string().nullable(),
  member: memberBrief,
  decidedAt: z.string().nullable(),
  /** the order the 引用代码 names (the lab's own record of the test behind the paper) */
  citedOrderNo: z.string().nullable(),
});
export type AdminPointsApplication = z.infer<typeof adminPointsApplication>;

export const adminExchangeItem = exchangeItem.omit({ available: true }).extend({
  couponTemplateRid: z.string().nullable(),
  totalStock: z.number().nullable(),
  exchangedCount: z.number(),
  active: z.boolean(),
  sort: z.number(),
});
export type AdminExchangeItem = z.infer<typeof adminExchangeItem>;

export const adminExchangeRecord = exchangeRecord.extend({
  shipTo: z.string().nullable(),
  member: memberBrief,
});
export type AdminExchangeRecord = z.infer<typeof adminExchangeRecord>;

/** a picture uploaded through /api/admin/upload/image (its stored path), or the item's default */
const itemImage = optionalText('图片', 300).refine((value) => value === undefined || (/^\/upload\/img\/[\w./-]+$/.test(value) && !value.includes('..')), { error: '[图片]请通过上传按钮选择' });

/** POST /api/admin/growth/exchange/add — the growth contract's item, with an optional picture and order. */
export const adminExchangeItemAddBody = adminExchangeItemBody.extend({
  img: itemImage,
  sort: z.preprocess(blankToUndefined, intField('排序', 0, 9999).optional()),
});
export type AdminExchangeItemAddBody = z.infer<typeof adminExchangeItemAddBody>;

/** POST /api/admin/growth/exchange/edit — kind and coupon template stay as created. */
export const adminExchangeItemEditBody = z.object({
  rid: rid('兑换商品'),
  name: requiredText('名称', 50),
  description: optionalText('说明', 500),
  img: itemImage,
  points: requiredInt('所需积分', 1, 1_000_000),
  /** total stock; empty = unlimited; never below what was already exchanged */
  stock: z.preprocess(blankToUndefined, intField('库存', 0, 1_000_000).optional()),
  sort: z.preprocess(blankToUndefined, intField('排序', 0, 9999).optional()),
});
export type AdminExchangeItemEditBody = z.infer<typeof adminExchangeItemEditBody>;

/** POST /api/admin/growth/exchange/status — active 0 withdraws the item from the catalogue, 1 puts it back. */
export const adminExchangeItemStatusBody = z.object({ rid: rid('兑换商品'), active: requiredFlag('上架状态') });
export type AdminExchangeItemStatusBody = z.infer<typeof adminExchangeItemStatusBody>;

/** the staff list filters of the calls that live in their modules */
export const adminPartnerListBody = pageQuery.extend({ status: optionalEnum(['pending', 'approved', 'refused'], '状态') });
export const adminPointsApplicationListBody = pageQuery.extend({ status: optionalEnum(['pending', 'approved', 'refused'], '状态') });
export const adminExchangeListBody = pageQuery.extend({ status: optionalEnum(['done', 'to_ship', 'shipped'], '状态') });
export const adminExchangeShipBody = z.object({ rid: rid('兑换记录'), note: optionalText('物流信息', 200) });
