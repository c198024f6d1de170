import { count, sql } from 'drizzle-orm';
import { adminCouponTemplateBody, adminExchangeItemBody } from '@lab/contract';
import type { Db } from '../../db/client';
import { findCouponTemplate, insertCouponTemplate } from '../funds';
import { exchangeItems } from './growth.tables';
import { addExchangeItem } from './points-admin.service';

/**
 * The demo exchange catalogue (积分商城): two coupons of templates made for it (not claimable
 * in the coupon centre; issued only by an exchange), the seeded XRD coupon, and two gifts —
 * each through the same services staff use. Only into an empty catalogue, under an advisory
 * lock, so it runs on every start and two instances starting together seed once.
 */
export async function seedPointsDemo(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed:points'))`);
    const [existing] = await tx.select({ n: count() }).from(exchangeItems);
    if ((existing?.n ?? 0) > 0) return;
    const template = (input: Record<string, string>) => insertCouponTemplate(tx, adminCouponTemplateBody.parse({ claimable: '0', ...input }), now);
    const small = await template({ name: '积分兑换 ¥20 抵用券', description: '全部服务可用，满 ¥200 可用，兑换后 60 天内有效', amount: '20', threshold: '200', valid_days: '60', per_member_limit: '20' });
    const large = await template({ name: '积分兑换 ¥100 抵用券', description: '全部服务可用，满 ¥1,000 可用，兑换后 90 天内有效', amount: '100', threshold: '1000', valid_days: '90', per_member_limit: '10' });
    const xrd = await findCouponTemplate(tx, { name: 'XRD 测试 9 折' }, { active: true });
    const items = [
      { name: '¥20 检测抵用券', kind: 'coupon', coupon_template_rid: small.rid, description: '满 ¥200 减 ¥20，全部服务可用，兑换后 60 天内有效。', points: '2000', img: '/upload/img/points/coupon-20.svg' },
      { name: '¥100 检测抵用券', kind: 'coupon', coupon_template_rid: large.rid, description: '满 ¥1,000 减 ¥100，全部服务可用，兑换后 90 天内有效。', points: '9000', stock: '200', img: '/upload/img/points/coupon-100.svg' },
      ...(xrd
        ? [{ name: 'XRD 测试 9 折券', kind: 'coupon', coupon_template_rid: xrd.rid, description: '结构表征（XRD 等）订单满 ¥200 享 9 折，兑换后 60 天内有效，每人限 2 张。', points: '1500', stock: '100', img: '/upload/img/points/coupon-xrd.svg' }]
        : []),
      { name: '实验室定制笔记本', kind: 'gift', description: 'A5 实验记录本，120 页方格内页，附样品编号与测试条件记录栏，包邮寄送。', points: '1200', stock: '100', img: '/upload/img/points/notebook.svg' },
      { name: '样品保存盒', kind: 'gift', description: '12 格防潮样品盒，含标签贴与干燥剂，适合粉末与块体样品寄送和保存，包邮寄送。', points: '2500', stock: '50', img: '/upload/img/points/sample-box.svg' },
    ];
    for (const [sort, { img, ...item }] of items.entries()) {
      await addExchangeItem(tx, { ...adminExchangeItemBody.parse(item), img, sort }, now);
    }
  });
}
