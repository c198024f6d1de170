import { z } from 'zod';

z.config(z.locales.zhCN());

/** The spec's message pattern for a missing field: `[手机号]不能为空`. */
export const emptyMessage = (label: string) => `[${label}]不能为空`;

/**
 * A required text field. Form posts send strings; a missing key, a non-string or a blank
 * string all read as "not filled in" to a person, so they share the spec's message.
 */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: emptyMessage(label) })
    .trim()
    .min(1, { error: emptyMessage(label) })
    .max(max, { error: `[${label}]不能超过${max}个字符` });

export const optionalText = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: `[${label}]不能超过${max}个字符` })
    .optional()
    .transform((value) => (value ? value : undefined));

export { isCalendarDate } from './dates';

/**
 * The largest id a row can have: ids are PostgreSQL integer (serial) columns, and a larger
 * number sent to the database as a parameter is an error there (500), not "not found".
 */
export const ID_MAX = 2_147_483_647;

/**
 * A staff decision that moves money or value carries what the staff member saw (PRODUCT.md
 * "Staff decisions and value"): here the version of the application's row, as the queue listed
 * it. The server books only while the row still has that version; any change after the staff
 * member saw it (the member's edit, a new receipt, another decision) answers 409 with this.
 */
export const DECISION_CHANGED_MESSAGE = '该申请已被修改，请刷新后重新审核';
const versionMissing = '[版本号]不能为空，请刷新页面后重新操作';
export const versionPin = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: versionMissing }).int({ error: versionMissing }).min(1, { error: versionMissing }).max(ID_MAX, { error: versionMissing }),
);

export const phonePattern = /^1[3-9]\d{9}$/;

export const phoneField = (label = '手机号') =>
  requiredText(label, 11).regex(phonePattern, { error: `[${label}]格式不正确` });

/** The envelope every API call answers with (PRODUCT.md): code 1 success, 0 failure. */
export interface Envelope<T> {
  code: 0 | 1;
  msg: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.union([z.literal(0), z.literal(1)]), msg: z.string(), data });

export { fenInWords, formatFen } from './display';

export const pageQuery = z.object({
  page: z.coerce.number({ error: '[页码]必须是数字' }).int({ error: '[页码]必须是整数' }).min(1, { error: '[页码]不能小于1' }).max(10_000, { error: '[页码]过大' }).default(1),
  pageSize: z.coerce.number({ error: '[每页条数]必须是数字' }).int({ error: '[每页条数]必须是整数' }).min(1, { error: '[每页条数]不能小于1' }).max(100, { error: '[每页条数]不能超过100' }).default(20),
});

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The answer schema of a paged list (the call table's `data`): `pageOf(addressEntity)`. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
