import { calls } from '@lab/contract/calls';
import type { AdminArticle, AdminBanner, AdminCertificate, AdminHotArea, AdminPartner, AdminThanks } from '@lab/contract';
import { audit } from '../../platform/audit';
import { said, serve } from '../../platform/calls';
import {
  addAdminArticle,
  addThanks,
  deleteArticle,
  deleteThanks,
  editAdminArticle,
  editThanks,
  getAdminArticle,
  listAdminArticles,
  listAdminThanks,
  setArticleVisible,
  setThanksVisible,
} from './articles-admin.service';
import {
  articleAudit,
  bannerAudit,
  certificateAudit,
  identityAudit,
  bannerOrderAudit,
  hotAreaAudit,
  hotAreaOrderAudit,
  LIST_ORDER_KEY,
  pageAudit,
  partnerLogoAudit,
  partnerOrderAudit,
  settingAudit,
  thanksAudit,
} from './content-admin.audit';
import {
  addBanner,
  addHotArea,
  addPartner,
  deleteBanner,
  deleteHotArea,
  deletePartner,
  editBanner,
  editHotArea,
  editPartner,
  listBanners,
  listHotAreas,
  listPartners,
  reorderBanners,
  reorderHotAreas,
  reorderPartners,
  setBannerVisible,
  setHotAreaVisible,
  setPartnerVisible,
} from './home-blocks.service';
import { getAdminPage, listAdminPages, saveAdminPage } from './pages-admin.service';
import { addCertificate, deleteCertificate, editCertificate, listAdminCertificates } from './certificates.service';
import { readSiteIdentity, saveAgreementRule, saveAllowRegion, saveLocalInfo, saveSamplingSetting, saveSiteIdentity } from './settings-admin.service';
import { getSiteSettings } from './settings.service';

const byId = (body: { id: number }) => body.id;
const byRid = (body: { rid: string }) => body.rid;
const listOrder = () => LIST_ORDER_KEY;
const read = { readOnly: true } as const;

