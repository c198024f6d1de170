import type { HistoryFilter } from './balance-history';
import { downloadFile } from '../../../lib/download';

/** GET /api/auth/prestore/export?format=xlsx|csv (+ the history's filters): 余额明细.xlsx / .csv */
export const exportHistory = (format: 'xlsx' | 'csv', filter: HistoryFilter) =>
  downloadFile('/api/auth/prestore/export', { format, ...filter }, `余额明细.${format}`);
