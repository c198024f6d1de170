import { z } from 'zod';
import { adminTableQuery } from '../admin-table';
import { emptyMessage, ID_MAX, optionalText, requiredText } from '../common';
import { parseYuan } from '../funds/schemas';
import { flagField, jsonField } from '../orders/fields';
import { imageField, optionalId, optionalTypeId, requiredId, sortField, yesNoFilter } from './admin-fields';
import { pricedOption } from './schemas';

// ---- items (服务项目) ----

export const CATALOG_OPTIONS_MAX = 10;
export const CATALOG_CHOICES_MAX = 20;
/** the largest unit price or option surcharge a form accepts: ¥1,000,000.00 */
export const CATALOG_PRICE_MAX_YUAN = 1_000_000;

/** A price in yuan ('60', '60.5', '1,200.00') that becomes fen; zero refused. */
const priceField = (label: string) =>
  z
    .preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), z.string({ error: emptyMessage(label) }))
    .transform((value, ctx) => {
      const parsed = parseYuan(value, label, { max: CATALOG_PRICE_MAX_YUAN });
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    });

/** An option's surcharge in yuan: blank or 0 means no surcharge. */
export function parseSurcharge(value: string | number | null | undefined, label = '加价'): number | string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text === '' || /^0*(\.0*)?$/.test(text)) return 0;
  if (text.startsWith('-')) return `[${label}]不能为负数`;
  return parseYuan(text, label, { max: CATALOG_PRICE_MAX_YUAN });
}

const surchargeField = z
  .preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), z.string({ error: '[加价]格式不正确' }).optional())
  .transform((value, ctx) => {
    const parsed = parseSurcharge(value);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  });

/** A list sent as JSON in a form field; blank or absent is an empty list. */
const jsonList = <T extends z.ZodType<unknown[]>>(label: string, schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), jsonField(label, schema).optional()).transform((v) => (v ?? []) as z.output<T>);

/** an option or choice id the item already has; absent for a new one (the server numbers it) */
const optionalKey = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().max(ID_MAX).optional()).catch(undefined);

const choiceInput = z.object({
  id: optionalKey,
  label: requiredText('选项值', 50),
  /** yuan added to the unit price */
  price: surchargeField,
  /** the choice follows the booked day instead of the member's pick: weekday | weekend (blank: an ordinary choice) */
  slot: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['weekday', 'weekend'], { error: '[按时段计价]不正确' }).optional()),
});

const optionInput = z
  .object({
    id: optionalKey,
    name: requiredText('选项名称', 30),
    choices: z
      .array(choiceInput, { error: '[选项值]格式不正确' })
      .min(1, { error: '每个选项至少需要一个选项值' })
      .max(CATALOG_CHOICES_MAX, { error: `每个选项最多${CATALOG_CHOICES_MAX}个选项值` }),
  })
  .superRefine((option, ctx) => {
    const labels = option.choices.map((c) => c.label);
    const repeated = labels.find((label, i) => labels.indexOf(label) !== i);
    if (repeated) ctx.addIssue({ code: 'custom', message: `选项「${option.name}」的选项值「${repeated}」重复` });
  });

export type ServiceOptionInput = z.output<typeof optionInput>;

const optionsField = jsonList(
  '测试选项',
  z
    .array(optionInput, { error: '[测试选项]格式不正确' })
    .max(CATALOG_OPTIONS_MAX, { error: `[测试选项]最多${CATALOG_OPTIONS_MAX}个` })
    .superRefine((options, ctx) => {
      const names = options.map((o) => o.name);
      const repeated = names.find((name, i) => names.indexOf(name) !== i);
      if (repeated) ctx.addIssue({ code: 'custom', message: `选项「${repeated}」重复` });
    }),
);

const faqField = jsonList(
  '常见问题',
  z
    .array(z.object({ question: requiredText('问题', 200), answer: requiredText('解答', 2000) }), { error: '[常见问题]格式不正确' })
    .max(30, { error: '[常见问题]最多30条' }),
);

const examplesField = jsonList(
  '结果示例',
  z
    .array(
      z.object({
        img: imageField('示例图片'),
        caption: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(100, { error: '[图片说明]不能超过100个字符' })),
      }),
      { error: '[结果示例]格式不正确' },
    )
    .max(12, { error: '[结果示例]最多12张' }),
);

/** Keywords: a JSON array, or text separated by commas, 、 or spaces; lower-cased later by the search. */
const keywordsField = z
  .preprocess((v) => {
    if (v === undefined || v === null) return [];
    if (Array.isArray(v)) return v;
    if (typeof v !== 'string') return v;
    const text = v.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return v;
      }
    }
    return text.split(/[\s,，、;；]+/);
  }, z.array(z.string({ error: '[搜索关键词]格式不正确' }), { error: '[搜索关键词]格式不正确' }))
  .transform((words) => [...new Set(words.map((w) => w.trim()).filter(Boolean))])
  .refine((words) => words.length <= 20, { error: '[搜索关键词]最多20个' })
  .refine((words) => words.every((w) => w.length <= 20), { error: '[搜索关键词]每个不能超过20个字符' });

