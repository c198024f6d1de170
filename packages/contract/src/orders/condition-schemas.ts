import { z } from 'zod';
import { optionalText } from '../common';
import { hasChinese } from '../catalog/methods-schemas';
import { flagField, jsonField } from './fields';
import { orderNoField } from './schemas';

// ---- 测试条件确认: the conditions the lab actually used, per order line (decisions/0058) ----

/** One line of an order as the lab confirms it: the item's options, what was ordered and what was used. */
export const conditionLineView = z.object({
  rid: z.string(),
  name: z.string(),
  count: z.number().int(),
  unit: z.string(),
  options: z.array(z.object({ id: z.number().int(), name: z.string(), choices: z.array(z.object({ id: z.number().int(), label: z.string() })) })),
  /** { optionId: choiceId } as ordered */
  ordered: z.record(z.string(), z.number().int()),
  /** { optionId: choiceId } as used (the ordered ones until the lab confirmed) */
  used: z.record(z.string(), z.number().int()),
  noteZh: z.string(),
  noteEn: z.string(),
});
export type ConditionLineView = z.infer<typeof conditionLineView>;

export const orderConditionsView = z.object({
  orderNo: z.string(),
  progress: z.string(),
  lines: z.array(conditionLineView),
  /** null: not confirmed yet (the member's text says 草稿) */
  confirmed: z.object({ by: z.string(), at: z.string(), credited: z.boolean(), creditNameEn: z.string() }).nullable(),
});
export type OrderConditionsView = z.infer<typeof orderConditionsView>;

const noChinese = (v: string | undefined) => v === undefined || !hasChinese(v);
const chineseMessage = (label: string) => ({ error: `[${label}]请用英文填写，不能包含中文字符或全角标点` });

/** adminOrderConditions.confirm: per line the choices used and a note in each language; the confirming staff member may consent to be named. */
export const conditionsConfirmBody = z
  .object({
    order_no: orderNoField,
    /** JSON [{ rid, choices: { optionId: choiceId }, noteZh, noteEn }] */
    lines: jsonField(
      '测试条件',
      z.array(
        z.object({
          rid: z.string().min(1).max(40),
          choices: z.record(z.string(), z.coerce.number().int()).default({}),
          noteZh: optionalText('补充条件（中文）', 300),
          noteEn: optionalText('补充条件（英文）', 500).refine(noChinese, chineseMessage('补充条件（英文）')),
        }),
      ),
    ),
    /** 同意在论文致谢中写明我的姓名: only the confirming staff member consents, for themself */
    credit_me: flagField.default(false),
    credit_name_en: optionalText('英文署名', 60).refine(noChinese, chineseMessage('英文署名')),
  })
  .refine((v) => !v.credit_me || v.credit_name_en, { error: '[英文署名]不能为空：同意署名时请填写姓名拼音', path: ['credit_name_en'] });
export type ConditionsConfirmBody = z.infer<typeof conditionsConfirmBody>;
