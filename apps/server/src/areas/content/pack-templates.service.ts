import { formatFen, packTemplateKeys, packTemplateLabels, type PackTemplateKey, type PackTemplateSaveBody, type PackTemplateView } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { reimbursementTemplates } from './pack-templates.tables';

/** ¥50,000 and ¥1,000: 中山大学 财务处's thresholds for a signed 测试合同 and a payment proof */
const CONTRACT_FROM_FEN = 5_000_000;
const PROOF_FROM_FEN = 100_000;

/** The built-in templates: 中山大学 财务处's published rules, and 创新券 redemption. */
export const PACK_TEMPLATE_DEFAULTS: Record<PackTemplateKey, Omit<PackTemplateView, 'updatedAt'>> = {
  default: {
    key: 'default',
    name: packTemplateLabels.default,
    rule: `依中山大学财务处报销要求：金额 ${formatFen(CONTRACT_FROM_FEN)} 以下附测试清单，${formatFen(CONTRACT_FROM_FEN)} 及以上附已签署的测试合同；${formatFen(PROOF_FROM_FEN)} 及以上附付款证明；检测报告与发票必附。`,
    contractFromFen: CONTRACT_FROM_FEN,
    proofFromFen: PROOF_FROM_FEN,
  },
  voucher: {
    key: 'voucher',
    name: packTemplateLabels.voucher,
    rule: '创新券兑付：已签署的合同（委托检测服务协议）、发票、付款证明与服务成果（检测报告）。',
    contractFromFen: 0,
    proofFromFen: 0,
  },
};

/** Every template as the pack uses it: admin's version where there is one, else the default. */
export async function packTemplates(db: DbOrTx): Promise<Record<PackTemplateKey, PackTemplateView>> {
  const rows = await db.select().from(reimbursementTemplates);
  const saved = new Map(rows.map((r) => [r.key, r]));
  const out = {} as Record<PackTemplateKey, PackTemplateView>;
  for (const key of packTemplateKeys) {
    const row = saved.get(key);
    out[key] = row
      ? { key, name: row.name, rule: row.rule, contractFromFen: row.contractFromFen, proofFromFen: row.proofFromFen, updatedAt: row.updatedAt.toISOString() }
      : { ...PACK_TEMPLATE_DEFAULTS[key], updatedAt: null };
  }
  return out;
}

export async function packTemplate(db: DbOrTx, key: PackTemplateKey): Promise<PackTemplateView> {
  return (await packTemplates(db))[key];
}

/** 系统 → 报销模板: admin saves a template (a row per key, replaced). */
export async function savePackTemplate(db: DbOrTx, staffId: number, body: PackTemplateSaveBody, now: Date): Promise<PackTemplateView> {
  const values = { name: body.name, rule: body.rule, contractFromFen: body.contract_from, proofFromFen: body.proof_from, updatedBy: staffId, updatedAt: now };
  await db
    .insert(reimbursementTemplates)
    .values({ key: body.key, ...values })
    .onConflictDoUpdate({ target: reimbursementTemplates.key, set: values });
  return packTemplate(db, body.key);
}
