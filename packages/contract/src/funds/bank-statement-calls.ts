import { gatedView } from '../approvals/schemas';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { bankLineConfirmBody, bankLineListBody, bankLineView, bankStatementUploaded } from './bank-statement-schemas';

const finance = ['finance'] as const;

/**
 * 银行流水对账 (finance): the bank's statement export uploaded, its credit lines matched to pending
 * 预存申请 (by the application number in the remark, the amount and the payer), each confirmed
 * through 确认预存到账's pinned, gated decision; a line never books twice.
 */
export const adminBankStatements = resource('adminBankStatements', {
  upload: call({
    method: 'POST',
    path: '/api/admin/funds/bank/upload',
    who: finance,
    summary: '上传银行流水',
    description: 'multipart：一个文件（xlsx 或 csv，最大 5 MB），工商银行、建设银行、中国银行、招商银行的明细导出或通用格式（日期、收入金额、付款人、备注）；按表头识别。同一文件再次上传只答 duplicate，已有的流水不重复列出。',
    multipart: true,
    data: bankStatementUploaded,
    done: '流水已上传',
  }),
  lines: call({ method: 'POST', path: '/api/admin/funds/bank/lines', who: finance, summary: '银行流水', description: 'status：open 未对账（默认）、matched 已入账、all；未对账的流水带系统建议的预存申请。', body: bankLineListBody, data: pageOf(bankLineView) }),
  confirm: call({
    method: 'POST',
    path: '/api/admin/funds/bank/confirm',
    who: finance,
    summary: '按流水确认预存到账',
    description: '以该笔流水确认预存申请到账（同确认预存到账：带上 version，超过审批额度时提交审批）；金额须一致，一笔流水只能入账一次。已在审批中通过的申请可再次提交以关联流水。',
    body: bankLineConfirmBody,
    data: gatedView(bankLineView),
    done: '已确认到账',
  }),
});
