import { z } from 'zod';
import { call, resource } from '../call';
import {
  adminAgreementVersion,
  agreementKindQuery,
  agreementPublishBody,
  agreementQuery,
  agreementVersion,
  agreementVersionItem,
  consentAcceptBody,
  consentDueItem,
  consentRecord,
  marketingSmsBody,
  myConsents,
} from '../agreements';
import { adminMemberRidBody } from '../admin-members';

/** The agreements' public pages: the current version or an older one, and the list of versions. */
export const agreements = resource('agreements', {
  current: call({
    method: 'GET',
    path: '/api/open/agreement',
    who: 'open',
    summary: '协议全文',
    description: 'kind：user 用户协议，privacy 隐私政策，service 委托检测服务条款；不给 version 时为现行版本。',
    query: agreementQuery,
    data: agreementVersion,
  }),
  versions: call({ method: 'GET', path: '/api/open/agreement/versions', who: 'open', summary: '协议历史版本', description: '新版本在前。', query: agreementKindQuery, data: z.array(agreementVersionItem) }),
});

/** The member's consents: asked again after a new version, 营销短信 on or off, the history. */
export const consents = resource('consents', {
  due: call({ method: 'POST', path: '/api/auth/consent/due', who: 'member', summary: '待重新同意的协议', description: '用户协议或隐私政策发布新版本后，会员同意过的版本较旧时列出。', data: z.array(consentDueItem) }),
  accept: call({
    method: 'POST',
    path: '/api/auth/consent/accept',
    who: 'member',
    summary: '同意更新后的协议',
    description: 'items 为会员阅读的协议及版本；期间又发布了新版本时答复 409，请重新阅读。',
    body: consentAcceptBody,
    data: z.null(),
    done: '已同意',
  }),
  mine: call({ method: 'POST', path: '/api/auth/consent/mine', who: 'member', summary: '我的授权', description: '营销短信是否开启，以及同意与撤回记录（新在前）。', data: myConsents }),
  setMarketingSms: call({
    method: 'POST',
    path: '/api/auth/consent/marketingSms',
    who: 'member',
    summary: '开启或关闭营销短信',
    description: 'granted 为 1 开启、0 关闭；每次变更记录一条同意或撤回。验证码、订单与检测通知不受影响。',
    body: marketingSmsBody,
    data: myConsents,
  }),
});

/** 后台 → 协议管理 (admin), and a member's consents on the member detail (sales, finance). */
export const adminAgreements = resource('adminAgreements', {
  versions: call({ method: 'POST', path: '/api/admin/agreement/versions', who: ['admin'], summary: '协议版本列表', description: '某一协议的全部已发布版本，新版本在前。', body: agreementKindQuery, data: z.array(adminAgreementVersion) }),
  publish: call({
    method: 'POST',
    path: '/api/admin/agreement/publish',
    who: ['admin'],
    summary: '发布协议新版本',
    description: '每次发布生成一个不可修改的新版本（版本号加一）。用户协议和隐私政策的新版本发布后，会员下次访问时须重新同意。',
    body: agreementPublishBody,
    data: adminAgreementVersion,
    done: '新版本已发布',
  }),
  memberConsents: call({ method: 'POST', path: '/api/admin/member/consents', who: ['sales', 'finance'], summary: '会员的同意记录', description: '注册时、协议更新后的同意与营销短信的开启和撤回，新在前。', body: adminMemberRidBody, data: z.array(consentRecord) }),
});
