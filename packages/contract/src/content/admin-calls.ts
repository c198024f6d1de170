import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminArticle, adminArticleDetail, adminArticleListBody, adminThanks, adminThanksListBody, articleAddBody, articleEditBody, articleRidBody, articleVisibleBody, thanksAddBody, thanksEditBody } from './admin-article-schemas';
import { adminBanner, adminHotArea, bannerAddBody, bannerEditBody, hotAreaAddBody, hotAreaEditBody } from './admin-home-schemas';
import { adminCertificate, adminContentPage, adminPageSummary, adminPartner, articleRidView, certificateAddBody, certificateEditBody, contentIdView, pageKeyBody, pageSaveBody, partnerAddBody, partnerEditBody } from './admin-page-schemas';
import { contentIdBody, contentVisibleBody, reorderBody } from './admin-schemas';
import { adminSiteIdentity, agreementRuleBody, allowRegionBody, localInfoBody, samplingSettingBody, siteIdentityBody } from './admin-setting-schemas';
import { uploadedImage } from './image-schemas';
import { agreementRule, localInfo, samplingSetting, siteSettings } from './setting-schemas';

/** 后台 → 内容管理 (admin): banners, hot areas, articles, thanks, pages, partner logos and the site settings. */
export const adminContent = resource('adminContent', {
  // ---- 轮播图 ----
  banners: call({ method: 'POST', path: '/api/admin/content/banner/list', who: ['admin'], summary: '轮播图列表', description: '含隐藏的，按首页顺序。', data: z.array(adminBanner) }),
  addBanner: call({ method: 'POST', path: '/api/admin/content/banner/add', who: ['admin'], summary: '新增轮播图', description: '未给排序时排在最后。', body: bannerAddBody, data: adminBanner, done: '轮播图已添加' }),
  editBanner: call({ method: 'POST', path: '/api/admin/content/banner/edit', who: ['admin'], summary: '修改轮播图', body: bannerEditBody, data: adminBanner, done: '轮播图已保存' }),
  showBanner: call({ method: 'POST', path: '/api/admin/content/banner/visible', who: ['admin'], summary: '显示或隐藏轮播图', description: '提示语为“轮播图已显示”或“轮播图已隐藏”。', body: contentVisibleBody, data: adminBanner }),
  removeBanner: call({ method: 'POST', path: '/api/admin/content/banner/delete', who: ['admin'], summary: '删除轮播图', body: contentIdBody, data: contentIdView, done: '轮播图已删除' }),
  reorderBanners: call({ method: 'POST', path: '/api/admin/content/banner/reorder', who: ['admin'], summary: '调整轮播图顺序', description: 'ids 为全部轮播图按新顺序排列；答排好后的列表。', body: reorderBody, data: z.array(adminBanner), done: '顺序已保存' }),

  // ---- 热门专区 ----
  hotAreas: call({ method: 'POST', path: '/api/admin/content/hotArea/list', who: ['admin'], summary: '热门专区列表', description: '含隐藏的，按首页顺序。', data: z.array(adminHotArea) }),
  addHotArea: call({ method: 'POST', path: '/api/admin/content/hotArea/add', who: ['admin'], summary: '新增热门专区', body: hotAreaAddBody, data: adminHotArea, done: '热门专区已添加' }),
  editHotArea: call({ method: 'POST', path: '/api/admin/content/hotArea/edit', who: ['admin'], summary: '修改热门专区', body: hotAreaEditBody, data: adminHotArea, done: '热门专区已保存' }),
  showHotArea: call({ method: 'POST', path: '/api/admin/content/hotArea/visible', who: ['admin'], summary: '显示或隐藏热门专区', description: '提示语为“热门专区已显示”或“热门专区已隐藏”。', body: contentVisibleBody, data: adminHotArea }),
  removeHotArea: call({ method: 'POST', path: '/api/admin/content/hotArea/delete', who: ['admin'], summary: '删除热门专区', body: contentIdBody, data: contentIdView, done: '热门专区已删除' }),
  reorderHotAreas: call({ method: 'POST', path: '/api/admin/content/hotArea/reorder', who: ['admin'], summary: '调整热门专区顺序', description: 'ids 为全部热门专区按新顺序排列；答排好后的列表。', body: reorderBody, data: z.array(adminHotArea), done: '顺序已保存' }),

  // ---- 新闻·课程·案例 ----
  articles: call({ method: 'POST', path: '/api/admin/content/article/list', who: ['admin'], summary: '文章列表', description: '新闻、课程与案例（含隐藏的）；服务端筛选、排序与分页。', body: adminArticleListBody, data: pageOf(adminArticle) }),
  article: call({ method: 'POST', path: '/api/admin/content/article/detail', who: ['admin'], summary: '文章详情', description: '正文为清理后存下的富文本。', body: articleRidBody, data: adminArticleDetail }),
  addArticle: call({ method: 'POST', path: '/api/admin/content/article/add', who: ['admin'], summary: '发布文章', body: articleAddBody, data: adminArticleDetail, done: '文章已发布' }),
  editArticle: call({ method: 'POST', path: '/api/admin/content/article/edit', who: ['admin'], summary: '修改文章', body: articleEditBody, data: adminArticleDetail, done: '文章已保存' }),
  showArticle: call({ method: 'POST', path: '/api/admin/content/article/visible', who: ['admin'], summary: '显示或隐藏文章', description: '提示语为“文章已显示”或“文章已隐藏”。', body: articleVisibleBody, data: adminArticle }),
  removeArticle: call({ method: 'POST', path: '/api/admin/content/article/delete', who: ['admin'], summary: '删除文章', body: articleRidBody, data: articleRidView, done: '文章已删除' }),

  // ---- 论文致谢 ----
  thanks: call({ method: 'POST', path: '/api/admin/content/thanks/list', who: ['admin'], summary: '论文致谢列表', description: '含隐藏的；服务端搜索与分页。', body: adminThanksListBody, data: pageOf(adminThanks) }),
  addThanks: call({ method: 'POST', path: '/api/admin/content/thanks/add', who: ['admin'], summary: '新增论文致谢', body: thanksAddBody, data: adminThanks, done: '论文致谢已添加' }),
  editThanks: call({ method: 'POST', path: '/api/admin/content/thanks/edit', who: ['admin'], summary: '修改论文致谢', body: thanksEditBody, data: adminThanks, done: '论文致谢已保存' }),
  showThanks: call({ method: 'POST', path: '/api/admin/content/thanks/visible', who: ['admin'], summary: '显示或隐藏论文致谢', description: '提示语为“论文致谢已显示”或“论文致谢已隐藏”。', body: contentVisibleBody, data: adminThanks }),
  removeThanks: call({ method: 'POST', path: '/api/admin/content/thanks/delete', who: ['admin'], summary: '删除论文致谢', body: contentIdBody, data: contentIdView, done: '论文致谢已删除' }),

  // ---- 关于与静态页 ----
  pages: call({ method: 'POST', path: '/api/admin/content/page/list', who: ['admin'], summary: '页面列表', description: '关于我们与静态页共七页。', data: z.array(adminPageSummary) }),
  page: call({ method: 'POST', path: '/api/admin/content/page/detail', who: ['admin'], summary: '页面详情', body: pageKeyBody, data: adminContentPage }),
  savePage: call({ method: 'POST', path: '/api/admin/content/page/save', who: ['admin'], summary: '保存页面', description: '标题与富文本；服务端清理后存下。', body: pageSaveBody, data: adminContentPage, done: '页面已保存' }),

  // ---- 合作机构 ----
  partners: call({ method: 'POST', path: '/api/admin/content/partner/list', who: ['admin'], summary: '合作机构列表', description: '含隐藏的，按首页顺序。', data: z.array(adminPartner) }),
  addPartner: call({ method: 'POST', path: '/api/admin/content/partner/add', who: ['admin'], summary: '新增合作机构', body: partnerAddBody, data: adminPartner, done: '合作机构已添加' }),
  editPartner: call({ method: 'POST', path: '/api/admin/content/partner/edit', who: ['admin'], summary: '修改合作机构', body: partnerEditBody, data: adminPartner, done: '合作机构已保存' }),
  showPartner: call({ method: 'POST', path: '/api/admin/content/partner/visible', who: ['admin'], summary: '显示或隐藏合作机构', description: '提示语为“合作机构已显示”或“合作机构已隐藏”。', body: contentVisibleBody, data: adminPartner }),
  removePartner: call({ method: 'POST', path: '/api/admin/content/partner/delete', who: ['admin'], summary: '删除合作机构', body: contentIdBody, data: contentIdView, done: '合作机构已删除' }),
  reorderPartners: call({ method: 'POST', path: '/api/admin/content/partner/reorder', who: ['admin'], summary: '调整合作机构顺序', description: 'ids 为全部合作机构按新顺序排列；答排好后的列表。', body: reorderBody, data: z.array(adminPartner), done: '顺序已保存' }),

  // ---- 站点设置 ----
  settings: call({ method: 'POST', path: '/api/admin/content/settings', who: ['admin'], summary: '站点设置', description: '上门取样开放地区、取样设置与联系信息，与前台读到的一致。', data: siteSettings }),
  saveAllowRegion: call({ method: 'POST', path: '/api/admin/content/settings/allowRegion', who: ['admin'], summary: '修改上门取样开放地区', description: '空列表即所有地区都不开放上门取样。', body: allowRegionBody, data: z.array(z.string()), done: '开放地区已保存' }),
  saveSampling: call({ method: 'POST', path: '/api/admin/content/settings/sampling', who: ['admin'], summary: '修改上门取样设置', body: samplingSettingBody, data: samplingSetting, done: '上门取样设置已保存' }),
  saveAgreementRule: call({
    method: 'POST',
    path: '/api/admin/content/settings/agreementRule',
    who: ['admin'],
    summary: '修改委托协议签署要求',
    description: '企业客户的订单始终须签署委托检测服务协议后才能开始测试；其他订单应付金额达到 from（元）时亦须签署。from 留空：仅企业客户。',
    body: agreementRuleBody,
    data: agreementRule,
    done: '协议签署要求已保存',
  }),
  saveLocalInfo: call({ method: 'POST', path: '/api/admin/content/settings/localInfo', who: ['admin'], summary: '修改联系信息', body: localInfoBody, data: localInfo, done: '联系信息已保存' }),
  identity: call({ method: 'POST', path: '/api/admin/content/settings/identity/get', who: ['admin'], summary: '备案与主体信息', description: 'ICP 备案号、公安机关备案号、运营主体、营业执照图片与成立年份。', data: adminSiteIdentity }),
  saveIdentity: call({
    method: 'POST',
    path: '/api/admin/content/settings/identity',
    who: ['admin'],
    summary: '修改备案与主体信息',
    description: '每项都可留空；前台页脚只显示已填写的项。',
    body: siteIdentityBody,
    data: adminSiteIdentity,
    done: '备案与主体信息已保存',
  }),

  // ---- 资质证书 ----
  certificates: call({ method: 'POST', path: '/api/admin/content/certificate/list', who: ['admin'], summary: '资质证书列表', description: '含已过期的与演示数据，按排序。', data: z.array(adminCertificate) }),
  addCertificate: call({ method: 'POST', path: '/api/admin/content/certificate/add', who: ['admin'], summary: '新增资质证书', body: certificateAddBody, data: adminCertificate, done: '资质证书已添加' }),
  editCertificate: call({ method: 'POST', path: '/api/admin/content/certificate/edit', who: ['admin'], summary: '修改资质证书', body: certificateEditBody, data: adminCertificate, done: '资质证书已保存' }),
  removeCertificate: call({ method: 'POST', path: '/api/admin/content/certificate/delete', who: ['admin'], summary: '删除资质证书', body: contentIdBody, data: contentIdView, done: '资质证书已删除' }),
});

/** Pictures for the catalogue and the site's content (admin). */
export const images = resource('images', {
  upload: call({
    method: 'POST',
    path: '/api/admin/upload/image',
    who: ['admin'],
    summary: '上传图片',
    description: 'PNG、JPG 或 WEBP（按内容判断），至多 5 MB；不收 SVG。答要存下的路径（/upload/img/u/…）与预览地址。',
    multipart: true,
    data: uploadedImage,
    done: '图片已上传',
  }),
});
