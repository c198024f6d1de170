import { z } from 'zod';
import { orderNoField } from '../orders/schemas';

// ---- 论文方法与致谢: text for the paper's methods section and acknowledgement (decisions/0058) ----

export const paperMethodsQuery = z.object({ order_no: orderNoField });

export const paperMethodsTest = z.object({
  /** the order line's item name */
  name: z.string(),
  zh: z.string(),
  en: z.string(),
  /** false: the lab has not described this instrument yet; the paragraph is generic */
  described: z.boolean(),
});

export const paperMethodsView = z.object({
  orderNo: z.string(),
  /** true until the lab confirmed the conditions actually used: the text is marked 草稿 */
  draft: z.boolean(),
  confirmedAt: z.string().nullable(),
  citationCode: z.string(),
  tests: z.array(paperMethodsTest),
  acknowledgement: z.object({ zh: z.string(), en: z.string() }),
});
export type PaperMethods = z.infer<typeof paperMethodsView>;