/** The standards an item follows: a list, one per line or comma/semicolon separated; at most 12 of 60 characters. */
const standardsField = z
  .preprocess((v) => {
    if (v === undefined || v === null || v === '') return [];
    if (Array.isArray(v)) return v;
    if (typeof v !== 'string') return v;
    const text = v.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return v;
      }
    }
    return text.split(/[\n;；，,]+/);
  }, z.array(z.string({ error: '[执行标准]格式不正确' }), { error: '[执行标准]格式不正确' }))
  .transform((list) => [...new Set(list.map((s) => s.trim()).filter(Boolean))])
  .refine((list) => list.length <= 12, { error: '[执行标准]最多12条' })
  .refine((list) => list.every((s) => s.length <= 60), { error: '[执行标准]每条不能超过60个字符' });

/** A sample report's PDF: a committed path under /upload/img/reports/ or a full http(s) address; blank is none. */
const sampleReportField = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: '[样例报告]格式不正确' })
    .max(500, { error: '[样例报告]不能超过500个字符' })
    .refine((value) => (/^\/upload\/img\/reports\/[\w\-.]+\.pdf$/.test(value) && !value.includes('..')) || /^https?:\/\/[^\s]+\.pdf$/i.test(value), { error: '[样例报告]应为 PDF 文件地址' })
    .nullable(),
);

const longText = (label: string, max: number) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: `[${label}]格式不正确` }).trim().max(max, { error: `[${label}]不能超过${max}个字符` }));

/** Add or edit a service item. The type comes from its group; a sub-type must belong to the group. */
export const serviceItemBody = z.object({
  groupId: requiredId('所属分类'),
  childId: optionalId('子类'),
  name: requiredText('项目名称', 100),
  img: imageField('项目图片'),
  sketch: longText('简介', 200),
  /** rich text; cleaned on the server */
  description: longText('详情介绍', 100_000),
  model: optionalText('仪器型号', 100),
  /** yuan */
  price: priceField('价格'),
  unit: requiredText('计价单位', 10),
  /** JSON: [{ id?, name, choices: [{ id?, label, price (yuan) }] }] */
  options: optionsField,
  sampleRequirements: longText('样品要求', 2000),
  /** one standard a line (or comma separated): GB/T 30904-2014 … */
  standards: standardsField,
  samplePrep: longText('制样说明', 2000),
  reportContents: longText('报告内容', 2000),
  /** a sample report: a PDF under /upload/img/reports/ (or a full address); blank for none */
  sampleReport: sampleReportField,
  turnaround: longText('测试周期', 50),
  /** JSON: [{ question, answer }] */
  faq: faqField,
  /** JSON: [{ img, caption }] */
  examples: examplesField,
  labLocation: longText('实验室地点', 100),
  keywords: keywordsField,
  hot: flagField,
  reservable: flagField,
  sort: sortField,
});
export type ServiceItemBody = z.infer<typeof serviceItemBody>;

const ridField = requiredText('项目编号', 40);

export const serviceItemUpdateBody = serviceItemBody.extend({ rid: ridField });
export type ServiceItemUpdateBody = z.infer<typeof serviceItemUpdateBody>;

export const serviceItemRidBody = z.object({ rid: ridField });
export type ServiceItemRidBody = z.infer<typeof serviceItemRidBody>;

export const serviceItemPublishBody = z.object({
  rid: ridField,
  published: z.enum(['0', '1'], { error: '[上架状态]不正确' }).transform((v) => v === '1'),
});
export type ServiceItemPublishBody = z.infer<typeof serviceItemPublishBody>;

export const serviceItemSortFields = ['sort', 'orderCount', 'priceFen', 'updatedAt'] as const;

export const serviceItemListBody = adminTableQuery(serviceItemSortFields).extend({
  /** over the name and the instrument model */
  keyword: optionalText('关键词', 50),
  typeId: optionalTypeId,
  groupId: optionalId('分类'),
  childId: optionalId('子类'),
  published: yesNoFilter('上架状态'),
  hot: yesNoFilter('热门'),
  reservable: yesNoFilter('可预约'),
});
export type ServiceItemListBody = z.infer<typeof serviceItemListBody>;

/** A row of the items table. */
export const adminServiceItemRow = z.object({
  rid: z.string(),
  name: z.string(),
  imgUrl: z.string(),
  model: z.string().nullable(),
  typeId: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  childId: z.number().int().nullable(),
  childName: z.string().nullable(),
  priceFen: z.number().int(),
  unit: z.string(),
  orderCount: z.number().int(),
  published: z.boolean(),
  hot: z.boolean(),
  reservable: z.boolean(),
  sort: z.number().int(),
  updatedAt: z.string(),
});
export type AdminServiceItemRow = z.infer<typeof adminServiceItemRow>;

/** Everything an item's edit form shows; pictures as stored paths plus addresses to show. */
export const adminServiceItem = adminServiceItemRow.extend({
  img: z.string(),
  sketch: z.string(),
  description: z.string(),
  options: z.array(pricedOption),
  sampleRequirements: z.string(),
  standards: z.array(z.string()),
  samplePrep: z.string(),
  reportContents: z.string(),
  sampleReport: z.string().nullable(),
  turnaround: z.string(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  examples: z.array(z.object({ img: z.string(), imgUrl: z.string(), caption: z.string() })),
  labLocation: z.string(),
  keywords: z.array(z.string()),
  createdAt: z.string(),
});
export type AdminServiceItem = z.infer<typeof adminServiceItem>;

/** What adding an item answers: its new rid. */
export const serviceItemCreated = z.object({ rid: z.string() });

/** What 上架/下架 answers. */
export const serviceItemPublished = z.object({ rid: z.string(), published: z.boolean() });
