import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminContractView, contractListBody, contractQuery, contractRidBody, contractView } from './contract-schemas';
import { agreementSignBody, agreementSignView } from './agreement-sign-schemas';
import { orderNoBody } from './schemas';

/** The member's contracts and their orders' testing agreements (个人中心 → 合同管理, 订单详情). */
export const contracts = resource('contracts', {
  list: call({ method: 'POST', path: '/api/auth/contract/list', who: 'member', summary: '我的合同', description: '实验室发来的合同和订单的委托检测服务协议，新到旧。', body: contractListBody, data: pageOf(contractView) }),
  download: call({
    method: 'GET',
    path: '/api/auth/contract/download',
    who: 'member',
    summary: '下载合同',
    description: '实验室的合同文件，或订单的委托检测服务协议（可打印的 HTML）。',
    query: contractQuery,
    data: 'file',
  }),
  signed: call({ method: 'GET', path: '/api/auth/contract/signed', who: 'member', summary: '下载我上传的签署件', query: contractQuery, data: 'file' }),
  upload: call({
    method: 'POST',
    path: '/api/auth/contract/upload',
    who: 'member',
    summary: '上传合同签署件',
    description: 'multipart：先 rid 字段，再一个文件（pdf/png/jpg，最大 10 MB）；状态变为待确认。',
    multipart: true,
    data: contractView,
    done: '签署件已上传，等待确认',
  }),
  orderAgreements: call({ method: 'POST', path: '/api/auth/order/listProtocolFile', who: 'member', summary: '订单的协议', body: orderNoBody, data: z.array(contractView) }),
  uploadOrderAgreement: call({
    method: 'POST',
    path: '/api/auth/order/updateProtocolFile',
    who: 'member',
    summary: '上传订单协议签署件',
    description: 'multipart：先 order_no 字段，再一个文件（pdf/png/jpg，最大 10 MB）。',
    multipart: true,
    data: contractView,
    done: '签署件已上传，等待确认',
  }),
  agreement: call({
    method: 'POST',
    path: '/api/auth/order/agreement',
    who: 'member',
    summary: '订单的委托检测服务协议（在线阅读与签署）',
    description: '按现行《委托检测服务条款》生成的协议全文与其 SHA-256、签署状态、实验室是否要求签署后才开始测试。',
    body: orderNoBody,
    data: agreementSignView,
  }),
  agreementCode: call({
    method: 'POST',
    path: '/api/auth/order/agreement/code',
    who: 'member',
    summary: '获取签署协议的短信验证码',
    description: '验证码发往会员本人的手机，仅用于签署协议；60 秒内只发一次。',
    body: orderNoBody,
    data: z.null(),
    done: '验证码已发送',
  }),
  signAgreement: call({
    method: 'POST',
    path: '/api/auth/order/agreement/sign',
    who: 'member',
    summary: '在线签署委托检测服务协议',
    description: '短信验证码确认签署意愿；content_sha256 须为所阅读协议的摘要（协议已更新则 409）。记录时间、IP、设备与摘要，自动加盖实验室电子签章，协议即生效。',
    body: agreementSignBody,
    data: agreementSignView,
    done: '协议已签署并加盖实验室电子签章',
  }),
  agreementPdf: call({
    method: 'GET',
    path: '/api/auth/order/agreement/pdf',
    who: 'member',
    summary: '下载在线签署的协议（盖章 PDF）',
    query: orderNoBody,
    data: 'file',
  }),
});

/** 合同管理 in the back office: sales send contracts and confirm signed copies. */
export const adminContracts = resource('adminContracts', {
  list: call({ method: 'POST', path: '/api/admin/contract/list', who: ['sales'], summary: '合同列表', description: '合同和协议，按状态，新到旧。', body: contractListBody, data: pageOf(adminContractView) }),
  add: call({
    method: 'POST',
    path: '/api/admin/contract/add',
    who: ['sales'],
    summary: '发送合同',
    description: 'multipart：member_rid、title 字段，再一个文件（pdf/png/jpg/zip，最大 10 MB）；客户收到站内信和通知。',
    multipart: true,
    data: adminContractView,
    done: '合同已发送给客户',
  }),
  confirm: call({ method: 'POST', path: '/api/admin/contract/confirm', who: ['sales'], summary: '确认合同签署件', body: contractRidBody, data: adminContractView, done: '合同已确认生效' }),
  file: call({ method: 'GET', path: '/api/admin/contract/file', who: ['sales'], summary: '下载合同原件', query: contractQuery, data: 'file' }),
  signed: call({ method: 'GET', path: '/api/admin/contract/signed', who: ['sales'], summary: '下载客户签署件', query: contractQuery, data: 'file' }),
});
