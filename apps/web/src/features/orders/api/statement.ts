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

/** The file's name says its period (issue 31: every export was 对账单.xlsx): 对账单_2026-11-01至2026-11-30.xlsx. */
export const statementFileName = (period: { from: string; to: string } | undefined) => (period ? `对账单_${period.from}至${period.to}.xlsx` : '对账单.xlsx');

/** 对账单.xlsx of the period; `period` is the one the statement shown covers (the server's answer: an open range resolved) */
export const exportStatement = (range: StatementRange, period?: { from: string; to: string }) => payment.exportStatement({ format: 'xlsx', ...range }, statementFileName(period));
