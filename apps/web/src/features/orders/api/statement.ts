import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { payment } from '../../payments/api/payment';
import { ordersKeys } from '../../../api/query-keys';

export interface StatementRange {
  from?: string;
  to?: string;
}

/** The statement of account of a period. */
export const getStatement = (range: StatementRange) => payment.statement(range);

export const useStatement = (range: StatementRange) =>
  useQuery({ queryKey: [...ordersKeys.statement, range], queryFn: () => getStatement(range), placeholderData: keepPreviousData });

/** 对账单.xlsx of the period */
export const exportStatement = (range: StatementRange) => payment.exportStatement({ format: 'xlsx', ...range }, '对账单.xlsx');
