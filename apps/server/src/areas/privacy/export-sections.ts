import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  consentChannelLabels,
  consentPurposeLabels,
  consultationStatusLabels,
  type ConsultationStatus,
  entryTypeLabels,
  invoiceStatusLabels,
  invoiceTypeLabels,
  membershipStatusLabels,
  organizationLabels,
  paymentLabels,
  progressLabels,
  recycleStatusLabels,
  samplingStatusLabels,
  teacherRequestStatusLabels,
} from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  communities,
  consultationMessages,
  consultations,
  communityMembers,
  memberConsents,
  invoiceApplications,
  invoiceTitles,
  ledgerEntries,
  memberAddresses,
  memberMessages,
  memberProfiles,
  orderLines,
  orders,
  pointsExchanges,
  requirements,
  sampleRecycles,
  samplings,
  teacherRequests,
} from '../../db/schema';
import { getMember, staffNames } from '../accounts';
import { vaultSections } from './export-vault';
import { exportTime as time, type ExportSection } from './export-section';

/**
 * 下载我的数据 (PIPL art. 45 查阅、复制; portability). One copy of everything the shop holds
 * about the caller, in named sections: JSON for a machine (fields by key, each section with its
 * Chinese title and field labels) and xlsx for a person (one sheet per section, Chinese headers).
 * Every section is read with the caller's member id and nothing else.
 */


const yuan = (fen: number) => Math.round(fen) / 100;

