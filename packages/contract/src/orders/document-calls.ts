import { z } from 'zod';
import { call, resource } from '../call';
import { documentCheckView, documentRevokeBody, documentVerifyQuery, documentVerifyView, quoteView } from './document-schemas';
import { orderNoBody } from './schemas';

/** Sealed documents: the member's downloads of an order's papers, and the public verification page (/verify/<no>). */
export const documents = resource('documents', {
  verify: call({
    method: 'GET',
    path: '/api/open/document/verify',
    who: 'open',
    summary: '验证盖章文件',
    description: '按文件编号查询盖章文件：类型、状态（有效/已过期/已撤销/已转订单/已被新版本替代）与 SHA-256。',
    query: documentVerifyQuery,
    data: documentVerifyView,
  }),
  check: call({
    method: 'POST',
    path: '/api/open/document/check',
    who: 'open',
    summary: '核对文件是否为原件',
    description: 'multipart：先 no 字段，再一个 PDF 文件（最大 20 MB）；比对 SHA-256 并检查文件的签名。',
    multipart: true,
    data: documentCheckView,
  }),
  statement: call({
    method: 'GET',
    path: '/api/auth/order/statement',
    who: 'member',
    summary: '下载测试明细清单（盖章 PDF）',
    description: '订单的测试明细清单：项目、样品、单价、金额、合计与大写，实验室电子签章。内容未变时重复下载得到同一份文件。',
    query: orderNoBody,
    data: 'file',
  }),
  paymentNotice: call({
    method: 'GET',
    path: '/api/auth/order/paymentNotice',
    who: 'member',
    summary: '下载缴费通知书（盖章 PDF）',
    description: '先测后付订单的缴费通知书，交学校财务处办理校内转账。',
    query: orderNoBody,
    data: 'file',
  }),
  planQuote: call({
    method: 'GET',
    path: '/api/auth/tempDevice/quote',
    who: 'member',
    summary: '生成实验计划的报价单（盖章 PDF）',
    description: '按当前价格为实验计划中的送样检测项目出具报价单，有效期 30 天；有效期内凭报价单编号下单按报价单价计价。计划与价格未变时重复下载得到同一份报价单。',
    data: 'file',
  }),
  quotes: call({ method: 'POST', path: '/api/auth/quote/list', who: 'member', summary: '我的报价单', description: '新到旧，最近 20 份。', data: z.array(quoteView) }),
});

export const adminDocuments = resource('adminDocuments', {
  revoke: call({
    method: 'POST',
    path: '/api/admin/document/revoke',
    who: ['sales', 'finance'],
    summary: '撤销盖章文件',
    description: '撤销后验证页显示“已撤销”及原因；文件本身不变。',
    body: documentRevokeBody,
    data: documentVerifyView,
    done: '文件已撤销',
  }),
});
