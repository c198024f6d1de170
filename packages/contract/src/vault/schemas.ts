import { z } from 'zod';
import { optionalText, requiredText } from '../common';

/**
 * 数据保管箱 (decisions/0045): raw files the lab uploads per order and sample straight to
 * storage, checked by SHA-256, kept until the retention's end, shared by link with co-authors.
 */

/** The largest file the vault takes: 5 GB. */
export const VAULT_MAX_FILE_BYTES = 5 * 1024 ** 3;
/** Parts of 8 MB (S3 wants at least 5 MB but the last; 5 GB is 640 parts, within S3's 10,000). */
export const VAULT_PART_BYTES = 8 * 1024 * 1024;
/** A share link lives 1 to 30 days. */
export const VAULT_SHARE_MAX_DAYS = 30;
/** Wrong 提取码 a link takes in 15 minutes before it refuses for a while. */
export const VAULT_SHARE_WRONG_CODES = 5;

export const vaultFileStates = ['uploading', 'verifying', 'verified', 'mismatch', 'deleted'] as const;
export type VaultFileState = (typeof vaultFileStates)[number];
export const vaultFileStateLabels: Record<VaultFileState, string> = {
  uploading: '上传中',
  verifying: '校验中',
  verified: '已校验',
  mismatch: '校验不一致',
  deleted: '已删除',
};

const sha256Field = z
  .string({ error: '[SHA-256]不能为空' })
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, { error: '[SHA-256]应为64位十六进制' });
const ridField = (label: string) => requiredText(label, 40).regex(/^[A-Za-z0-9_-]+$/, { error: `[${label}]不正确` });
const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `[${label}]必须是数字` })
    .int({ error: `[${label}]必须是整数` })
    .min(min, { error: `[${label}]不能小于${min}` })
    .max(max, { error: `[${label}]不能大于${max}` });
const fileSizeField = z.coerce
  .number({ error: '[文件大小]必须是数字' })
  .int({ error: '[文件大小]必须是整数' })
  .min(1, { error: '不能上传空文件' })
  .max(VAULT_MAX_FILE_BYTES, { error: '文件超过 5 GB 上限，请分卷压缩后再上传' });

// ---------------------------------------------------------------- the lab's upload

export const adminVaultOrderBody = z.object({ order_no: requiredText('订单编号', 32) });

