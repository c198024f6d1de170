import { z } from 'zod';
import { emptyMessage, phonePattern, requiredText } from '../common';

export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
export const rid = (label: string) => requiredText(label, 40);
export const intField = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `[${label}]必须是数字` })
    .int({ error: `[${label}]必须是整数` })
    .min(min, { error: `[${label}]不能小于${min}` })
    .max(max, { error: `[${label}]不能超过${max}` });
export const phone = (label: string) =>
  z
    .string({ error: emptyMessage(label) })
    .trim()
    .min(1, { error: emptyMessage(label) })
    .regex(phonePattern, { error: `[${label}]格式不正确` });
