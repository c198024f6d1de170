import { z } from 'zod';
import { serviceCase } from '../catalog/schemas';
import { optionalText, pageQuery, phoneField, requiredText } from '../common';

// ---- articles: news, courses, ability cases (service), thanks ----

export const articleKinds = ['news', 'course', 'service'] as const;
export type ArticleKind = (typeof articleKinds)[number];
export const listTypes = ['news', 'course', 'service', 'thanks'] as const;
export type ListType = (typeof listTypes)[number];
export const listTypeLabels: Record<ListType, string> = { news: '新闻资讯', course: '课程培训', service: '能力展示案例', thanks: '论文致谢' };

export const articleSummary = z.object({
  rid: z.string(),
  kind: z.enum(articleKinds),
  title: z.string(),
  img: z.string(),
  sketch: z.string(),
  /** YYYY-MM-DD */
  created: z.string(),
  source: z.string().nullable(),
  views: z.number().int(),
});
export type ArticleSummary = z.infer<typeof articleSummary>;

const articleLink = z.object({ rid: z.string(), title: z.string() });

export const articleDetail = articleSummary.extend({
  /** sanitised rich text */
  content: z.string(),
  author: z.string().nullable(),
  prev: articleLink.nullable(),
  next: articleLink.nullable(),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

/** POST /api/open/web/news/list4index: news, course or service (ability case) lists with pages. */
export const articleListBody = pageQuery.extend({
  kind: z.enum(articleKinds, { error: '[类型]不正确' }).default('news'),
});

export const articleDetailBody = z.object({ id: requiredText('文章编号', 40) });

/** POST /api/open/web/acknowledge/list4index */
export const thanksListBody = pageQuery;

/** POST /api/open/ability/index: the capability showcase (/televised). */
export const abilityShowcase = z.object({
  /** headline figures: instruments, tests run, customers, papers acknowledged */
  figures: z.array(z.object({ label: z.string(), value: z.number(), unit: z.string() })),
  sections: z.array(z.object({ title: z.string(), sketch: z.string(), img: z.string() })),
  cases: z.array(serviceCase),
});
export type AbilityShowcase = z.infer<typeof abilityShowcase>;

/**
 * The figures the site states (instruments, orders done, customers, years of service), all
 * from one server-side count (siteFigures): texts in the content carry {{instruments}},
 * {{ordersDone}}, {{customers}}, {{years}} or {{founded}} and the server fills them in.
 */
export const siteFigures = z.object({
  /** distinct instrument models among the published service items */
  instruments: z.number().int(),
  /** orders whose progress is completed */
  ordersDone: z.number().int(),
  /** registered members */
  customers: z.number().int(),
  /** years since the founding year (null when no founding year is set) */
  years: z.number().int().nullable(),
  founded: z.number().int().nullable(),
});
export type SiteFigures = z.infer<typeof siteFigures>;

/** A qualification certificate on /license. A demo certificate shows no number (number null). */
export const publicCertificate = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  /** null for a demo certificate: an illustration is never presented as a real accreditation */
  number: z.string().nullable(),
  issuer: z.string(),
  scope: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  demo: z.boolean(),
});
export type PublicCertificate = z.infer<typeof publicCertificate>;

/** POST /api/open/ability/sync4num: counts an article view. */
export const syncNumBody = z.object({ id: requiredText('文章编号', 40) });

// ---- content pages: about (profile, culture, recruit) and static pages ----

export const pageKeys = ['profile', 'culture', 'recruit', 'contact', 'guide', 'license', 'policy'] as const;
export type PageKey = (typeof pageKeys)[number];

export const contentPage = z.object({
  key: z.enum(pageKeys),
  title: z.string(),
  /** sanitised rich text */
  content: z.string(),
  updated: z.string(),
});
export type ContentPage = z.infer<typeof contentPage>;

export const contentPageQuery = z.object({ key: z.enum(pageKeys, { error: '[页面]不存在' }) });

// ---- POST /api/open/indexMsg/add : a visitor's consultation ----

export const indexMessageBody = z.object({
  name: requiredText('姓名', 30),
  phone: phoneField('手机号'),
  content: requiredText('咨询内容', 1000),
  company: optionalText('单位', 100),
});
export type IndexMessageBody = z.infer<typeof indexMessageBody>;

/** POST /api/open/ability/sync4num answers the article's new view count. */
export const syncNumResult = z.object({ views: z.number().int() });
export type SyncNumResult = z.infer<typeof syncNumResult>;

/** POST /api/open/indexMsg/add answers the consultation's number, for the visitor to quote. */
export const indexMessageResult = z.object({ id: z.number().int() });
export type IndexMessageResult = z.infer<typeof indexMessageResult>;
