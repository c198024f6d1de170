import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { adminBankStatements as table } from '@lab/contract/funds/bank-statement-calls';
import type { BankLineListBody } from '@lab/contract';
import routes from 'virtual:calls/adminBankStatements';
import { bindStaffCalls } from '../../../api/staff-client';
import { financeKeys } from './keys';

/** 财务 → 银行流水对账 */
export const adminBankStatements = bindStaffCalls<typeof table>(routes);

/** POST /api/admin/funds/bank/upload — the bank's statement export (xlsx or csv). */
export const uploadStatement = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return adminBankStatements.upload(form);
};

type LinesQuery = Partial<BankLineListBody>;
/** POST /api/admin/funds/bank/lines — open (default), matched or all lines, with proposals. */
export const bankLinesQueryOptions = (query: LinesQuery) =>
  queryOptions({ queryKey: [...financeKeys.all, 'bank-lines', query], queryFn: () => adminBankStatements.lines(query as BankLineListBody), placeholderData: keepPreviousData });
export const useBankLines = (query: LinesQuery) => useQuery(bankLinesQueryOptions(query));

/** POST /api/admin/funds/bank/confirm — book the line as the 预存申请 (pinned to its version; gated above the limit). */
export const confirmBankLine = (args: { line_rid: string; rid: string; version: number }) => adminBankStatements.confirm(args);
