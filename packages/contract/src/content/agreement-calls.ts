import { z } from 'zod';
import { agreementKindQuery, agreementQuery, agreementVersion, agreementVersionItem } from '../accounts/agreement-schemas';
import { call, resource } from '../call';
import { adminAgreementVersion, agreementDraftBody, agreementDraftView, agreementPublishBody } from './agreement-schemas';

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

/** 后台 → 协议管理 (admin); a member's consents are adminCustomers.consents. */
export const adminAgreements = resource('adminAgreements', {
  versions: call({ method: 'POST', path: '/api/admin/agreement/versions', who: ['admin'], summary: '协议版本列表', description: '某一协议的全部已发布版本，新版本在前。', body: agreementKindQuery, data: z.array(adminAgreementVersion) }),
  draft: call({ method: 'POST', path: '/api/admin/agreement/draft', who: ['admin'], summary: '协议草稿', description: '某一协议已保存的草稿（没有时为 null）；草稿不生效，会员看不到。', body: agreementKindQuery, data: agreementDraftView.nullable() }),
  saveDraft: call({
    method: 'POST',
    path: '/api/admin/agreement/draft/save',
    who: ['admin'],
    summary: '保存协议草稿',
    description: '每种协议一份草稿，再次保存即覆盖；发布该协议的新版本时草稿删除。',
    body: agreementDraftBody,
    data: agreementDraftView,
    done: '草稿已保存',
  }),
  publish: call({
    method: 'POST',
    path: '/api/admin/agreement/publish',
    who: ['admin'],
    summary: '发布协议新版本',
    description: '每次发布生成一个不可修改的新版本（版本号加一），并删除该协议的草稿。用户协议和隐私政策的新版本发布后，会员下次访问时须重新同意。',
    body: agreementPublishBody,
    data: adminAgreementVersion,
    done: '新版本已发布',
  }),
});
