import { and, count, desc, eq, gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DATA_EXPORTS_PER_HOUR, labTime, type PrivacyExportQuery } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';
import { tooMany } from '../../platform/errors';
import { writeMemberAudit } from '../../platform/member-audit';
import { getMember } from '../accounts';
import type { RequestMeta } from '../../platform/caller';
import { collectMemberData } from './export-sections';
import type { Cell, ExportSection } from './export-section';

/**
 * 下载我的数据 (PIPL art. 45 查阅、复制; portability): the copy of export-sections.ts as a file —
 * JSON for a machine, xlsx for a person — at most DATA_EXPORTS_PER_HOUR an hour, audited.
 */

/** The JSON copy: a format tag, when, whose, and every section with its labels. */
export function exportJson(sections: ExportSection[], now: Date, rid: string): Buffer {
  const file = {
    format: 'lab-member-data/1',
    说明: '本文件为您在科研检测服务商城的个人信息副本（《个人信息保护法》第四十五条）。每个部分含 title（中文名称）、fields（字段说明）和 rows（数据）。',
    exportedAt: labTime(now),
    member: rid,
    sections: Object.fromEntries(sections.map((s) => [s.key, { title: s.title, fields: s.fields, rows: s.rows }])),
  };
  return Buffer.from(JSON.stringify(file, null, 2), 'utf8');
}

/** The xlsx copy: a 说明 sheet, then one sheet per section with Chinese headers. */
export async function exportXlsx(sections: ExportSection[], now: Date, rid: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '科研检测服务商城';
  const about = book.addWorksheet('说明');
  about.columns = [{ width: 16 }, { width: 80 }];
  about.addRows([
    ['内容', '您在科研检测服务商城的个人信息副本（《个人信息保护法》第四十五条）'],
    ['会员编号', rid],
    ['导出时间', labTime(now)],
    ['工作表', sections.map((s) => s.title).join('、')],
  ]);
  for (const section of sections) {
    const sheet = book.addWorksheet(section.title);
    const keys = Object.keys(section.fields);
    sheet.columns = keys.map((key) => ({ header: section.fields[key]!, key, width: Math.max(12, Math.min(40, section.fields[key]!.length * 3)) }));
    sheet.getRow(1).font = { bold: true };
    for (const row of section.rows) sheet.addRow(keys.map((key) => cellText(row[key] ?? null)));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

// a text beginning = + - @ would be read as a formula by Excel
const cellText = (value: Cell) => (typeof value === 'string' && /^[=+\-@]/.test(value) && !/^-\d/.test(value) ? `'${value}` : typeof value === 'boolean' ? (value ? '是' : '否') : value);

/**
 * The download: at most DATA_EXPORTS_PER_HOUR per member and hour (counted from the audit rows,
 * so every instance agrees), the file built, and its audit row written in one transaction.
 */
export async function exportMemberData(db: Db, memberId: number, query: PrivacyExportQuery, meta: RequestMeta & { requestId?: string }) {
  return db.transaction(async (tx) => {
    const member = await getMember(tx, memberId);
    const used = await exportsInLastHour(tx, memberId, meta.now);
    if (used >= DATA_EXPORTS_PER_HOUR) throw tooMany(`每小时最多下载${DATA_EXPORTS_PER_HOUR}次个人信息副本，请稍后再试`);
    const sections = await collectMemberData(tx, memberId);
    const body = query.format === 'xlsx' ? await exportXlsx(sections, meta.now, member.rid) : exportJson(sections, meta.now, member.rid);
    await writeMemberAudit(tx, {
      memberId,
      action: 'privacy.export',
      label: '下载个人信息副本',
      entity: 'member',
      targetKey: member.rid,
      input: { format: query.format },
      after: { sections: sections.map((s) => ({ key: s.key, rows: s.rows.length })) },
      ip: meta.ip,
      requestId: meta.requestId,
      now: meta.now,
    });
    return { body, rid: member.rid };
  });
}

export async function exportsInLastHour(db: DbOrTx, memberId: number, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.memberId, memberId), eq(auditLog.action, 'privacy.export'), gt(auditLog.createdAt, new Date(now.getTime() - 3600_000))));
  return row?.n ?? 0;
}

export async function lastExportAt(db: DbOrTx, memberId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.memberId, memberId), eq(auditLog.action, 'privacy.export')))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row?.at ?? null;
}
