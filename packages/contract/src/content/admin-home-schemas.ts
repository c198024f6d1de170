import { z } from 'zod';
import { emptyMessage, optionalText, requiredText } from '../common';
import { contentId, flagField, isHttpUrl, sortField } from './admin-fields';
import { imageField } from './admin-schemas';

// ---- 轮播图 banners ----

/**
 * Where a banner leads, as the home page reads it: an http(s) address opens in a new tab, any
 * other value is a service item's rid (/detail/{rid}), empty is a plain picture.
 */
export const bannerLinkKind = (redirect: string | null | undefined): 'external' | 'item' | 'none' => {
  const value = redirect?.trim();
  if (!value) return 'none';
  return /^https?:\/\//i.test(value) ? 'external' : 'item';
};

const bannerFields = {
  img: imageField('图片'),
  redirect: optionalText('链接', 500).refine(
    (value) => value === undefined || (bannerLinkKind(value) === 'external' ? isHttpUrl(value) : /^[A-Za-z0-9_-]{1,40}$/.test(value)),
    { error: '[链接]应为 http(s) 网址或服务项目编号' },
  ),
  title: optionalText('标题', 60),
  description: optionalText('描述', 200),
  sort: sortField,
  visible: flagField('显示', true),
};

export const bannerAddBody = z.object(bannerFields);
export type BannerAddBody = z.infer<typeof bannerAddBody>;
export const bannerEditBody = z.object({ id: contentId('轮播图'), ...bannerFields });
export type BannerEditBody = z.infer<typeof bannerEditBody>;

export const adminBanner = z.object({
  id: z.number().int(),
  /** the stored path, sent back when saving */
  img: z.string(),
  /** the picture's address for previews */
  imgUrl: z.string(),
  redirect: z.string().nullable(),
  /** the service item a non-http link names, when it exists */
  redirectItem: z.object({ rid: z.string(), name: z.string() }).nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  sort: z.number().int(),
  visible: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

// ---- 热门专区 hot areas ----

const hotAreaFields = {
  name: requiredText('名称', 30),
  img: imageField('图片'),
  sketch: optionalText('简介', 200),
  title: requiredText('跳转分类', 30),
  typeId: z.coerce
    .number({ error: emptyMessage('服务类型') })
    .int({ error: '[服务类型]不正确' })
    .min(1, { error: '[服务类型]不正确' })
    .max(3, { error: '[服务类型]不正确' }),
  sort: sortField,
  visible: flagField('显示', true),
};

export const hotAreaAddBody = z.object(hotAreaFields);
export type HotAreaAddBody = z.infer<typeof hotAreaAddBody>;
export const hotAreaEditBody = z.object({ id: contentId('热门专区'), ...hotAreaFields });
export type HotAreaEditBody = z.infer<typeof hotAreaEditBody>;

export const adminHotArea = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  imgUrl: z.string(),
  sketch: z.string(),
  /** the group name /project/{typeId}/{title} opens */
  title: z.string(),
  typeId: z.number().int(),
  sort: z.number().int(),
  visible: z.boolean(),
});
export type AdminHotArea = z.infer<typeof adminHotArea>;