export const adminVaultOrder = z.object({
  orderNo: z.string(),
  title: z.string(),
  samples: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const adminVaultStartBody = z.object({
  order_no: requiredText('订单编号', 32),
  /** empty: the file belongs to the whole order */
  sample_code: optionalText('样品编号', 64),
  instrument: requiredText('仪器', 100),
  description: optionalText('说明', 500),
  name: requiredText('文件名', 200).refine((name) => !/[/\\]/.test(name) && ![...name].some((char) => char.charCodeAt(0) < 32), { error: '[文件名]不能含有斜杠或控制字符' }),
  size: fileSizeField,
});

/** The upload screen's form: what every file dropped after it is filed under. */
export const adminVaultUploadForm = adminVaultStartBody.pick({ sample_code: true, instrument: true, description: true });

/** An upload in progress: how to cut the file, and the parts the store already has (resume). */
export const vaultUpload = z.object({
  rid: z.string(),
  name: z.string(),
  size: z.number().int(),
  partSize: z.number().int(),
  partCount: z.number().int(),
  /** part numbers already stored */
  done: z.array(z.number().int()),
  /** true: the browser PUTs parts to URLs it asks for (S3); false: it POSTs them to the server */
  direct: z.boolean(),
});
export type VaultUpload = z.infer<typeof vaultUpload>;

export const adminVaultRidBody = z.object({ rid: ridField('文件') });
export const adminVaultPartBody = z.object({ rid: ridField('文件'), part: int('分片序号', 1, 10_000) });
export const adminVaultPartUrl = z.object({ url: z.string() });
export const adminVaultPartDoneBody = z.object({
  rid: ridField('文件'),
  part: int('分片序号', 1, 10_000),
  etag: requiredText('ETag', 200),
});
export const adminVaultPartQuery = z.object({ rid: ridField('文件'), part: int('分片序号', 1, 10_000) });
export const adminVaultCompleteBody = z.object({ rid: ridField('文件'), sha256: sha256Field });

export const adminVaultFile = z.object({
  rid: z.string(),
  orderNo: z.string(),
  sampleCode: z.string().nullable(),
  instrument: z.string(),
  description: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string().nullable(),
  state: z.enum(vaultFileStates),
  uploadedAt: z.string().nullable(),
  retentionEnd: z.string(),
});
export type AdminVaultFile = z.infer<typeof adminVaultFile>;

// ---------------------------------------------------------------- the member's vault

export const vaultListBody = z.object({
  order_no: optionalText('订单编号', 32),
  page: int('页码', 1, 10_000).default(1),
  pageSize: int('每页条数', 1, 100).default(50),
});
export const vaultFile = adminVaultFile.omit({ instrument: true }).extend({ instrument: z.string() });
export type VaultFile = z.infer<typeof vaultFile>;

export const vaultSumsQuery = z.object({ order_no: optionalText('订单编号', 32), format: z.enum(['sha256sum', 'manifest'], { error: '[格式]不正确' }).default('sha256sum') });

export const vaultRidBody = z.object({ rid: ridField('文件') });
export const vaultLink = z.object({ url: z.string(), expiresAt: z.string() });

export const vaultFetchQuery = z.object({ t: requiredText('链接', 600) });

export const vaultShareAddBody = z.object({
  /** the files' rids, comma-separated */
  rids: requiredText('文件', 2000).transform((value) => [...new Set(value.split(',').map((rid) => rid.trim()).filter(Boolean))]),
  days: int('有效天数', 1, VAULT_SHARE_MAX_DAYS),
  code: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().regex(/^[A-Za-z0-9]{4,8}$/, { error: '[提取码]应为4到8位字母或数字' }).optional()),
  max_downloads: z.preprocess((value) => (value === '' || value === null ? undefined : value), int('下载次数上限', 1, 10_000).optional()),
});

export const vaultShare = z.object({
  rid: z.string(),
  fileNames: z.array(z.string()),
  hasCode: z.boolean(),
  expiresAt: z.string(),
  maxDownloads: z.number().int().nullable(),
  downloads: z.number().int(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VaultShare = z.infer<typeof vaultShare>;
/** The link's path with its secret: shown once, when it is made. */
export const vaultShareMade = vaultShare.extend({ path: z.string() });

export const vaultShareLogBody = z.object({ rid: ridField('分享') });
export const vaultShareAccess = z.object({ action: z.enum(['open', 'download', 'wrong_code']), fileName: z.string().nullable(), ip: z.string(), at: z.string() });

export const vaultCertificate = z.object({
  rid: z.string(),
  deletedAt: z.string(),
  files: z.array(z.object({ orderNo: z.string(), sampleCode: z.string().nullable(), name: z.string(), size: z.number().int(), sha256: z.string().nullable(), retentionEnd: z.string() })),
});

// ---------------------------------------------------------------- the open share page

export const vaultShareOpenBody = z.object({
  token: requiredText('链接', 100),
  code: z
    .string()
    .trim()
    .max(8, { error: '提取码不正确' })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export const vaultShared = z.object({
  expiresAt: z.string(),
  downloadsLeft: z.number().int().nullable(),
  files: z.array(z.object({ rid: z.string(), orderNo: z.string(), sampleCode: z.string().nullable(), name: z.string(), size: z.number().int(), sha256: z.string().nullable() })),
});
export const vaultShareFileBody = vaultShareOpenBody.extend({ rid: ridField('文件') });
/** The share page's one question, for a link that asks for its 提取码. */
export const vaultShareCodeForm = z.object({ code: requiredText('提取码', 8) });
