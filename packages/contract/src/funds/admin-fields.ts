import { z } from 'zod';
import { dateFilter } from '../admin-table';
import { optionalText } from '../common';

export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
export const statusFilter = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blankToUndefined, z.enum(values, { error: '[状态]不正确' }).optional());

/** What every review queue filters by: the member's phone or name, or the application's number; the day it was made. */
export const queueFilters = {
  keyword: optionalText('关键词', 50),
  from: dateFilter('开始日期'),
  to: dateFilter('结束日期'),
};
/** Exports take the filters of the table on screen, without its page. */
export const withoutPage = { page: true, pageSize: true } as const;

/** Who decided, and when (null while pending); and the row's version, which a decision on it pins (versionPin). */
export const adminDecisionFields = {
  decidedAt: z.string().nullable(),
  staffName: z.string().nullable(),
  version: z.number(),
};