/** Every section of the member's data, in the order the file shows them. */
export async function collectMemberData(db: DbOrTx, memberId: number): Promise<ExportSection[]> {
  const member = await getMember(db, memberId);
  const [profile] = await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, memberId)).limit(1);
  const ownAccounts = await db.select().from(accounts).where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, memberId)));
  const balance = (kind: string) => ownAccounts.find((a) => a.kind === kind)?.balanceFen ?? 0;

  const sections: ExportSection[] = [];
  sections.push({
    key: 'account',
    title: '账号信息',
    fields: { rid: '会员编号', phone: '手机号', nickname: '昵称', name: '姓名', email: '邮箱', organization: '用户类型', company: '单位', inviteCode: '邀请码', createdAt: '注册时间', lastLoginAt: '最近登录', prestoreYuan: '预存款余额（元）', rebateYuan: '返利余额（元）', points: '积分' },
    rows: [
      {
        rid: member.rid,
        phone: member.phone,
        nickname: member.nickname,
        name: member.name,
        email: member.email,
        organization: member.organization === null ? null : (organizationLabels[member.organization] ?? String(member.organization)),
        company: member.company,
        inviteCode: member.inviteCode,
        createdAt: time(member.createdAt),
        lastLoginAt: time(member.lastLoginAt),
        prestoreYuan: yuan(balance('prestore')),
        rebateYuan: yuan(balance('rebate')),
        points: balance('points'),
      },
    ],
  });
  sections.push({
    key: 'attestation',
    title: '资料认证',
    fields: { teacher: '导师', teacherPhone: '导师电话', teacherMail: '导师邮箱', province: '省', city: '市', area: '区', address: '详细地址', reviewStatus: '审核状态', attestedAt: '提交时间' },
    rows: profile
      ? [{ teacher: profile.teacher, teacherPhone: profile.teacherPhone, teacherMail: profile.teacherMail, province: profile.province, city: profile.city, area: profile.area, address: profile.address, reviewStatus: profile.reviewStatus, attestedAt: time(profile.attestedAt) }]
      : [],
  });
  const addresses = await db.select().from(memberAddresses).where(eq(memberAddresses.memberId, memberId)).orderBy(asc(memberAddresses.createdAt));
  sections.push({
    key: 'addresses',
    title: '收货地址',
    fields: { name: '联系人', phone: '电话', province: '省', city: '市', area: '区', address: '详细地址', isDefault: '默认', createdAt: '添加时间' },
    rows: addresses.map((a) => ({ name: a.name, phone: a.phone, province: a.province, city: a.city, area: a.area, address: a.address, isDefault: a.isDefault, createdAt: time(a.createdAt) })),
  });

  const myOrders = await db.select().from(orders).where(eq(orders.memberId, memberId)).orderBy(asc(orders.createdAt), asc(orders.id));
  sections.push({
    key: 'orders',
    title: '订单',
    fields: { orderNo: '订单号', title: '项目', progress: '进度', payment: '支付状态', totalYuan: '金额（元）', discountYuan: '优惠（元）', paidYuan: '实付（元）', contact: '联系人', phone: '联系电话', remark: '备注', createdAt: '下单时间', paidAt: '支付时间', completedAt: '完成时间' },
    rows: myOrders.map((o) => ({
      orderNo: o.orderNo,
      title: o.title,
      progress: progressLabels[o.progress] ?? o.progress,
      payment: paymentLabels[o.payment] ?? o.payment,
      totalYuan: yuan(o.totalFen),
      discountYuan: yuan(o.discountFen),
      paidYuan: yuan(o.paidFen),
      contact: o.contact,
      phone: o.phone,
      remark: o.remark,
      createdAt: time(o.createdAt),
      paidAt: time(o.paidAt),
      completedAt: time(o.completedAt),
    })),
  });
  const orderNoOf = new Map(myOrders.map((o) => [o.id, o.orderNo]));
  const lines = myOrders.length ? await db.select().from(orderLines).where(inArray(orderLines.orderId, [...orderNoOf.keys()])).orderBy(asc(orderLines.orderId), asc(orderLines.sort)) : [];
  sections.push({
    key: 'orderLines',
    title: '订单明细',
    fields: { orderNo: '订单号', name: '检测项目', count: '数量', unit: '单位', unitPriceYuan: '单价（元）', amountYuan: '金额（元）', options: '选项', samples: '样品', note: '备注' },
    rows: lines.map((l) => ({
      orderNo: orderNoOf.get(l.orderId) ?? '',
      name: l.name,
      count: l.count,
      unit: l.unit,
      unitPriceYuan: yuan(l.unitPriceFen),
      amountYuan: yuan(l.amountFen),
      options: JSON.stringify(l.options),
      samples: JSON.stringify(l.samples),
      note: l.note,
    })),
  });

  const titles = await db.select().from(invoiceTitles).where(eq(invoiceTitles.memberId, memberId)).orderBy(asc(invoiceTitles.createdAt));
  sections.push({
    key: 'invoiceTitles',
    title: '发票抬头',
    fields: { kind: '类型', title: '抬头', taxNo: '税号', bank: '开户行', bankAccount: '银行账号', address: '地址', phone: '电话', email: '邮箱', isDefault: '默认' },
    rows: titles.map((t) => ({ kind: t.kind === 'unit' ? '单位' : '个人', title: t.title, taxNo: t.taxNo, bank: t.bank, bankAccount: t.bankAccount, address: t.address, phone: t.phone, email: t.email, isDefault: t.isDefault })),
  });
  const invoices = await db.select().from(invoiceApplications).where(eq(invoiceApplications.memberId, memberId)).orderBy(asc(invoiceApplications.createdAt));
  sections.push({
    key: 'invoices',
    title: '开票申请',
    fields: { rid: '申请编号', type: '发票类型', title: '抬头', taxNo: '税号', amountYuan: '金额（元）', status: '状态', invoiceNo: '发票号码', issuedOn: '开票日期', email: '接收邮箱', receiver: '收件人', receiverPhone: '收件电话', receiverAddress: '收件地址', createdAt: '申请时间' },
    rows: invoices.map((i) => ({
      rid: i.rid,
      type: invoiceTypeLabels[i.type] ?? String(i.type),
      title: i.title.title,
      taxNo: i.title.tax_no,
      amountYuan: yuan(i.amountFen),
      status: invoiceStatusLabels[i.status] ?? i.status,
      invoiceNo: i.invoiceNo,
      issuedOn: i.issuedOn,
      email: i.email,
      receiver: i.receiver,
      receiverPhone: i.receiverPhone,
      receiverAddress: i.receiverAddress,
      createdAt: time(i.createdAt),
    })),
  });

  const accountKind = new Map(ownAccounts.map((a) => [a.id, a.kind]));
  const entries = ownAccounts.length
    ? await db.select().from(ledgerEntries).where(inArray(ledgerEntries.accountId, [...accountKind.keys()])).orderBy(asc(ledgerEntries.id))
    : [];
  const kindLabel: Record<string, string> = { prestore: '预存款', rebate: '返利', points: '积分' };
  sections.push({
    key: 'ledger',
    title: '资金与积分流水',
    fields: { account: '账户', createdAt: '时间', type: '类型', amount: '变动（元/积分）', balanceAfter: '变动后余额', reference: '关联单据', note: '备注' },
    rows: entries.map((e) => {
      const kind = accountKind.get(e.accountId) ?? 'prestore';
      const points = kind === 'points';
      return {
        account: kindLabel[kind] ?? kind,
        createdAt: time(e.createdAt),
        type: entryTypeLabels[e.type] ?? e.type,
        amount: points ? e.amountFen : yuan(e.amountFen),
        balanceAfter: points ? e.balanceAfterFen : yuan(e.balanceAfterFen),
        reference: e.reference,
        note: e.note,
      };
    }),
  });
  const exchanges = await db.select().from(pointsExchanges).where(eq(pointsExchanges.memberId, memberId)).orderBy(asc(pointsExchanges.createdAt));
  sections.push({
    key: 'pointsExchanges',
    title: '积分兑换',
    fields: { rid: '兑换编号', points: '积分', status: '状态', shipTo: '邮寄地址', createdAt: '兑换时间' },
    rows: exchanges.map((x) => ({ rid: x.rid, points: x.points, status: x.status, shipTo: x.shipTo, createdAt: time(x.createdAt) })),
  });

  const messages = await db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId)).orderBy(asc(memberMessages.createdAt));
  sections.push({
    key: 'messages',
    title: '站内消息',
    fields: { title: '标题', content: '内容', createdAt: '时间', readAt: '阅读时间' },
    rows: messages.map((m) => ({ title: m.title, content: m.content, createdAt: time(m.createdAt), readAt: time(m.readAt) })),
  });

  const memberships = await db
    .select({ name: communities.name, unit: communities.unit, role: communityMembers.role, status: communityMembers.status, appliedAt: communityMembers.appliedAt, ownerId: communities.ownerMemberId })
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .where(eq(communityMembers.memberId, memberId))
    .orderBy(asc(communityMembers.appliedAt));
  sections.push({
    key: 'communities',
    title: '科研团体',
    fields: { name: '团体名称', unit: '所属单位', role: '身份', status: '状态', appliedAt: '申请/创建时间' },
    rows: memberships.map((m) => ({ name: m.name, unit: m.unit, role: m.ownerId === memberId ? '负责人' : '成员', status: membershipStatusLabels[m.status] ?? m.status, appliedAt: time(m.appliedAt) })),
  });

  const teacherAsks = await db.select().from(teacherRequests).where(eq(teacherRequests.memberId, memberId)).orderBy(asc(teacherRequests.createdAt));
  sections.push({
    key: 'teacherRequests',
    title: '老师认证申请',
    fields: { note: '说明', status: '状态', reviewNote: '审核意见', createdAt: '申请时间', reviewedAt: '审核时间' },
    rows: teacherAsks.map((r) => ({ note: r.note, status: teacherRequestStatusLabels[r.status], reviewNote: r.reviewNote, createdAt: time(r.createdAt), reviewedAt: time(r.reviewedAt) })),
  });

  const pickups = await db.select().from(samplings).where(eq(samplings.memberId, memberId)).orderBy(asc(samplings.createdAt));
  sections.push({
    key: 'pickups',
    title: '上门取样',
    fields: { pickupDate: '日期', timeSlot: '时段', name: '联系人', phone: '电话', address: '地址', status: '状态', createdAt: '预约时间' },
    rows: pickups.map((p) => ({ pickupDate: p.pickupDate, timeSlot: p.timeSlot, name: p.name, phone: p.phone, address: `${p.province}${p.city}${p.area}${p.address}`, status: samplingStatusLabels[p.status] ?? p.status, createdAt: time(p.createdAt) })),
  });
  const returns = await db.select().from(sampleRecycles).where(eq(sampleRecycles.memberId, memberId)).orderBy(asc(sampleRecycles.createdAt));
  sections.push({
    key: 'sampleReturns',
    title: '样品寄回',
    fields: { orderNo: '订单号', samples: '样品', name: '收件人', phone: '电话', address: '地址', status: '状态', trackingNo: '快递单号', createdAt: '申请时间' },
    rows: returns.map((r) => ({ orderNo: r.orderNo, samples: r.samples, name: r.name, phone: r.phone, address: `${r.province}${r.city}${r.area}${r.address}`, status: recycleStatusLabels[r.status] ?? r.status, trackingNo: r.trackingNo, createdAt: time(r.createdAt) })),
  });
  const demands = await db.select().from(requirements).where(eq(requirements.memberId, memberId)).orderBy(asc(requirements.createdAt));
  sections.push({
    key: 'requirements',
    title: '检测需求',
    fields: { rid: '需求编号', title: '标题', content: '内容', contact: '联系人', phone: '电话', status: '状态', createdAt: '提交时间' },
    rows: demands.map((d) => ({ rid: d.rid, title: d.title, content: d.content, contact: d.contact, phone: d.phone, status: d.status, createdAt: time(d.createdAt) })),
  });

  // 我的咨询: every message of their threads, the question first, oldest first
  const threads = await db.select().from(consultations).where(eq(consultations.memberId, memberId)).orderBy(asc(consultations.createdAt), asc(consultations.id));
  const threadMessages = threads.length
    ? await db
        .select()
        .from(consultationMessages)
        .where(inArray(consultationMessages.consultationId, threads.map((c) => c.id)))
        .orderBy(asc(consultationMessages.createdAt), asc(consultationMessages.id))
    : [];
  const replyNames = await staffNames(db, threadMessages.map((m) => m.staffId));
  sections.push({
    key: 'consultations',
    title: '我的咨询',
    fields: { rid: '咨询编号', status: '状态', author: '留言人', content: '内容', createdAt: '时间' },
    rows: threads.flatMap((c) => {
      const status = consultationStatusLabels[c.status as ConsultationStatus] ?? c.status;
      return [
        { rid: c.rid, status, author: c.name, content: c.content, createdAt: time(c.createdAt) },
        ...threadMessages
          .filter((m) => m.consultationId === c.id)
          .map((m) => ({ rid: c.rid, status, author: m.author === 'staff' ? `客服 ${(m.staffId !== null ? replyNames.get(m.staffId) : undefined) ?? ''}`.trim() : c.name, content: m.content, createdAt: time(m.createdAt) })),
      ];
    }),
  });

  const consents = await db.select().from(memberConsents).where(eq(memberConsents.memberId, memberId)).orderBy(asc(memberConsents.createdAt), asc(memberConsents.id));
  sections.push({
    key: 'consents',
    title: '同意记录',
    fields: { purpose: '事项', version: '协议版本', granted: '同意/撤回', channel: '途径', ip: 'IP', createdAt: '时间' },
    rows: consents.map((c) => ({
      purpose: consentPurposeLabels[c.purpose] ?? c.purpose,
      version: c.version,
      granted: c.granted ? '同意' : '撤回',
      channel: consentChannelLabels[c.channel] ?? c.channel,
      ip: c.ip,
      createdAt: time(c.createdAt),
    })),
  });
  sections.push(...(await vaultSections(db, memberId)));
  return sections;
}
