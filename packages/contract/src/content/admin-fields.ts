import { z } from 'zod';
import { emptyMessage, ID_MAX, optionalText, requiredText } from '../common';
import { isCalendarDate } from '../dates';

// ---- fields shared by the content forms ----

export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A list sent as a JSON array, as repeated form fields, or as one comma-separated string. */
export const toList = (v: unknown): unknown => {
  if (v === undefined || v === null) return v;
  if (Array.isArray(v)) return v.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
  if (typeof v === 'number') return [String(v)];
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (text.startsWith('[')) {
    try {
      return toList(JSON.parse(text) as unknown);
    } catch {
      return v;
    }
  }
  return text.split(/[,，\s]+/).map((item) => item.trim()).filter(Boolean);
};

export const isHttpUrl = (value: string) => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
};

export const contentId = (label: string) =>
  z.coerce.number({ error: emptyMessage(label) }).int({ error: `[${label}]不正确` }).positive({ error: `[${label}]不正确` }).max(ID_MAX, { error: `[${label}]不正确` });

export const contentRid = (label: string) => requiredText(label, 40);

/** An optional http(s) address: the original of an article, a thanks entry's paper. */
export const optionalUrl = (label: string) =>
  optionalText(label, 500).refine((value) => value === undefined || isHttpUrl(value), { error: `[${label}]应以 http:// 或 https:// 开头` });

/** A yes/no switch sent as 1/0, true/false or a JSON boolean; absent is `fallback`. */
export const flagField = (label: string, fallback?: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? fallback : typeof v === 'boolean' ? v : String(v)),
    z.union([z.boolean(), z.enum(['1', '0', 'true', 'false']).transform((value) => value === '1' || value === 'true')], {
      error: (issue) => (issue.input === undefined ? emptyMessage(label) : `[${label}]不正确`),
    }),
  );

/** The position in a list; smaller shows first. Left out, the item goes to the end. */
export const sortField = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: '[排序]必须是数字' }).int({ error: '[排序]必须是整数' }).min(0, { error: '[排序]不能小于0' }).max(9999, { error: '[排序]不能超过9999' }).optional(),
);

/** A day of the lab's calendar, YYYY-MM-DD. */
export const dateField = (label: string) =>
  z.string({ error: emptyMessage(label) }).trim().refine(isCalendarDate, { error: `[${label}]格式应为YYYY-MM-DD` });

export const optionalDate = (label: string) => z.preprocess(blankToUndefined, dateField(label).optional());
