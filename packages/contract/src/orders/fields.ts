import { z } from 'zod';
import { emptyMessage, requiredText } from '../common';
import { isCalendarDate } from '../dates';

export const requiredDay = (label: string) =>
  z
    .string({ error: emptyMessage(label) })
    .trim()
    .min(1, { error: emptyMessage(label) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `[${label}]格式应为YYYY-MM-DD` }).refine(isCalendarDate, { error: `[${label}]不是有效日期` });
// ---- shared field helpers ----

export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
export const rid = (label: string) => requiredText(label, 40);
export const optionalDate = (label: string) =>
  z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: `[${label}]格式应为YYYY-MM-DD` }).refine(isCalendarDate, { error: `[${label}]不是有效日期` }).optional());
export const requiredDate = (label: string) =>
  z.string({ error: emptyMessage(label) }).trim().min(1, { error: emptyMessage(label) }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: `[${label}]格式应为YYYY-MM-DD` }).refine(isCalendarDate, { error: `[${label}]不是有效日期` });
export const intField = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `[${label}]必须是数字` })
    .int({ error: `[${label}]必须是整数` })
    .min(min, { error: `[${label}]不能小于${min}` })
    .max(max, { error: `[${label}]不能超过${max}` });
/** A form field holding JSON (forms cannot nest); JSON bodies may send the value itself. */
export const jsonField = <T extends z.ZodType>(label: string, schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return undefined;
    try {
      return JSON.parse(v);
    } catch {
      return Symbol.for('invalid-json');
    }
  }, z.any().refine((v) => v !== Symbol.for('invalid-json'), { error: `[${label}]格式不正确` }).pipe(schema));
/** '1', 'true', 1, true → true; '0', 'false', '', absent → false */
export const flagField = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on', z.boolean());
/** A flag that may be left out: absent stays absent (so an audit row's input is what was sent), given is read as flagField. */
export const optionalFlagField = z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v === true || v === 1 || v === '1' || v === 'true' || v === 'on'), z.boolean().optional());
export const ridList = (label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.string().max(40), { error: emptyMessage(label) }).min(1, { error: emptyMessage(label) }).max(100, { error: `[${label}]一次最多100个` }),
  );
/** the member as sales see them next to a requirement or a contract */
export const staffMemberView = z.object({ rid: z.string(), name: z.string(), phone: z.string(), company: z.string() });