/** The site's content in the back office (contract/calls/admin-content.ts): banners, hot areas, articles, thanks, pages, partner logos, settings. */
export const contentAdminRoutes = serve(calls.adminContent, {
  // ---- 轮播图 ----
  banners: { handler: ({ db, deps }) => listBanners(db, deps.config.FILE_HOST), config: read },
  addBanner: {
    handler: ({ db, deps, body }) => addBanner(db, body, deps.config.FILE_HOST),
    config: { audit: audit<unknown, AdminBanner>(bannerAudit, 'content.banner.add', '新增轮播图', null, (data) => data.id) },
  },
  editBanner: { handler: ({ db, deps, body }) => editBanner(db, body, deps.config.FILE_HOST), config: { audit: audit(bannerAudit, 'content.banner.edit', '修改轮播图', byId) } },
  showBanner: {
    handler: async ({ db, deps, body }) => {
      const banner = await setBannerVisible(db, body, deps.config.FILE_HOST);
      return said(banner, banner.visible ? '轮播图已显示' : '轮播图已隐藏');
    },
    config: { audit: audit(bannerAudit, 'content.banner.visible', '显示/隐藏轮播图', byId) },
  },
  removeBanner: { handler: ({ db, body }) => deleteBanner(db, body.id), config: { audit: audit(bannerAudit, 'content.banner.delete', '删除轮播图', byId) } },
  reorderBanners: {
    handler: async ({ db, deps, body }) => {
      await reorderBanners(db, body.ids);
      return listBanners(db, deps.config.FILE_HOST);
    },
    config: { audit: audit(bannerOrderAudit, 'content.banner.reorder', '调整轮播图顺序', listOrder) },
  },

  // ---- 热门专区 ----
  hotAreas: { handler: ({ db, deps }) => listHotAreas(db, deps.config.FILE_HOST), config: read },
  addHotArea: {
    handler: ({ db, deps, body }) => addHotArea(db, body, deps.config.FILE_HOST),
    config: { audit: audit<unknown, AdminHotArea>(hotAreaAudit, 'content.hotArea.add', '新增热门专区', null, (data) => data.id) },
  },
  editHotArea: { handler: ({ db, deps, body }) => editHotArea(db, body, deps.config.FILE_HOST), config: { audit: audit(hotAreaAudit, 'content.hotArea.edit', '修改热门专区', byId) } },
  showHotArea: {
    handler: async ({ db, deps, body }) => {
      const area = await setHotAreaVisible(db, body, deps.config.FILE_HOST);
      return said(area, area.visible ? '热门专区已显示' : '热门专区已隐藏');
    },
    config: { audit: audit(hotAreaAudit, 'content.hotArea.visible', '显示/隐藏热门专区', byId) },
  },
  removeHotArea: { handler: ({ db, body }) => deleteHotArea(db, body.id), config: { audit: audit(hotAreaAudit, 'content.hotArea.delete', '删除热门专区', byId) } },
  reorderHotAreas: {
    handler: async ({ db, deps, body }) => {
      await reorderHotAreas(db, body.ids);
      return listHotAreas(db, deps.config.FILE_HOST);
    },
    config: { audit: audit(hotAreaOrderAudit, 'content.hotArea.reorder', '调整热门专区顺序', listOrder) },
  },

  // ---- 新闻·课程·案例 ----
  articles: { handler: ({ db, deps, body }) => listAdminArticles(db, body, deps.config.FILE_HOST), config: read },
  article: { handler: ({ db, deps, body }) => getAdminArticle(db, body.rid, deps.config.FILE_HOST), config: read },
  addArticle: {
    handler: ({ db, deps, body, now }) => addAdminArticle(db, body, now, deps.config.FILE_HOST),
    config: { audit: audit<unknown, AdminArticle>(articleAudit, 'content.article.add', '发布文章', null, (data) => data.rid) },
  },
  editArticle: {
    handler: ({ db, deps, body, now }) => editAdminArticle(db, body, now, deps.config.FILE_HOST),
    config: { audit: audit(articleAudit, 'content.article.edit', '修改文章', byRid) },
  },
  showArticle: {
    handler: async ({ db, deps, body }) => {
      const article = await setArticleVisible(db, body, deps.config.FILE_HOST);
      return said(article, article.visible ? '文章已显示' : '文章已隐藏');
    },
    config: { audit: audit(articleAudit, 'content.article.visible', '显示/隐藏文章', byRid) },
  },
  removeArticle: { handler: ({ db, body }) => deleteArticle(db, body.rid), config: { audit: audit(articleAudit, 'content.article.delete', '删除文章', byRid) } },

  // ---- 论文致谢 ----
  thanks: { handler: ({ db, body }) => listAdminThanks(db, body), config: read },
  addThanks: {
    handler: ({ db, body, now }) => addThanks(db, body, now),
    config: { audit: audit<unknown, AdminThanks>(thanksAudit, 'content.thanks.add', '新增论文致谢', null, (data) => data.id) },
  },
  editThanks: { handler: ({ db, body, now }) => editThanks(db, body, now), config: { audit: audit(thanksAudit, 'content.thanks.edit', '修改论文致谢', byId) } },
  showThanks: {
    handler: async ({ db, body }) => {
      const entry = await setThanksVisible(db, body);
      return said(entry, entry.visible ? '论文致谢已显示' : '论文致谢已隐藏');
    },
    config: { audit: audit(thanksAudit, 'content.thanks.visible', '显示/隐藏论文致谢', byId) },
  },
  removeThanks: { handler: ({ db, body }) => deleteThanks(db, body.id), config: { audit: audit(thanksAudit, 'content.thanks.delete', '删除论文致谢', byId) } },

  // ---- 关于与静态页 ----
  pages: { handler: ({ db }) => listAdminPages(db), config: read },
  page: { handler: ({ db, body }) => getAdminPage(db, body.key), config: read },
  savePage: {
    handler: ({ db, body, now }) => saveAdminPage(db, body, now),
    config: { audit: audit<{ key: string }>(pageAudit, 'content.page.save', '保存页面', (body) => body.key) },
  },

  // ---- 合作机构 ----
  partners: { handler: ({ db, deps }) => listPartners(db, deps.config.FILE_HOST), config: read },
  addPartner: {
    handler: ({ db, deps, body }) => addPartner(db, body, deps.config.FILE_HOST),
    config: { audit: audit<unknown, AdminPartner>(partnerLogoAudit, 'content.partner.add', '新增合作机构', null, (data) => data.id) },
  },
  editPartner: {
    handler: ({ db, deps, body }) => editPartner(db, body, deps.config.FILE_HOST),
    config: { audit: audit(partnerLogoAudit, 'content.partner.edit', '修改合作机构', byId) },
  },
  showPartner: {
    handler: async ({ db, deps, body }) => {
      const partner = await setPartnerVisible(db, body, deps.config.FILE_HOST);
      return said(partner, partner.visible ? '合作机构已显示' : '合作机构已隐藏');
    },
    config: { audit: audit(partnerLogoAudit, 'content.partner.visible', '显示/隐藏合作机构', byId) },
  },
  removePartner: { handler: ({ db, body }) => deletePartner(db, body.id), config: { audit: audit(partnerLogoAudit, 'content.partner.delete', '删除合作机构', byId) } },
  reorderPartners: {
    handler: async ({ db, deps, body }) => {
      await reorderPartners(db, body.ids);
      return listPartners(db, deps.config.FILE_HOST);
    },
    config: { audit: audit(partnerOrderAudit, 'content.partner.reorder', '调整合作机构顺序', listOrder) },
  },

  // ---- 站点设置 ----
  settings: { handler: ({ db, deps }) => getSiteSettings(db, deps.config.FILE_HOST), config: read },
  saveAllowRegion: {
    handler: ({ db, body, now }) => saveAllowRegion(db, body.allowRegion, now),
    config: { audit: audit(settingAudit, 'content.setting.allowRegion', '修改上门取样开放地区', () => 'allowRegion') },
  },
  saveSampling: {
    handler: ({ db, body, now }) => saveSamplingSetting(db, body, now),
    config: { audit: audit(settingAudit, 'content.setting.sampling', '修改上门取样设置', () => 'samplingSetting') },
  },
  saveAgreementRule: {
    handler: ({ db, body, now }) => saveAgreementRule(db, body, now),
    config: { audit: audit(settingAudit, 'content.setting.agreementRule', '修改委托协议签署要求', () => 'agreementRule') },
  },
  saveLocalInfo: {
    handler: ({ db, body, now }) => saveLocalInfo(db, body, now),
    config: { audit: audit(settingAudit, 'content.setting.localInfo', '修改联系信息', () => 'localInfo') },
  },
  identity: { handler: ({ db, deps }) => readSiteIdentity(db, deps.config.FILE_HOST), config: read },
  saveIdentity: {
    handler: ({ db, deps, body, now }) => saveSiteIdentity(db, body, now, deps.config.FILE_HOST),
    config: { audit: audit(identityAudit, 'content.setting.identity', '修改备案与主体信息', () => 'siteIdentity' as const) },
  },

  // ---- 资质证书 ----
  certificates: { handler: ({ db, deps, now }) => listAdminCertificates(db, deps.config.FILE_HOST, now), config: read },
  addCertificate: {
    handler: ({ db, deps, body, now }) => addCertificate(db, body, deps.config.FILE_HOST, now),
    config: { audit: audit<unknown, AdminCertificate>(certificateAudit, 'content.certificate.add', '新增资质证书', null, (data) => data.id) },
  },
  editCertificate: {
    handler: ({ db, deps, body, now }) => editCertificate(db, body, deps.config.FILE_HOST, now),
    config: { audit: audit(certificateAudit, 'content.certificate.edit', '修改资质证书', byId) },
  },
  removeCertificate: { handler: ({ db, body }) => deleteCertificate(db, body.id), config: { audit: audit(certificateAudit, 'content.certificate.delete', '删除资质证书', byId) } },
});
