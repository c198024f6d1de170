import { z } from 'zod';
import { emptyMessage, ID_MAX, requiredText } from '../common';
import { contentId, flagField, isHttpUrl, toList } from './admin-fields';

/**
 * The site's content in the back office (admin only): banners, hot areas, articles (news,
 * courses, cases), thanks entries, the about and static pages, partner logos and the site
 * settings the public pages read. Pictures are stored as the path the upload answered
 * (`/upload/img/…`); rich text is cleaned again by the server on every save.
 */

/** 'HH:mm', 00:00–23:59. */
export const isClockTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** A stored picture: the path an upload answered (/upload/img/…) or a full http(s) address. */
export const imageField = (label: string) =>
  requiredText(label, 500).refine((value) => (/^\/upload\/img\/[\w\-./]+$/.test(value) && !value.includes('..')) || isHttpUrl(value), {
    error: `[${label}]不正确，请重新上传`,
  });

/** The new order of a whole list: every id once, first shown first. */
export const reorderBody = z.object({
  ids: z.preprocess(
    (v) => {
      const list = toList(v);
      return Array.isArray(list) ? list.map((item) => Number(item)) : list;
    },
    z
      .array(z.number().int().positive().max(ID_MAX), { error: (issue) => (issue.input === undefined ? emptyMessage('顺序') : '[顺序]不正确') })
      .min(1, { error: emptyMessage('顺序') })
      .max(200, { error: '[顺序]一次最多200项' })
      .refine((ids) => new Set(ids).size === ids.length, { error: '[顺序]不能有重复项' }),
  ),
});
export type ReorderBody = z.infer<typeof reorderBody>;

export const contentIdBody = z.object({ id: contentId('编号') });
export type ContentIdBody = z.infer<typeof contentIdBody>;

export const contentVisibleBody = z.object({ id: contentId('编号'), visible: flagField('显示') });
export type ContentVisibleBody = z.infer<typeof contentVisibleBody>;
