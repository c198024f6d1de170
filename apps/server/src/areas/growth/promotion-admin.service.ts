import { desc, eq } from 'drizzle-orm';
import { partnerStatusLabels, type AdminPartnerApplication, type Page } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { memberContact, memberContacts, type MemberContact } from '../accounts';
import { postMessage } from '../messages';
import { promoterApplications } from './growth.tables';

/** 推广合伙人 for sales: the applications, approved or refused (promotion.service.ts has the member's side). */

export type { AdminPartnerApplication };

type ApplicationRow = typeof promoterApplications.$inferSelect;

/** How the staff screens name the member behind a request. */
export const memberView = (m: Pick<MemberContact, 'rid' | 'phone' | 'name' | 'nickname'>) => ({ rid: m.rid, phone: m.phone, name: m.name ?? '', nickname: m.nickname ?? '' });

const toAdminPartner = (a: ApplicationRow, m: MemberContact): AdminPartnerApplication => ({
  rid: a.rid,
  member: memberView(m),
  name: a.name,
  phone: a.phone,
  organization: a.organization,
  channel: a.channel,
  status: a.status,
  statusText: partnerStatusLabels[a.status],
  reason: a.reason,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
});

export async function adminListPartners(db: DbOrTx, query: { page: number; pageSize: number; status?: ApplicationRow['status'] | undefined }): Promise<Page<AdminPartnerApplication>> {
  const where = query.status ? eq(promoterApplications.status, query.status) : undefined;
  return paginate(
    query,
    (w) =>
      db
        .select()
        .from(promoterApplications)
        .where(where)
        .orderBy(desc(promoterApplications.createdAt), desc(promoterApplications.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(promoterApplications, where),
    async (rows) => {
      const applicants = await memberContacts(db, rows.map((a) => a.memberId));
      return rows.flatMap((a) => {
        const m = applicants.get(a.memberId);
        return m ? [toAdminPartner(a, m)] : [];
      });
    },
  );
}

/** Sales approves or refuses a pending application (a reason is required to refuse); the member hears it in-site. */
export async function decidePartner(db: Db, staffId: number, input: { rid: string; reason?: string | undefined; approve: boolean }, now: Date): Promise<AdminPartnerApplication> {
  if (!input.approve && !input.reason) throw badRequest('[原因]不能为空');
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(promoterApplications).where(eq(promoterApplications.rid, input.rid)).for('update').limit(1);
    if (!current) throw notFound('申请');
    if (current.status !== 'pending') throw conflict(`该申请${partnerStatusLabels[current.status]}，不能审核`);
    const [updated] = await tx
      .update(promoterApplications)
      .set({ status: input.approve ? 'approved' : 'refused', reason: input.approve ? null : (input.reason ?? null), decidedBy: staffId, decidedAt: now })
      .where(eq(promoterApplications.id, current.id))
      .returning();
    await postMessage(
      tx,
      current.memberId,
      input.approve
        ? { kind: 'promotion', title: '推广合伙人申请已通过', content: '恭喜您成为推广合伙人！您邀请的会员支付订单后，您将获得相应返利。', link: '/member/promotion' }
        : { kind: 'promotion', title: '推广合伙人申请未通过', content: `很抱歉，您的推广合伙人申请未通过，原因：${input.reason}。您可以完善信息后重新申请。`, link: '/member/promotion' },
      now,
    );
    return updated!;
  });
  const m = await memberContact(db, row.memberId);
  return toAdminPartner(row, m!);
}
