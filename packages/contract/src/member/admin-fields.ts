import { z } from 'zod';
import { emptyMessage, requiredText } from '../common';

export const rid = (label: string) => requiredText(label, 40);
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: `[${label}]不正确` }).optional());
export const intField = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `[${label}]必须是数字` })
    .int({ error: `[${label}]必须是整数` })
    .min(min, { error: `[${label}]不能小于${min}` })
    .max(max, { error: `[${label}]不能超过${max}` });
/** a whole number that must be filled in: '' and a missing key read as [label]不能为空 */
export const requiredInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => {
      const given = blankToUndefined(typeof value === 'string' ? value.trim() : value);
      return typeof given === 'string' ? Number(given) : given;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? emptyMessage(label) : `[${label}]必须是数字`) })
      .int({ error: `[${label}]必须是整数` })
      .min(min, { error: `[${label}]不能小于${min}` })
      .max(max, { error: `[${label}]不能超过${max}` }),
  );
/** '0' or '1' (form posts), read as a boolean; missing reads as [label]不能为空 */
export const requiredFlag = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : String(value)),
    z.enum(['0', '1'], { error: (issue) => (issue.input === undefined ? emptyMessage(label) : `[${label}]不正确`) }).transform((value) => value === '1'),
  );
/** a refusal is always explained to the member */
export const reasonField = requiredText('原因', 200);
