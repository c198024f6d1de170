import { z } from 'zod';
import { requiredText } from '../common';
import { flagField } from '../orders/fields';
import { imageField, optionalTypeId, requiredId, sortField, typeIdField } from './admin-fields';

/**
 * The catalogue in the back office (admin only, /api/admin/catalog/*): the service groups
 * (分类) of the three fixed service types with their sub-types (子类), and the service items
 * (服务项目) with options and prices. Every change shows on the public site at once.
 */

// ---- groups (分类) and sub-types (子类) ----

export const CATALOG_GROUP_TAGS_MAX = 8;

/** Tags are kept in the group's `description`, separated by |; blank and repeated ones are dropped. */
export function splitGroupTags(description: string): string[] {
  return [...new Set(description.split(/[|｜]/).map((tag) => tag.trim()).filter(Boolean))];
}

const tagsField = z
  .preprocess((v) => (Array.isArray(v) ? v.join('|') : v === undefined || v === null ? '' : v), z.string({ error: '[标签]格式不正确' }))
  .transform((value) => splitGroupTags(value))
  .refine((tags) => tags.length <= CATALOG_GROUP_TAGS_MAX, { error: `[标签]最多${CATALOG_GROUP_TAGS_MAX}个` })
  .refine((tags) => tags.every((tag) => tag.length <= 20), { error: '[标签]每个不能超过20个字符' })
  .transform((tags) => tags.join('|'));

export const serviceGroupListBody = z.object({ typeId: optionalTypeId });
export type ServiceGroupListBody = z.infer<typeof serviceGroupListBody>;

export const serviceGroupAddBody = z.object({
  typeId: typeIdField,
  name: requiredText('分类名称', 30),
  img: imageField('分类图片'),
  /** the tags under the group on the home page: 'XRD|SEM|…' (or an array from JSON) */
  tags: tagsField,
  sort: sortField,
  visible: z.preprocess((v) => (v === undefined || v === '' ? true : v), flagField),
});
export type ServiceGroupAddBody = z.infer<typeof serviceGroupAddBody>;

export const serviceGroupUpdateBody = serviceGroupAddBody.extend({ id: requiredId('分类') });
export type ServiceGroupUpdateBody = z.infer<typeof serviceGroupUpdateBody>;

export const serviceGroupIdBody = z.object({ id: requiredId('分类') });
export type ServiceGroupIdBody = z.infer<typeof serviceGroupIdBody>;

export const serviceChildAddBody = z.object({
  groupId: requiredId('所属分类'),
  name: requiredText('子类名称', 30),
  sort: sortField,
});
export type ServiceChildAddBody = z.infer<typeof serviceChildAddBody>;

export const serviceChildUpdateBody = z.object({ id: requiredId('子类'), name: requiredText('子类名称', 30), sort: sortField });
export type ServiceChildUpdateBody = z.infer<typeof serviceChildUpdateBody>;

export const serviceChildIdBody = z.object({ id: requiredId('子类') });
export type ServiceChildIdBody = z.infer<typeof serviceChildIdBody>;

export const adminServiceChild = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  /** items in this sub-type (published or not): it can be deleted only at 0 */
  itemCount: z.number().int(),
});
export type AdminServiceChild = z.infer<typeof adminServiceChild>;

export const adminServiceGroup = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  name: z.string(),
  /** the stored path (what a form sends back) */
  img: z.string(),
  /** the picture's address to show */
  imgUrl: z.string(),
  /** tags separated by | */
  description: z.string(),
  sort: z.number().int(),
  visible: z.boolean(),
  itemCount: z.number().int(),
  publishedCount: z.number().int(),
  children: z.array(adminServiceChild),
});
export type AdminServiceGroup = z.infer<typeof adminServiceGroup>;
