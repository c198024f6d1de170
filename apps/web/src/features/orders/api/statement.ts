import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Statement } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';
import { ordersKeys } from './keys';

export interface StatementRange {
  from?: string;
  to?: string;
}

/** POST /api/auth/assign/statement: the statement of account of a period. */
export const getStatement = (range: StatementRange) => apiPost<Statement>('/api/auth/assign/statement', { ...range, format: 'json' });

export const useStatement = (range: StatementRange) =>
  useQuery({ queryKey: [...ordersKeys.statement, range], queryFn: () => getStatement(range), placeholderData: keepPreviousData });

/** GET /api/auth/assign/statement?format=xlsx&from=&to=: 对账单.xlsx */
export const exportStatement = (range: StatementRange) => downloadFile('/api/auth/assign/statement', { format: 'xlsx', ...range }, '对账单.xlsx');
