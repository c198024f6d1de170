import { call, resource } from '../call';
import { packQuery, packStatus } from './reimbursement-schemas';

/** The reimbursement pack (报销材料): a read-only screen over orders, funds and payments — a view. */
export const reimbursement = resource('reimbursement', {
  status: call({
    method: 'POST',
    path: '/api/auth/reimbursement/status',
    who: 'member',
    summary: '报销材料清单',
    description: '订单、开票申请或对账期间的报销材料：按模板（高校报销 / 创新券）列出每份材料是否已具备，缺少的逐条说明原因。',
    body: packQuery,
    data: packStatus,
  }),
  pack: call({
    method: 'GET',
    path: '/api/auth/reimbursement/pack',
    who: 'member',
    summary: '下载报销材料（ZIP）',
    description:
      'ZIP：封面、盖章测试明细清单、发票、已签署协议、检测报告、付款证明，以及 manifest.txt 与 SHA256SUMS（每个文件的 SHA-256）。材料不全时 409，列出全部缺少的原因。仅订单本人或支付该订单的团体负责人可下载，其他人 404；每次下载记入审计日志。',
    query: packQuery,
    data: 'file',
  }),
});
