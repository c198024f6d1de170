import { asc, count, eq, inArray } from 'drizzle-orm';
import { vaultFileStateLabels } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { orders, vaultDeletionCertificates, vaultExtensions, vaultFiles, vaultShareAccesses, vaultShareLinks } from '../../db/schema';
import { exportTime as time, type ExportSection } from './export-section';

/**
 * 下载我的数据, the data vault's part (decisions/0053): the raw files kept for the member (with
 * hash and retention end), the share links they made (with how often each was opened), the
 * retention they bought and the deletion certificates. Read with the member's id only.
 */
export async function vaultSections(db: DbOrTx, memberId: number): Promise<ExportSection[]> {
  const files = await db
    .select({ file: vaultFiles, orderNo: orders.orderNo })
    .from(vaultFiles)
    .innerJoin(orders, eq(orders.id, vaultFiles.orderId))
    .where(eq(vaultFiles.memberId, memberId))
    .orderBy(asc(vaultFiles.id));
  const names = new Map(files.map(({ file }) => [file.id, file.name]));
  const links = await db.select().from(vaultShareLinks).where(eq(vaultShareLinks.memberId, memberId)).orderBy(asc(vaultShareLinks.id));
  const opened = links.length
    ? await db
        .select({ linkId: vaultShareAccesses.linkId, n: count() })
        .from(vaultShareAccesses)
        .where(inArray(vaultShareAccesses.linkId, links.map((link) => link.id)))
        .groupBy(vaultShareAccesses.linkId)
    : [];
  const extensions = await db
    .select({ extension: vaultExtensions, orderNo: orders.orderNo })
    .from(vaultExtensions)
    .innerJoin(orders, eq(orders.id, vaultExtensions.orderId))
    .where(eq(vaultExtensions.memberId, memberId))
    .orderBy(asc(vaultExtensions.id));
  const certificates = await db.select().from(vaultDeletionCertificates).where(eq(vaultDeletionCertificates.memberId, memberId)).orderBy(asc(vaultDeletionCertificates.id));
  return [
    {
      key: 'vaultFiles',
      title: '数据保管箱文件',
      fields: { orderNo: '订单号', sampleCode: '样品编号', instrument: '仪器', description: '说明', name: '文件名', size: '大小（字节）', sha256: 'SHA-256', state: '状态', uploadedAt: '上传时间', retentionEnd: '保存期限', deletedAt: '删除时间' },
      rows: files.map(({ file, orderNo }) => ({
        orderNo,
        sampleCode: file.sampleCode,
        instrument: file.instrument,
        description: file.description,
        name: file.name,
        size: file.size,
        sha256: file.sha256Verified ?? file.sha256Claimed,
        state: vaultFileStateLabels[file.state],
        uploadedAt: time(file.uploadedAt),
        retentionEnd: time(file.retentionEnd),
        deletedAt: time(file.deletedAt),
      })),
    },
    {
      key: 'vaultShares',
      title: '数据分享链接',
      fields: { files: '文件', hasCode: '提取码', expiresAt: '有效期至', maxDownloads: '下载上限', downloads: '已下载', accesses: '访问记录数', revokedAt: '撤销时间', createdAt: '创建时间' },
      rows: links.map((link) => ({
        files: link.fileIds.map((id) => names.get(id) ?? '').join('、'),
        hasCode: link.codeHash !== null,
        expiresAt: time(link.expiresAt),
        maxDownloads: link.maxDownloads,
        downloads: link.downloads,
        accesses: opened.find((o) => o.linkId === link.id)?.n ?? 0,
        revokedAt: time(link.revokedAt),
        createdAt: time(link.createdAt),
      })),
    },
    {
      key: 'vaultExtensions',
      title: '数据保管延期',
      fields: { orderNo: '订单号', files: '文件', years: '年数', gb: '计费 GB', totalYuan: '金额（元）', appliedAt: '生效时间', createdAt: '下单时间' },
      rows: extensions.map(({ extension, orderNo }) => ({
        orderNo,
        files: extension.fileIds.map((id) => names.get(id) ?? '').join('、'),
        years: extension.years,
        gb: extension.gb,
        totalYuan: extension.totalFen / 100,
        appliedAt: time(extension.appliedAt),
        createdAt: time(extension.createdAt),
      })),
    },
    {
      key: 'vaultCertificates',
      title: '数据删除证明',
      fields: { rid: '证明编号', deletedAt: '删除时间', files: '文件（SHA-256）' },
      rows: certificates.map((c) => ({ rid: c.rid, deletedAt: time(c.deletedAt), files: c.files.map((f) => `${f.name}（${f.sha256 ?? '—'}）`).join('\n') })),
    },
  ];
}
