import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminArticleListBody,
  adminThanksListBody,
  allowRegionBody,
  articleAddBody,
  articleEditBody,
  articleRidBody,
  articleVisibleBody,
  bannerAddBody,
  bannerEditBody,
  contentIdBody,
  contentVisibleBody,
  hotAreaAddBody,
  hotAreaEditBody,
  localInfoBody,
  pageKeyBody,
  pageSaveBody,
  partnerAddBody,
  partnerEditBody,
  reorderBody,
  samplingSettingBody,
  thanksAddBody,
  thanksEditBody,
  type AdminArticle,
  type AdminBanner,
  type AdminHotArea,
  type AdminPartner,
  type AdminThanks,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import { ok } from '../../platform/envelope';
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
import { saveAllowRegion, saveLocalInfo, saveSamplingSetting } from './settings-admin.service';
import { getSiteSettings } from './settings.service';

const admin = { roles: ['admin'] } as const;
const byId = (body: { id: number }) => body.id;
const byRid = (body: { rid: string }) => body.rid;
const listOrder = () => LIST_ORDER_KEY;

/** The site's content in the back office (admin): banners, hot areas, articles, thanks, pages, partner logos, settings. */
export async function contentAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const fileHost = config.FILE_HOST;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();
  const read = { ...admin, readOnly: true } as const;

  // ---- 轮播图 ----
  r.post('/api/admin/content/banner/list', { config: read }, async () => ok(await listBanners(db, fileHost)));
  r.post(
    '/api/admin/content/banner/add',
    { schema: { body: bannerAddBody }, config: { ...admin, audit: audit<unknown, AdminBanner>(bannerAudit, 'content.banner.add', '新增轮播图', null, (data) => data.id) } },
    async (request) => ok(await addBanner(request.db, request.body, fileHost), '轮播图已添加'),
  );
  r.post(
    '/api/admin/content/banner/edit',
    { schema: { body: bannerEditBody }, config: { ...admin, audit: audit(bannerAudit, 'content.banner.edit', '修改轮播图', byId) } },
    async (request) => ok(await editBanner(request.db, request.body, fileHost), '轮播图已保存'),
  );
  r.post(
    '/api/admin/content/banner/visible',
    { schema: { body: contentVisibleBody }, config: { ...admin, audit: audit(bannerAudit, 'content.banner.visible', '显示/隐藏轮播图', byId) } },
    async (request) => {
      const banner = await setBannerVisible(request.db, request.body, fileHost);
      return ok(banner, banner.visible ? '轮播图已显示' : '轮播图已隐藏');
    },
  );
  r.post(
    '/api/admin/content/banner/delete',
    { schema: { body: contentIdBody }, config: { ...admin, audit: audit(bannerAudit, 'content.banner.delete', '删除轮播图', byId) } },
    async (request) => ok(await deleteBanner(request.db, request.body.id), '轮播图已删除'),
  );
  r.post(
    '/api/admin/content/banner/reorder',
    { schema: { body: reorderBody }, config: { ...admin, audit: audit(bannerOrderAudit, 'content.banner.reorder', '调整轮播图顺序', listOrder) } },
    async (request) => {
      await reorderBanners(request.db, request.body.ids);
      return ok(await listBanners(request.db, fileHost), '顺序已保存');
    },
  );

  // ---- 热门专区 ----
  r.post('/api/admin/content/hotArea/list', { config: read }, async () => ok(await listHotAreas(db, fileHost)));
  r.post(
    '/api/admin/content/hotArea/add',
    { schema: { body: hotAreaAddBody }, config: { ...admin, audit: audit<unknown, AdminHotArea>(hotAreaAudit, 'content.hotArea.add', '新增热门专区', null, (data) => data.id) } },
    async (request) => ok(await addHotArea(request.db, request.body, fileHost), '热门专区已添加'),
  );
  r.post(
    '/api/admin/content/hotArea/edit',
    { schema: { body: hotAreaEditBody }, config: { ...admin, audit: audit(hotAreaAudit, 'content.hotArea.edit', '修改热门专区', byId) } },
    async (request) => ok(await editHotArea(request.db, request.body, fileHost), '热门专区已保存'),
  );
  r.post(
    '/api/admin/content/hotArea/visible',
    { schema: { body: contentVisibleBody }, config: { ...admin, audit: audit(hotAreaAudit, 'content.hotArea.visible', '显示/隐藏热门专区', byId) } },
    async (request) => {
      const area = await setHotAreaVisible(request.db, request.body, fileHost);
      return ok(area, area.visible ? '热门专区已显示' : '热门专区已隐藏');
    },
  );
  r.post(
    '/api/admin/content/hotArea/delete',
    { schema: { body: contentIdBody }, config: { ...admin, audit: audit(hotAreaAudit, 'content.hotArea.delete', '删除热门专区', byId) } },
    async (request) => ok(await deleteHotArea(request.db, request.body.id), '热门专区已删除'),
  );
  r.post(
    '/api/admin/content/hotArea/reorder',
    { schema: { body: reorderBody }, config: { ...admin, audit: audit(hotAreaOrderAudit, 'content.hotArea.reorder', '调整热门专区顺序', listOrder) } },
    async (request) => {
      await reorderHotAreas(request.db, request.body.ids);
      return ok(await listHotAreas(request.db, fileHost), '顺序已保存');
    },
  );

  // ---- 新闻·课程·案例 ----
  r.post('/api/admin/content/article/list', { schema: { body: adminArticleListBody }, config: read }, async (request) =>
    ok(await listAdminArticles(db, request.body, fileHost)),
  );
  r.post('/api/admin/content/article/detail', { schema: { body: articleRidBody }, config: read }, async (request) =>
    ok(await getAdminArticle(db, request.body.rid, fileHost)),
  );
  r.post(
    '/api/admin/content/article/add',
    { schema: { body: articleAddBody }, config: { ...admin, audit: audit<unknown, AdminArticle>(articleAudit, 'content.article.add', '发布文章', null, (data) => data.rid) } },
    async (request) => ok(await addAdminArticle(request.db, request.body, now(), fileHost), '文章已发布'),
  );
  r.post(
    '/api/admin/content/article/edit',
    { schema: { body: articleEditBody }, config: { ...admin, audit: audit(articleAudit, 'content.article.edit', '修改文章', byRid) } },
    async (request) => ok(await editAdminArticle(request.db, request.body, now(), fileHost), '文章已保存'),
  );
  r.post(
    '/api/admin/content/article/visible',
    { schema: { body: articleVisibleBody }, config: { ...admin, audit: audit(articleAudit, 'content.article.visible', '显示/隐藏文章', byRid) } },
    async (request) => {
      const article = await setArticleVisible(request.db, request.body, fileHost);
      return ok(article, article.visible ? '文章已显示' : '文章已隐藏');
    },
  );
  r.post(
    '/api/admin/content/article/delete',
    { schema: { body: articleRidBody }, config: { ...admin, audit: audit(articleAudit, 'content.article.delete', '删除文章', byRid) } },
    async (request) => ok(await deleteArticle(request.db, request.body.rid), '文章已删除'),
  );

  // ---- 论文致谢 ----
  r.post('/api/admin/content/thanks/list', { schema: { body: adminThanksListBody }, config: read }, async (request) => ok(await listAdminThanks(db, request.body)));
  r.post(
    '/api/admin/content/thanks/add',
    { schema: { body: thanksAddBody }, config: { ...admin, audit: audit<unknown, AdminThanks>(thanksAudit, 'content.thanks.add', '新增论文致谢', null, (data) => data.id) } },
    async (request) => ok(await addThanks(request.db, request.body, now()), '论文致谢已添加'),
  );
  r.post(
    '/api/admin/content/thanks/edit',
    { schema: { body: thanksEditBody }, config: { ...admin, audit: audit(thanksAudit, 'content.thanks.edit', '修改论文致谢', byId) } },
    async (request) => ok(await editThanks(request.db, request.body, now()), '论文致谢已保存'),
  );
  r.post(
    '/api/admin/content/thanks/visible',
    { schema: { body: contentVisibleBody }, config: { ...admin, audit: audit(thanksAudit, 'content.thanks.visible', '显示/隐藏论文致谢', byId) } },
    async (request) => {
      const entry = await setThanksVisible(request.db, request.body);
      return ok(entry, entry.visible ? '论文致谢已显示' : '论文致谢已隐藏');
    },
  );
  r.post(
    '/api/admin/content/thanks/delete',
    { schema: { body: contentIdBody }, config: { ...admin, audit: audit(thanksAudit, 'content.thanks.delete', '删除论文致谢', byId) } },
    async (request) => ok(await deleteThanks(request.db, request.body.id), '论文致谢已删除'),
  );

  // ---- 关于与静态页 ----
  r.post('/api/admin/content/page/list', { config: read }, async () => ok(await listAdminPages(db)));
  r.post('/api/admin/content/page/detail', { schema: { body: pageKeyBody }, config: read }, async (request) => ok(await getAdminPage(db, request.body.key)));
  r.post(
    '/api/admin/content/page/save',
    { schema: { body: pageSaveBody }, config: { ...admin, audit: audit<{ key: string }>(pageAudit, 'content.page.save', '保存页面', (body) => body.key) } },
    async (request) => ok(await saveAdminPage(request.db, request.body, now()), '页面已保存'),
  );

  // ---- 合作机构 ----
  r.post('/api/admin/content/partner/list', { config: read }, async () => ok(await listPartners(db, fileHost)));
  r.post(
    '/api/admin/content/partner/add',
    { schema: { body: partnerAddBody }, config: { ...admin, audit: audit<unknown, AdminPartner>(partnerLogoAudit, 'content.partner.add', '新增合作机构', null, (data) => data.id) } },
    async (request) => ok(await addPartner(request.db, request.body, fileHost), '合作机构已添加'),
  );
  r.post(
    '/api/admin/content/partner/edit',
    { schema: { body: partnerEditBody }, config: { ...admin, audit: audit(partnerLogoAudit, 'content.partner.edit', '修改合作机构', byId) } },
    async (request) => ok(await editPartner(request.db, request.body, fileHost), '合作机构已保存'),
  );
  r.post(
    '/api/admin/content/partner/visible',
    { schema: { body: contentVisibleBody }, config: { ...admin, audit: audit(partnerLogoAudit, 'content.partner.visible', '显示/隐藏合作机构', byId) } },
    async (request) => {
      const partner = await setPartnerVisible(request.db, request.body, fileHost);
      return ok(partner, partner.visible ? '合作机构已显示' : '合作机构已隐藏');
    },
  );
  r.post(
    '/api/admin/content/partner/delete',
    { schema: { body: contentIdBody }, config: { ...admin, audit: audit(partnerLogoAudit, 'content.partner.delete', '删除合作机构', byId) } },
    async (request) => ok(await deletePartner(request.db, request.body.id), '合作机构已删除'),
  );
  r.post(
    '/api/admin/content/partner/reorder',
    { schema: { body: reorderBody }, config: { ...admin, audit: audit(partnerOrderAudit, 'content.partner.reorder', '调整合作机构顺序', listOrder) } },
    async (request) => {
      await reorderPartners(request.db, request.body.ids);
      return ok(await listPartners(request.db, fileHost), '顺序已保存');
    },
  );

  // ---- 站点设置 ----
  r.post('/api/admin/content/settings', { config: read }, async () => ok(await getSiteSettings(db)));
  r.post(
    '/api/admin/content/settings/allowRegion',
    { schema: { body: allowRegionBody }, config: { ...admin, audit: audit(settingAudit, 'content.setting.allowRegion', '修改上门取样开放地区', () => 'allowRegion') } },
    async (request) => ok(await saveAllowRegion(request.db, request.body.allowRegion, now()), '开放地区已保存'),
  );
  r.post(
    '/api/admin/content/settings/sampling',
    { schema: { body: samplingSettingBody }, config: { ...admin, audit: audit(settingAudit, 'content.setting.sampling', '修改上门取样设置', () => 'samplingSetting') } },
    async (request) => ok(await saveSamplingSetting(request.db, request.body, now()), '上门取样设置已保存'),
  );
  r.post(
    '/api/admin/content/settings/localInfo',
    { schema: { body: localInfoBody }, config: { ...admin, audit: audit(settingAudit, 'content.setting.localInfo', '修改联系信息', () => 'localInfo') } },
    async (request) => ok(await saveLocalInfo(request.db, request.body, now()), '联系信息已保存'),
  );
}
