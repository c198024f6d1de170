import { z } from 'zod';
import { call, resource } from '../call';
import { thanksEntry } from '../catalog/schemas';
import { pageOf } from '../common';
import { abilityShowcase, articleDetail, articleDetailBody, articleListBody, articleSummary, contentPage, contentPageQuery, indexMessageBody, indexMessageResult, publicCertificate, syncNumBody, syncNumResult, thanksListBody } from './schemas';
import { settingListBody, settingValues, siteSettings } from './setting-schemas';

/** The site's public content: articles, thanks, the capability showcase, pages, settings, consultations. */
export const content = resource('content', {
  articles: call({
    method: 'POST',
    path: '/api/open/web/news/list4index',
    who: 'open',
    summary: '新闻、课程或案例列表',
    description: 'kind 为 news（新闻资讯）、course（课程培训）或 service（能力展示案例），只含显示中的文章，分页。',
    body: articleListBody,
    data: pageOf(articleSummary),
  }),
  article: call({ method: 'POST', path: '/api/open/news/detail', who: 'open', summary: '文章详情', description: '含上一篇与下一篇。', body: articleDetailBody, data: articleDetail }),
  thanks: call({ method: 'POST', path: '/api/open/web/acknowledge/list4index', who: 'open', summary: '论文致谢列表', body: thanksListBody, data: pageOf(thanksEntry) }),
  ability: call({ method: 'POST', path: '/api/open/ability/index', who: 'open', summary: '能力展示', description: '关键数字、能力介绍与案例。', data: abilityShowcase }),
  countView: call({
    method: 'POST',
    path: '/api/open/ability/sync4num',
    who: 'open',
    summary: '记一次文章浏览',
    description: '答文章新的浏览数；每个地址每分钟至多 120 次。',
    body: syncNumBody,
    data: syncNumResult,
  }),
  certificates: call({
    method: 'GET',
    path: '/api/open/web/certificates',
    who: 'open',
    summary: '资质证书',
    description: '有效期内的资质证书，按排序；演示证书不答编号（number 为 null）。',
    data: z.array(publicCertificate),
  }),
  page: call({ method: 'GET', path: '/api/open/web/page', who: 'open', summary: '关于与静态页面', query: contentPageQuery, data: contentPage }),
  settings: call({
    method: 'POST',
    path: '/api/open/setting',
    who: 'open',
    summary: '站点设置',
    description: '上门取样开放地区、取样时段设置、联系信息与备案信息（identity）。',
    data: siteSettings,
  }),
  settingValues: call({
    method: 'POST',
    path: '/api/open/setting/list4key',
    who: 'open',
    summary: '按键读取站点设置',
    description: 'keys 为逗号分隔的配置项（allowRegion、samplingSetting、samplingInfo、localInfo），只答所问的键；samplingInfo 同 samplingSetting。',
    body: settingListBody,
    data: settingValues,
  }),
  consult: call({
    method: 'POST',
    path: '/api/open/indexMsg/add',
    who: 'open',
    summary: '提交咨询',
    description: '访客留言（姓名、手机号、内容），答咨询编号；每个地址 10 分钟内至多 5 次。',
    body: indexMessageBody,
    data: indexMessageResult,
    done: '提交成功，我们会尽快与您联系',
  }),
});
