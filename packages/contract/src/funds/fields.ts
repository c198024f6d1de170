import { z } from 'zod';
import { requiredText } from '../common';
import { isCalendarDate } from '../dates';

export const rid = (label: string) => requiredText(label, 40);
export const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values, { error: `[${label}]不正确` }).optional());
export const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: `[${label}]格式应为YYYY-MM-DD` }).refine(isCalendarDate, { error: `[${label}]不是有效日期` }).optional(),
  );

export const communityRef = z.object({ rid: z.string(), name: z.string() });
