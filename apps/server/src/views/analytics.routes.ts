import { calls } from '@lab/contract/calls';
import { serve } from '../platform/calls';
import { sendXlsx } from '../platform/xlsx';
import { analyticsXlsx } from './analytics-export';
import { analyticsOverview } from './analytics.service';
import { instrumentYear, instrumentYearXlsx } from './instrument-year.service';

const readOnly = { config: { readOnly: true } } as const;

/** 运营分析 and 大仪考核 (lab, finance, admin): read-only figures over several areas. */
export const analyticsRoutes = serve(calls.analytics, {
  overview: { ...readOnly, handler: ({ db, body, now }) => analyticsOverview(db, body, now) },
  export: {
    ...readOnly,
    handler: async ({ db, query, now, reply }) => sendXlsx(reply, await analyticsXlsx(db, query, now), `analytics-${query.tile}-${query.from}-${query.to}`, `运营分析-${query.from}至${query.to}`),
  },
  yearly: { ...readOnly, handler: ({ db, body }) => instrumentYear(db, body.year) },
  yearlyExport: {
    ...readOnly,
    handler: async ({ db, query, reply }) => sendXlsx(reply, await instrumentYearXlsx(await instrumentYear(db, query.year), query.year), `instruments-${query.year}`, `大型仪器设备使用情况考核表-${query.year}`),
  },
});
