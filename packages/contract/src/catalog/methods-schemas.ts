import { z } from 'zod';
import { optionalText, requiredText } from '../common';
import { jsonField } from '../orders/fields';

// ---- 论文方法与致谢: the instrument behind an item and a phrase per option value (decisions/0058) ----

/** Chinese characters and full-width punctuation: English text for a paper must have none. */
export const CHINESE_TEXT = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;
export const hasChinese = (text: string) => CHINESE_TEXT.test(text);

const englishText = (label: string, max: number) => optionalText(label, max).refine((v) => v === undefined || !hasChinese(v), { error: `[${label}]请用英文填写，不能包含中文字符或全角标点` });
const requiredEnglish = (label: string, max: number) => requiredText(label, max).refine((v) => !hasChinese(v), { error: `[${label}]请用英文填写，不能包含中文字符或全角标点` });

/** The words a methods paragraph names the instrument with, in one language. */
export const instrumentWords = z.object({
  /** the test as a paper names it: X 射线衍射（XRD）/ X-ray diffraction (XRD) */
  test: z.string(),
  /** 品牌 / make: Rigaku */
  make: z.string(),
  model: z.string(),
  /** 制造商 / manufacturer: Rigaku Corporation */
  manufacturer: z.string(),
  /** 产地 / country: 日本 / Japan */
  country: z.string(),
  /** 数据处理软件 / software: SmartLab Studio II */
  software: z.string(),
  /** the lab's facility or platform as the acknowledgement names it */
  facility: z.string(),
  /** conditions that are always the same (光源、电压…), one sentence */
  conditions: z.string(),
});
export type InstrumentWords = z.infer<typeof instrumentWords>;

/** One option value's phrase: what choosing it means for the methods text. */
export const optionPhrase = z.object({ optionId: z.number().int(), choiceId: z.number().int(), zh: z.string(), en: z.string() });
export type OptionPhrase = z.infer<typeof optionPhrase>;

/** adminCatalog.methods: an item's methods metadata with its options, so each value can be given a phrase. */
export const adminItemMethods = z.object({
  rid: z.string(),
  name: z.string(),
  options: z.array(z.object({ id: z.number().int(), name: z.string(), choices: z.array(z.object({ id: z.number().int(), label: z.string() })) })),
  /** null: not described yet */
  zh: instrumentWords.nullable(),
  en: instrumentWords.nullable(),
  /** 大型仪器共享平台 or the lab's own instrument number, quoted in the acknowledgement */
  facilityNo: z.string(),
  phrases: z.array(optionPhrase),
  updatedAt: z.string().nullable(),
});
export type AdminItemMethods = z.infer<typeof adminItemMethods>;

const phraseInput = z.array(
  z.object({
    optionId: z.coerce.number().int(),
    choiceId: z.coerce.number().int(),
    /** '' on both: the value says nothing in the methods text (不需要, 无) */
    zh: optionalText('条件表述（中文）', 200).transform((v) => v ?? ''),
    en: englishText('条件表述（英文）', 300).transform((v) => v ?? ''),
  }),
);

/** adminCatalog.saveMethods: the instrument in Chinese and English, and each option value's phrase. */
export const itemMethodsBody = z.object({
  rid: requiredText('项目编号', 40),
  test_zh: requiredText('测试名称（中文）', 100),
  test_en: requiredEnglish('测试名称（英文）', 150),
  make_zh: requiredText('品牌（中文）', 60),
  make_en: requiredEnglish('品牌（英文）', 60),
  model: requiredEnglish('型号', 100),
  manufacturer_zh: requiredText('制造商（中文）', 100),
  manufacturer_en: requiredEnglish('制造商（英文）', 150),
  country_zh: requiredText('产地（中文）', 30),
  country_en: requiredEnglish('产地（英文）', 60),
  software_zh: optionalText('数据处理软件（中文）', 100),
  software_en: englishText('数据处理软件（英文）', 150),
  facility_zh: optionalText('平台名称（中文）', 100),
  facility_en: englishText('平台名称（英文）', 200),
  facility_no: optionalText('仪器共享编号', 60),
  conditions_zh: optionalText('固定测试条件（中文）', 300),
  conditions_en: englishText('固定测试条件（英文）', 500),
  /** JSON [{ optionId, choiceId, zh, en }] */
  phrases: jsonField('选项表述', phraseInput).default([]),
});
export type ItemMethodsBody = z.infer<typeof itemMethodsBody>;
