import { z } from 'zod';
import { emptyMessage, ID_MAX, requiredText } from '../common';

// ---- fields ----

const serviceTypeValues = [1, 2, 3] as const;

/** A number a form sends as text: blank or absent reads as "not filled in". */
const requiredNumber = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({ error: (issue) => (issue.input === undefined ? emptyMessage(label) : `[${label}]不正确`) }).int({ error: `[${label}]不正确` }),
  );

export const requiredId = (label: string) => requiredNumber(label).pipe(z.number().positive({ error: `[${label}]不正确` }).max(ID_MAX, { error: `[${label}]不正确` }));

export const optionalId = (label: string) =>
  z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v), requiredId(label).optional());

export const typeIdField = requiredNumber('服务类型').refine((v) => (serviceTypeValues as readonly number[]).includes(v), { error: '[服务类型]不正确' });

export const optionalTypeId = z.preprocess((v) => (v === '' || v === null ? undefined : v), typeIdField.optional());

/** Staff order things by a small number, smaller first. */
export const sortField = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v.trim()) : v),
  z.number({ error: '[排序]必须是整数' }).int({ error: '[排序]必须是整数' }).min(0, { error: '[排序]应为0–9999的整数' }).max(9999, { error: '[排序]应为0–9999的整数' }),
);

/** A picture is an uploaded path (/upload/img/…) or a full http(s) address. */
export const imageField = (label: string) =>
  requiredText(label, 300).regex(/^(\/upload\/img\/[\w./-]+|https?:\/\/\S+)$/, { error: `[${label}]请上传图片` });

/** A filter of the items table: '1' yes, '0' no, '' or absent either. */
export const yesNoFilter = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['0', '1'], { error: `[${label}]不正确` }).optional()).transform((v) => (v === undefined ? undefined : v === '1'));
