import { and, eq } from 'drizzle-orm';
import { formatFen } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { getSiteSettings } from '../content';
import type { OrderRow } from './order-core';
import { contracts } from './requirements.tables';

/**
 * Where the lab requires a signed 委托检测服务协议 before testing starts (decisions/0057): an enterprise
 * customer's order (organisation 2 when ordered) always; any other order whose amount due reaches the
 * threshold admin sets in 站点设置 → 委托协议签署要求. "Signed" means in force: signed online (sealed at
 * once) or a signed copy uploaded and confirmed by sales.
 */
export async function agreementRequirement(db: DbOrTx, order: Pick<OrderRow, 'organization' | 'totalFen' | 'discountFen'>): Promise<string | null> {
  if (order.organization === 2) return '企业客户的订单须签署委托检测服务协议后才能开始测试';
  const { agreementRule } = await getSiteSettings(db);
  const due = order.totalFen - order.discountFen;
  if (agreementRule.fromFen !== null && due >= agreementRule.fromFen) {
    return `订单应付金额 ${formatFen(due)} 达到 ${formatFen(agreementRule.fromFen)}，须签署委托检测服务协议后才能开始测试`;
  }
  return null;
}

/** Why testing cannot start for want of the agreement (naming what is missing), or null. */
export async function missingAgreement(db: DbOrTx, order: OrderRow): Promise<string | null> {
  const required = await agreementRequirement(db, order);
  if (!required) return null;
  const [row] = await db
    .select({ status: contracts.status })
    .from(contracts)
    .where(and(eq(contracts.orderId, order.id), eq(contracts.kind, 'agreement')))
    .limit(1);
  if (row?.status === 'confirmed') return null;
  const state = row?.status === 'signed' ? '客户已上传签署件，待销售在合同管理中确认' : '客户尚未签署（可在订单页在线签署，或打印签字后上传）';
  return `${required}：委托检测服务协议未生效，${state}`;
}
