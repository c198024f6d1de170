import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsFilters, AnalyticsTile } from '@lab/contract';
import { adminKey } from '../../../lib/admin-api';
import { analytics } from './analytics';

/** POST /api/admin/analytics — every tile for the filters. */
export const analyticsQueryOptions = (filters: AnalyticsFilters) =>
  queryOptions({ queryKey: [...adminKey, 'analytics', filters], queryFn: () => analytics.overview(filters), placeholderData: keepPreviousData });
export const useAnalytics = (filters: AnalyticsFilters) => useQuery(analyticsQueryOptions(filters));

/** POST /api/admin/analytics/yearly — 大仪考核's rows of a year. */
export const useInstrumentYear = (year: number) => useQuery({ queryKey: [...adminKey, 'analytics', 'yearly', year], queryFn: () => analytics.yearly({ year }) });

/** GET /api/admin/analytics/export — one tile as xlsx. */
export const exportTile = (tile: AnalyticsTile, filters: AnalyticsFilters) => analytics.export({ ...filters, tile }, `运营分析-${tile}.xlsx`);
/** GET /api/admin/analytics/yearly/export — the 考核表 of a year. */
export const exportYear = (year: number) => analytics.yearlyExport({ year }, `大型仪器设备使用情况考核表-${year}.xlsx`);
