import { z } from 'zod';
import { adminTableQuery } from '../admin-table';
import { emptyMessage, optionalText, requiredText } from '../common';
import { blankToUndefined, contentId, contentRid, flagField, optionalDate, optionalUrl } from './admin-fields';
import { imageField } from './admin-schemas';
import { type ArticleKind, articleKinds } from './schemas';

// ---- 文章 news, courses, cases ----

export const articleKindLabels: Record<ArticleKind, string> = { news: '新闻资讯', course: '课程培训', service: '能力展示案例' };

const visibleFilter = z.preprocess(blankToUndefined, z.enum(['1', '0'], { error: '[显示状态]不正确' }).optional());

export const adminArticleListBody = adminTableQuery(['publishedAt', 'views']).extend({
  kind: z.preprocess(blankToUndefined, z.enum(articleKinds, { error: '[类型]不正确' }).optional()),
  keyword: optionalText('关键词', 50),
  visible: visibleFilter,
});
export type AdminArticleListBody = z.infer<typeof adminArticleListBody>;

export const ARTICLE_CONTENT_MAX = 200_000;

const articleFields = {
  kind: z.enum(articleKinds, { error: (issue) => (issue.input === undefined || issue.input === '' ? emptyMessage('类型') : '[类型]不正确') }),
  title: requiredText('标题', 100),
  img: imageField('封面图'),
  sketch: optionalText('摘要', 300),
  content: requiredText('正文', ARTICLE_CONTENT_MAX),
  author: optionalText('作者', 50),
  source: optionalUrl('原文链接'),
  /** YYYY-MM-DD; left out: now */
  published: optionalDate('发布日期'),
  visible: flagField('显示', true),
};

export const articleAddBody = z.object(articleFields);
export type ArticleAddBody = z.infer<typeof articleAddBody>;
export const articleEditBody = z.object({ rid: contentRid('文章'), ...articleFields });
export type ArticleEditBody = z.infer<typeof articleEditBody>;

export const articleRidBody = z.object({ rid: contentRid('文章') });
export const articleVisibleBody = z.object({ rid: contentRid('文章'), visible: flagField('显示') });
export type ArticleVisibleBody = z.infer<typeof articleVisibleBody>;

export const adminArticle = z.object({
  rid: z.string(),
  kind: z.enum(articleKinds),
  title: z.string(),
  img: z.string(),
  imgUrl: z.string(),
  sketch: z.string(),
  author: z.string().nullable(),
  source: z.string().nullable(),
  views: z.number().int(),
  visible: z.boolean(),
  /** the instant, ISO */
  publishedAt: z.string(),
  /** YYYY-MM-DD in Shanghai */
  published: z.string(),
});
export type AdminArticle = z.infer<typeof adminArticle>;

export const adminArticleDetail = adminArticle.extend({
  /** the cleaned rich text as stored */
  content: z.string(),
});
export type AdminArticleDetail = z.infer<typeof adminArticleDetail>;

// ---- 论文致谢 thanks entries ----

export const adminThanksListBody = adminTableQuery(['publishedAt']).extend({
  keyword: optionalText('关键词', 50),
  visible: visibleFilter,
});
export type AdminThanksListBody = z.infer<typeof adminThanksListBody>;

const thanksFields = {
  company: requiredText('作者单位', 100),
  title: requiredText('服务项目', 100),
  code: requiredText('期刊信息', 200),
  content: requiredText('致谢内容', 1000),
  sketch: optionalText('文章摘要', 1000),
  source: optionalUrl('原文链接'),
  published: optionalDate('发表日期'),
  visible: flagField('显示', true),
};

export const thanksAddBody = z.object(thanksFields);
export type ThanksAddBody = z.infer<typeof thanksAddBody>;
export const thanksEditBody = z.object({ id: contentId('致谢'), ...thanksFields });
export type ThanksEditBody = z.infer<typeof thanksEditBody>;

export const adminThanks = z.object({
  id: z.number().int(),
  company: z.string(),
  title: z.string(),
  code: z.string(),
  content: z.string(),
  sketch: z.string(),
  source: z.string().nullable(),
  visible: z.boolean(),
  publishedAt: z.string(),
  published: z.string(),
});
export type AdminThanks = z.infer<typeof adminThanks>;
