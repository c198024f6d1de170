import { z } from 'zod';
import { ID_MAX, optionalText, pageOf, pageQuery } from '../common';
import { deviceSummary } from './schemas';

/**
 * Search as researchers speak (decisions/0044-search-words.md): the answer of the public
 * search with the words it matched and, when nothing matched, near techniques; suggestions as
 * the user types; and the back office's search words (同义词组) and unmatched queries.
 */

/** A technique (a sub-type of a group) near a query that found nothing. */
export const nearTechnique = z.object({ childId: z.number().int(), groupId: z.number().int(), typeId: z.number().int(), name: z.string() });
export type NearTechnique = z.infer<typeof nearTechnique>;

export const deviceSearchAnswer = pageOf(deviceSummary).extend({
  /** the words the query matched with, its synonyms included, longest first: what to highlight */
  words: z.array(z.string()),
  /** when nothing matched: techniques near the query (else empty) */
  near: z.array(nearTechnique),
});
export type DeviceSearchAnswer = z.infer<typeof deviceSearchAnswer>;

export const deviceSuggestQuery = z.object({ q: optionalText('关键词', 200) });
export type DeviceSuggestQuery = z.infer<typeof deviceSuggestQuery>;

export const suggestionKinds = ['technique', 'item', 'synonym'] as const;
export const deviceSuggestion = z.object({
  kind: z.enum(suggestionKinds),
  /** what is shown and, for a synonym, what is searched */
  text: z.string(),
  /** an item's rid (kind item) */
  rid: z.string().nullable(),
  /** a technique's sub-type (kind technique) */
  childId: z.number().int().nullable(),
});
export type DeviceSuggestion = z.infer<typeof deviceSuggestion>;

// ---- back office: search words (目录管理 → 搜索词) ----

export const SYNONYM_TERMS_MAX = 12;
export const SYNONYM_TERM_LENGTH = 30;

/** Terms as staff type them: one per line or separated by = , ， 、 ; blank and repeated ones dropped. */
export function splitSynonymTerms(text: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const raw of text.split(/[\n=＝,，、;；|｜]+/)) {
    const term = raw.trim().replace(/\s+/g, ' ');
    const key = term.normalize('NFKC').toLowerCase();
    if (term && !seen.has(key)) {
      seen.add(key);
      terms.push(term);
    }
  }
  return terms;
}

const termsField = z
  .preprocess((v) => (Array.isArray(v) ? v.join('\n') : v === undefined || v === null ? '' : v), z.string({ error: '[同义词]格式不正确' }))
  .transform((text) => splitSynonymTerms(text))
  .refine((terms) => terms.length >= 2, { error: '[同义词]至少填写两个意思相同的词' })
  .refine((terms) => terms.length <= SYNONYM_TERMS_MAX, { error: `[同义词]一组最多${SYNONYM_TERMS_MAX}个词` })
  .refine((terms) => terms.every((t) => t.length <= SYNONYM_TERM_LENGTH), { error: `[同义词]每个词不能超过${SYNONYM_TERM_LENGTH}个字符` })
  .refine((terms) => terms.every((t) => /[\p{L}\p{N}]/u.test(t)), { error: '[同义词]每个词至少含一个文字或数字' });

export const synonymAddBody = z.object({
  /** '扫描电镜 = 扫描电子显微镜 = SEM' (or one per line, or an array from JSON) */
  terms: termsField,
  note: optionalText('备注', 100).transform((v) => v ?? ''),
});
export type SynonymAddBody = z.infer<typeof synonymAddBody>;

const synonymId = z.coerce.number({ error: '[编号]必须是数字' }).int({ error: '[编号]不正确' }).positive({ error: '[编号]不正确' }).max(ID_MAX, { error: '[编号]不正确' });
export const synonymUpdateBody = synonymAddBody.extend({ id: synonymId });
export type SynonymUpdateBody = z.infer<typeof synonymUpdateBody>;
export const synonymIdBody = z.object({ id: synonymId });

export const synonymListBody = pageQuery.extend({ keyword: optionalText('关键词', 30) });
export type SynonymListBody = z.infer<typeof synonymListBody>;

export const adminSynonym = z.object({ id: z.number().int(), terms: z.array(z.string()), note: z.string(), updatedAt: z.string() });
export type AdminSynonym = z.infer<typeof adminSynonym>;

export const searchMissListBody = pageQuery;
export const searchMissQueryBody = z.object({ query: optionalText('搜索词', 200).refine((v) => v !== undefined, { error: '[搜索词]不能为空' }) });

export const adminSearchMiss = z.object({ query: z.string(), count: z.number().int(), firstAt: z.string(), lastAt: z.string() });
export type AdminSearchMiss = z.infer<typeof adminSearchMiss>;
