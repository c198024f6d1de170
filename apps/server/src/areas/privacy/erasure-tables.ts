import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  announcements,
  authSessions,
  communities,
  communityMembers,
  grantRequests,
  consultationMessages,
  consultations,
  creditApplications,
  invoiceApplications,
  invoiceTitles,
  loginGuards,
  memberAddresses,
  memberConsents,
  memberMessages,
  noticeChannelChoices,
  memberProfiles,
  type members,
  orderLines,
  orders,
  planLines,
  pointsApplications,
  pointsExchanges,
  prestoreApplications,
  promoterApplications,
  rebateWithdrawals,
  requirements,
  reservations,
  reservationWaits,
  bookingLifts,
  sampleRecycles,
  samplings,
  sealedDocuments,
  smsCodes,
  teacherRequests,
  transferApplications,
  wxBindings,
  vaultFiles,
  vaultShareAccesses,
  vaultShareLinks,
  wxTickets,
} from '../../db/schema';
import type { Owned } from './erasure-engine';

/**
 * The member's own rows that 注销账号 erases (erasure.ts step 1), one entry per table, by the
 * area that owns the table: which rows are theirs, how each personal column is erased, and
 * whether the rows are deleted. A new table holding a member's data gets its entry here.
 */

type Member = typeof members.$inferSelect;
type OfMyOrders = (column: PgColumn) => SQL;

const region = { province: 'blankQuiet', city: 'blankQuiet', area: 'blankQuiet', addressCode: 'blankQuiet' } as const;

const accountsRows = (member: Member): Owned[] => [
  { table: memberConsents, where: eq(memberConsents.memberId, member.id), set: { ip: 'nullQuiet', userAgent: 'nullQuiet' } },
  { table: authSessions, where: and(eq(authSessions.subjectKind, 'member'), eq(authSessions.subjectId, member.id)), set: { ip: 'nullQuiet', userAgent: 'nullQuiet' } },
  { table: wxTickets, where: eq(wxTickets.memberId, member.id), set: { ip: 'nullQuiet', userAgent: 'nullQuiet', openid: 'nullQuiet' }, remove: true },
  { table: wxBindings, where: eq(wxBindings.memberId, member.id), set: { openid: 'gone' }, remove: true },
  { table: smsCodes, where: eq(smsCodes.phone, member.phone), set: { ip: 'nullQuiet' }, remove: true },
  { table: loginGuards, where: or(eq(loginGuards.key, `member:${member.id}`), eq(loginGuards.key, `member:${member.phone}`)), set: { key: 'nullQuiet' }, remove: true },
];

const myConsultations = (member: Member) => or(eq(consultations.memberId, member.id), eq(consultations.phone, member.phone))!;

const messagesRows = (member: Member): Owned[] => [
  { table: memberMessages, where: eq(memberMessages.memberId, member.id), set: { title: 'gone', content: 'blank', link: 'nullQuiet' } },
  { table: announcements, where: eq(announcements.memberId, member.id), set: { title: 'gone', content: 'gone' } },
  // a consultation is theirs when it is their thread or was asked with their phone; its messages (theirs and the lab's replies to them) go with it, read before the thread loses the phone
  { table: consultationMessages, where: sql`${consultationMessages.consultationId} in (select ${consultations.id} from ${consultations} where ${myConsultations(member)})`, set: { content: 'gone' } },
  { table: consultations, where: myConsultations(member), set: { name: 'label', phone: 'blank', company: 'null', content: 'gone', ip: 'nullQuiet' } },
  // which channels they chose: nothing of them to keep
  { table: noticeChannelChoices, where: eq(noticeChannelChoices.memberId, member.id), set: { kind: 'nullQuiet' }, remove: true },
];

const memberRows = (id: number): Owned[] => [
  { table: memberProfiles, where: eq(memberProfiles.memberId, id), set: { teacher: 'null', teacherPhone: 'null', teacherMail: 'null', address: 'null', province: 'nullQuiet', city: 'nullQuiet', area: 'nullQuiet', addressCode: 'nullQuiet', reviewNote: 'null' } },
  { table: memberAddresses, where: eq(memberAddresses.memberId, id), set: { name: 'label', phone: 'blank', address: 'gone' }, remove: true },
  { table: communityMembers, where: eq(communityMembers.memberId, id), set: { message: 'blank' } },
  // 申请老师认证: what they wrote and the reviewer's words about them
  { table: teacherRequests, where: eq(teacherRequests.memberId, id), set: { note: 'blank', reviewNote: 'null' } },
  // communities they made (dissolved: owning one blocks the closure) are often named after them
  { table: communities, where: eq(communities.ownerMemberId, id), set: { name: 'gone', description: 'gone', reviewNote: 'gone' } },
];

