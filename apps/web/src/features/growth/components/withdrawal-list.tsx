import { Alert, Empty, Pagination, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { formatFen } from '@lab/contract';
import { CancelRequestButton } from '../../../components/member/cancel-request-button';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useWithdrawals } from '../api/list-withdrawals';
import { cancelWithdrawal } from '../api/cancel-withdrawal';
import { withdrawStatusColor } from './promotion-format';

/**
 * 提现记录: status, method and account (masked). A pending request can be cancelled; its account
 * cannot be changed once submitted (finance pays the account it reviewed), so the page says to
 * cancel and apply again instead of offering an edit the server refuses.
 */
export function WithdrawalList() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useWithdrawals(page);
  const cancel = useApiMutation({ mutationFn: cancelWithdrawal, invalidates: memberDataKeys, onSuccess: () => feedback.success('提现申请已取消，金额已退回可提现余额') });

  if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError) return <Alert type="error" showIcon title="提现记录加载失败" description={error.message} />;
  return (
    <>
      {data.list.length === 0 ? (
        <Empty className="member-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有提现记录" />
      ) : (
        <ul className="member-list" aria-label="提现记录">
          {data.list.map((w) => (
            <li key={w.rid} className="member-item" data-testid="withdrawal-item">
              <div className="member-item-main">
                <h3>
                  <span className="promo-amount">{formatFen(w.amountFen)}</span>
                  <Tag color={withdrawStatusColor[w.status]} data-testid="withdrawal-status">
                    {w.statusText}
                  </Tag>
                </h3>
                <p>
                  {w.methodText}
                  {w.bank ? `：${w.bank.accountName} · ${w.bank.bankName} · ${w.bank.account}` : ''}
                </p>
                {w.reason ? <p className="promo-error-text">驳回原因：{w.reason}</p> : null}
                {w.status === 'pending' ? <p className="member-muted">收款信息提交后不能修改；如需修改，请取消该申请后重新申请。</p> : null}
                <p className="member-muted promo-meta">
                  <span>申请时间 {formatDateTime(w.createdAt)}</span>
                  {w.processedAt ? <span>处理时间 {formatDateTime(w.processedAt)}</span> : null}
                </p>
              </div>
              {w.status === 'pending' ? (
                <div className="member-item-actions">
                  <CancelRequestButton what="提现申请" note="取消后金额退回可提现余额。" busy={cancel.isPending && cancel.variables === w.rid} onConfirm={() => cancel.mutate(w.rid)} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data.total > data.pageSize ? <Pagination className="promo-pages" align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} showSizeChanger={false} /> : null}
    </>
  );
}
