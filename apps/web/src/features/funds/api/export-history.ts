import type { HistoryFilter } from './balance-history';
import { funds } from './funds';

/** GET /api/auth/prestore/export?format=xlsx|csv (+ the history's filters): 余额明细.xlsx / .csv */
export const exportHistory = (format: 'xlsx' | 'csv', filter: HistoryFilter) =>
  funds.balanceExport({ format, ...filter }, `余额明细.${format}`);
