import { z } from 'zod';
import { emptyMessage, optionalText, requiredText } from '../common';
import { ARTICLE_CONTENT_MAX } from './admin-article-schemas';
import { contentId, dateField, flagField, sortField } from './admin-fields';
import { imageField } from './admin-schemas';
import { type PageKey, pageKeys } from './schemas';

// ---- 关于与静态页 ----

/** The seven pages by the names the site's menus give them. */
export const contentPageLabels: Record<PageKey, string> = {
  profile: '公司简介',
  culture: '企业文化',
  recruit: '人才招聘',
  contact: '联系我们',
  guide: '服务指南',
  license: '资质证书',
  policy: '隐私政策',
};

/** Where each page shows on the site. */
export const pagePaths: Record<PageKey, string> = {
  profile: '/about/profile',
  culture: '/about/culture',
  recruit: '/about/recruit',
  contact: '/contact',
  guide: '/guide',
  license: '/license',
  policy: '/policy',
};

export const pageKeyBody = z.object({
  key: z.enum(pageKeys, { error: (issue) => (issue.input === undefined || issue.input === '' ? emptyMessage('页面') : '[页面]不存在') }),
});

export const pageSaveBody = pageKeyBody.extend({
  title: requiredText('标题', 60),
  content: requiredText('正文', ARTICLE_CONTENT_MAX),
});
export type PageSaveBody = z.infer<typeof pageSaveBody>;

export const adminPageSummary = z.object({
  key: z.enum(pageKeys),
  title: z.string(),
  /** instant of the last save, ISO; null when never written */
  updatedAt: z.string().nullable(),
  /** characters of text without tags, to spot an empty page */
  textLength: z.number().int(),
});
export type AdminPageSummary = z.infer<typeof adminPageSummary>;

export const adminContentPage = z.object({
  key: z.enum(pageKeys),
  title: z.string(),
  content: z.string(),
  updatedAt: z.string().nullable(),
});
export type AdminContentPage = z.infer<typeof adminContentPage>;

// ---- 合作机构 partner logos ----

const partnerFields = {
  name: requiredText('机构名称', 60),
  img: imageField('标志'),
  sort: sortField,
  visible: flagField('显示', true),
};

export const partnerAddBody = z.object(partnerFields);
export type PartnerAddBody = z.infer<typeof partnerAddBody>;
export const partnerEditBody = z.object({ id: contentId('合作机构'), ...partnerFields });
export type PartnerEditBody = z.infer<typeof partnerEditBody>;

export const adminPartner = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  imgUrl: z.string(),
  sort: z.number().int(),
  visible: z.boolean(),
});
export type AdminPartner = z.infer<typeof adminPartner>;

/** What deleting a banner, hot area, thanks entry or partner logo answers. */
export const contentIdView = z.object({ id: z.number().int() });
/** What deleting an article answers. */
export const articleRidView = z.object({ rid: z.string() });

// ---- 资质证书 certificates (/license) ----

const certificateFields = {
  name: requiredText('证书名称', 60),
  img: imageField('证书图片'),
  number: requiredText('证书编号', 60),
  issuer: requiredText('发证机构', 60),
  scope: optionalText('认可范围', 500),
  validFrom: dateField('有效期起'),
  validTo: dateField('有效期至'),
  sort: sortField,
  /** an illustrative certificate (演示数据): the public site never shows its number */
  demo: flagField('演示数据', false),
};
const validSpan = (value: { validFrom: string; validTo: string }) => value.validFrom <= value.validTo;
const spanIssue = { error: '[有效期至]不能早于有效期起', path: ['validTo'] };

export const certificateAddBody = z.object(certificateFields).refine(validSpan, spanIssue);
export type CertificateAddBody = z.infer<typeof certificateAddBody>;
export const certificateEditBody = z.object({ id: contentId('证书'), ...certificateFields }).refine(validSpan, spanIssue);
export type CertificateEditBody = z.infer<typeof certificateEditBody>;

export const adminCertificate = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  imgUrl: z.string(),
  number: z.string(),
  issuer: z.string(),
  scope: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  sort: z.number().int(),
  demo: z.boolean(),
  /** past its validTo (lab calendar): hidden on the public page */
  expired: z.boolean(),
});
export type AdminCertificate = z.infer<typeof adminCertificate>;
