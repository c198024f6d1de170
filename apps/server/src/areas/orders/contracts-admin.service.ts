import { eq } from 'drizzle-orm';
import { type AdminContract, type ContractStatus, type Page } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError, conflict, notFound } from '../../platform/errors';
import { memberByRid, memberContacts } from '../accounts';
import { postMessage, sendNotice } from '../messages';
import { contracts } from './requirements.tables';
import type { NoticeDeps } from './requirements.service';
import { assertStillOpen, findContract, page, statusFilter, toContractViews, type ContractRow, type StoredFile } from './contracts.service';

/** Contracts, the sales' side (/api/admin/contract/*): the list with the member, the lab's file for a member, confirming a signed copy. */

async function adminViews(db: DbOrTx, rows: ContractRow[]): Promise<AdminContract[]> {
  const [views, byId] = await Promise.all([
    toContractViews(db, rows),
    memberContacts(
      db,
      rows.map((r) => r.memberId),
    ),
  ]);
  return views.map((view, i) => {
    const row = rows[i]!;
    const person = byId.get(row.memberId);
    return {
      ...view,
      member: { rid: person?.rid ?? '', name: person?.name || person?.nickname || '', phone: person?.phone ?? '', company: person?.company ?? '' },
      signedAt: row.signedAt?.toISOString() ?? null,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
    };
  });
}

export async function adminListContracts(db: DbOrTx, query: { page: number; pageSize: number; status?: ContractStatus | undefined }): Promise<Page<AdminContract>> {
  return page(db, statusFilter(query.status), query, (rows) => adminViews(db, rows));
}

/** The member a contract is for, by rid (404 when unknown). */
export async function findMemberByRid(db: DbOrTx, rid: string) {
  const id = (await memberByRid(db, rid))?.id ?? null;
  if (id === null) throw notFound('客户');
  return { id };
}

/** contract/add: the lab's file for a member to sign; the member gets an in-site message and an SMS/e-mail. */
export async function addLabContract(db: Db, deps: NoticeDeps, memberId: number, title: string, stored: StoredFile, now: Date): Promise<AdminContract> {
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(contracts)
      .values({ rid: randomId(), memberId, kind: 'contract', title, status: 'to_sign', fileStoredName: stored.name, fileType: stored.type, createdAt: now })
      .returning();
    await postMessage(
      tx,
      memberId,
      { kind: 'contract', title: '您有一份合同待签署', content: `实验室为您发送了合同「${title}」，请下载后签字盖章，并上传签署件。`, link: '/experiment/contract' },
      now,
    );
    return inserted!;
  });
  try {
    await sendNotice(db, deps, memberId, {
      template: 'contract_to_sign',
      params: { title: title.slice(0, 20) },
      subject: '您有一份合同待签署',
      body: `实验室为您发送了合同「${title}」，请登录后在“合同协议”中下载签署。`,
    });
  } catch (error) {
    deps.log?.error({ err: error }, 'contract notice failed');
  }
  return (await adminViews(db, [row]))[0]!;
}

/** contract/confirm: sales accepts the signed copy (signed → confirmed). */
export async function confirmContract(db: Db, rid: string, now: Date): Promise<AdminContract> {
  const row = await db.transaction(async (tx) => {
    const current = await findContract(tx, rid, { lock: true });
    if (current.status === 'confirmed') throw conflict('该合同已确认，请勿重复操作');
    if (current.status !== 'signed') throw new AppError('CONTRACT_STATE', '客户尚未上传签署件，不能确认', { status: 409 });
    await assertStillOpen(tx, current, '确认协议');
    const [updated] = await tx.update(contracts).set({ status: 'confirmed', confirmedAt: now }).where(eq(contracts.id, current.id)).returning();
    await postMessage(
      tx,
      current.memberId,
      { kind: 'contract', title: '合同已生效', content: `您上传的「${current.title}」签署件已确认，合同已生效。`, link: '/experiment/contract' },
      now,
    );
    return updated!;
  });
  return (await adminViews(db, [row]))[0]!;
}

export async function adminContractFile(db: DbOrTx, rid: string): Promise<{ file: { name: string; type: string }; downloadName: string }> {
  const row = await findContract(db, rid);
  if (!row.fileStoredName || !row.fileType) throw notFound('合同文件');
  return { file: { name: row.fileStoredName, type: row.fileType }, downloadName: row.title };
}