const fundsRows = (id: number): Owned[] => [
  { table: invoiceTitles, where: eq(invoiceTitles.memberId, id), set: { title: 'label', taxNo: 'null', bank: 'null', bankAccount: 'null', address: 'null', phone: 'null', email: 'null' }, remove: true },
  {
    table: invoiceApplications,
    where: eq(invoiceApplications.memberId, id),
    set: { email: 'null', receiver: 'null', receiverPhone: 'null', receiverAddress: 'null', remark: 'blank', rejectReason: 'gone' },
  },
  { table: prestoreApplications, where: eq(prestoreApplications.memberId, id), set: { payer: 'blank', remark: 'blank', refuseReason: 'gone' } },
  { table: transferApplications, where: eq(transferApplications.memberId, id), set: { remark: 'blank', refuseReason: 'gone' } },
  { table: creditApplications, where: eq(creditApplications.memberId, id), set: { contact: 'null', reason: 'gone', decisionNote: 'gone' } },
];

const ordersRows = (id: number, ofMyOrders: OfMyOrders): Owned[] => [
  { table: planLines, where: eq(planLines.memberId, id), set: { note: 'blank' }, remove: true },
  { table: samplings, where: eq(samplings.memberId, id), set: { name: 'label', phone: 'blank', ...region, address: 'gone', sendAddress: 'gone', message: 'blank' } },
  { table: sampleRecycles, where: eq(sampleRecycles.memberId, id), set: { samples: 'gone', name: 'label', phone: 'blank', ...region, address: 'gone', message: 'blank', trackingNo: 'null' } },
  { table: requirements, where: eq(requirements.memberId, id), set: { title: 'gone', content: 'gone', samples: 'gone', budget: 'blank', contact: 'label', phone: 'blank', quoteNote: 'gone', closeReason: 'gone' } },
  { table: orders, where: eq(orders.memberId, id), set: { contact: 'label', phone: 'blank', remark: 'blank', cancelReason: 'gone', disputeReason: 'gone', evaluationContent: 'gone', managerCallNote: 'gone' } },
  { table: orderLines, where: ofMyOrders(orderLines.orderId), set: { note: 'blank' } },
  { table: reservations, where: eq(reservations.memberId, id), set: { note: 'blank' } },
  // a wait for an hour says nothing but the hour: the rows go
  { table: reservationWaits, where: eq(reservationWaits.memberId, id), set: {}, remove: true },
  // the staff's reason for lifting a no-show block may name the member
  { table: bookingLifts, where: eq(bookingLifts.memberId, id), set: { reason: 'gone' } },
  // the register of sealed documents keeps number, amount and hashes (what /verify answers), not who or what they named
  { table: sealedDocuments, where: eq(sealedDocuments.memberId, id), set: { client: 'label', title: 'gone' } },
];

// grant cards' requests quote the PI's reason for refusing the member's payment
const grantsRows = (id: number): Owned[] => [{ table: grantRequests, where: eq(grantRequests.memberId, id), set: { reason: 'gone' } }];

const growthRows = (id: number): Owned[] => [
  { table: promoterApplications, where: eq(promoterApplications.memberId, id), set: { name: 'label', phone: 'blank', organization: 'blank', channel: 'gone', reason: 'gone' } },
  { table: rebateWithdrawals, where: eq(rebateWithdrawals.memberId, id), set: { accountName: 'null', bankName: 'nullQuiet', bankAccount: 'null', reason: 'gone' } },
  { table: pointsApplications, where: eq(pointsApplications.memberId, id), set: { title: 'gone', journal: 'gone', doi: 'blank', reason: 'gone', affiliation: 'nullQuiet', acknowledgement: 'nullQuiet' } },
  { table: pointsExchanges, where: eq(pointsExchanges.memberId, id), set: { shipTo: 'null' } },
];

// the raw files' names and hashes stay (what a deletion certificate lists); what the lab wrote about them goes, and who opened their share links
const vaultRows = (id: number): Owned[] => [
  { table: vaultFiles, where: eq(vaultFiles.memberId, id), set: { description: 'gone' } },
  {
    table: vaultShareAccesses,
    where: sql`${vaultShareAccesses.linkId} in (select ${vaultShareLinks.id} from ${vaultShareLinks} where ${vaultShareLinks.memberId} = ${id})`,
    set: { ip: 'blankQuiet', userAgent: 'blankQuiet' },
  },
];

/** Every table holding the member's own rows, grouped by the owning area. */
export const ownedRows = (member: Member, ofMyOrders: OfMyOrders): Owned[] => [
  ...memberRows(member.id),
  ...ordersRows(member.id, ofMyOrders),
  ...messagesRows(member),
  ...fundsRows(member.id),
  ...grantsRows(member.id),
  ...growthRows(member.id),
  ...vaultRows(member.id),
  ...accountsRows(member),
];
