import { z } from 'zod';
import { pageQuery } from './common';
import { isCalendarDate } from './dates';

/**
 * The back office (/admin, /api/admin): what every area shares — the staff login by SMS,
 * staff accounts, the audit log, the dashboard and the server-side table query.
 */

// ---- tables paged, filtered and sorted on the server ----

export const sortOrders = ['ascend', 'descend'] as const;
export type SortOrder = (typeof sortOrders)[number];

/**
 * A back-office table's query: page and size, plus a sort field out of the ones the table
 * allows and antd's order words, so a column header click maps straight onto the call.
 */
export const adminTableQuery = <F extends string>(sortFields: readonly [F, ...F[]]) =>
  pageQuery.extend({
    sort: z.enum(sortFields, { error: '[排序字段]不正确' }).optional(),
    order: z.enum(sortOrders, { error: '[排序方向]不正确' }).optional(),
  });

/** A date filter: 'YYYY-MM-DD' (the lab's calendar, Asia/Shanghai). */
export const dateFilter = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `[${label}]格式应为YYYY-MM-DD` }).refine(isCalendarDate, { error: `[${label}]不是有效日期` })
    .optional()
    .or(z.literal('').transform(() => undefined));
