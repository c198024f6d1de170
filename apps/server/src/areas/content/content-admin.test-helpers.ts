import { desc, sql } from 'drizzle-orm';
import type { ArticleDetail, ContentPage, HomeData, PageKey, SiteSettings } from '@lab/contract';
import { call, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { auditLog } from '../../db/schema';
import { seedCatalog } from '../catalog/catalog.seed';

/**
 * The content tests' small world: the demo catalogue and content (banners, items, articles,
 * pages, settings), an admin and a sales person (refused everywhere here), the calls as the
 * web sends them (forms) and what the public site reads afterwards.
 */
export async function contentContext(t: TestContext) {
  await seedCatalog(t.db);
  const [admin, sales] = await Promise.all([makeStaff(t.db, 'admin', t.clock.now()), makeStaff(t.db, 'sales', t.clock.now())]);

  const post = <T = unknown>(url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
    call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
  const postJson = <T = unknown>(url: string, who: { token: string }, json: unknown) => call<T>(t.app, 'POST', url, { token: who.token, json });

  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
  const auditCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

  /** What the public site reads, through its own calls. */
  const site = {
    home: async () => (await call<HomeData>(t.app, 'GET', '/api/open/web/index')).data,
    article: (rid: string) => call<ArticleDetail>(t.app, 'POST', '/api/open/news/detail', { form: { id: rid } }),
    page: (key: PageKey) => call<ContentPage>(t.app, 'GET', '/api/open/web/page', { query: { key } }),
    settings: async () => (await call<SiteSettings>(t.app, 'POST', '/api/open/setting')).data,
  };

  return { admin, sales, post, postJson, lastAudit, auditCount, site };
}

export type ContentContext = Awaited<ReturnType<typeof contentContext>>;

/** Pictures the demo content ships with: valid stored paths without an upload. */
export const seedPicture = {
  banner: '/upload/img/banners/banner-2.svg',
  area: '/upload/img/areas/battery.svg',
  partner: '/upload/img/partners/partner-1.svg',
  article: '/upload/img/articles/news-1.svg',
};

let counter = 0;
/** A title no other test in the file uses. */
export const uniqueTitle = (prefix: string) => `${prefix}${process.pid % 1000}-${++counter}`;

export const bannerForm = (overrides: Record<string, string | number | undefined> = {}) => ({
  img: seedPicture.banner,
  title: uniqueTitle('春季检测季'),
  description: '全部常规测试 9 折',
  redirect: 'https://example.com/spring',
  visible: '1',
  ...overrides,
});

export const articleForm = (overrides: Record<string, string | number | undefined> = {}) => ({
  kind: 'news',
  title: uniqueTitle('新仪器上线'),
  img: seedPicture.article,
  sketch: '场发射扫描电镜对外开放',
  content: '<p>新引进的场发射扫描电镜对外开放测试。</p>',
  author: '平台运营部',
  visible: '1',
  ...overrides,
});

export const thanksForm = (overrides: Record<string, string | number | undefined> = {}) => ({
  company: '华东理工大学 材料学院',
  title: 'XRD、XPS',
  code: uniqueTitle('Advanced Materials, 2026, 38: '),
  content: '感谢科研检测中心提供的 XRD 与 XPS 测试。',
  sketch: '报道了一种高稳定性的钙钛矿薄膜。',
  source: 'https://doi.org/10.1002/adma.2026',
  published: '2026-11-20',
  visible: '1',
  ...overrides,
});

/** A 1×1 PNG, for the picture upload. */
export const pngBytes = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** POST multipart /api/admin/upload/image with one file. */
export async function uploadPicture(t: TestContext, who: { token: string }, bytes: Buffer, name = 'banner.png') {
  const boundary = '----contentboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/upload/image',
    headers: { token: who.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return response.json() as { code: number; msg: string; data: { path: string; url: string } };
}
