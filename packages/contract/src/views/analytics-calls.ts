import { z } from 'zod';
import { call, resource } from '../call';
import { analyticsExportQuery, analyticsFilters, analyticsView, instrumentYearQuery, instrumentYearRow } from './analytics-schemas';

/** the lab manager's people: the lab and finance (admin passes every role) */
const readers = ['lab', 'finance'] as const;

/**
 * 运营分析 and the yearly 大仪考核 report: figures over orders, samples, instrument bookings, the
 * ledger and online payments, in Shanghai days — a read-only view (decisions/0047).
 */
export const analytics = resource('analytics', {
  overview: call({
    method: 'POST',
    path: '/api/admin/analytics',
    who: readers,
    summary: '运营分析',
    description: '按日期范围（实验室所在时区，首尾都含，最长 3 年）、仪器、服务分组和客户类型筛选：检测周期、服务承诺达成率、仪器利用率、每周样品数、当前积压、收入与新老客户。',
    body: analyticsFilters,
    data: analyticsView,
  }),
  export: call({ method: 'GET', path: '/api/admin/analytics/export', who: readers, summary: '导出运营分析', description: 'tile 为要导出的图表，筛选同运营分析（xlsx）。', query: analyticsExportQuery, data: 'file' }),
  yearly: call({ method: 'POST', path: '/api/admin/analytics/yearly', who: readers, summary: '大仪考核年度数据', description: '每台仪器一年的有效机时、服务样品数与服务收入，分校内（学生、老师）与校外。', body: instrumentYearQuery, data: z.array(instrumentYearRow) }),
  yearlyExport: call({ method: 'GET', path: '/api/admin/analytics/yearly/export', who: readers, summary: '导出大仪考核表', description: '大型仪器设备使用情况考核表（xlsx）：每台仪器一行。', query: instrumentYearQuery, data: 'file' }),
});
