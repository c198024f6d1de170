import { Empty, Segmented, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatFen, type GrantRequestStatus } from '@lab/contract';
import { LoadFailed } from '../../../components/member/load-failed';
import { formatDateTime } from '../../../lib/format';
import { useGrantRequests } from '../api/grants';

const statusColor: Record<GrantRequestStatus, string> = { pending: 'processing', approved: 'success', refused: 'error', expired: 'default' };

/** 经费审批: requests of the communities I own and my own; 待审批 first. */
export function GrantRequests() {
  const [status, setStatus] = useState<GrantRequestStatus | ''>('pending');
  const { data, isPending, isError, error, refetch } = useGrantRequests(status);
  let body;
  if (isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (isError) body = <LoadFailed title="审批单加载失败" error={error} onRetry={refetch} />;
  else if (data.length === 0) body = <Empty description={status === 'pending' ? '没有待审批的经费支付' : '暂无审批单'} />;
  else
    body = (
      <ul className="grant-requests">
        {data.map((r) => (
          <li key={r.rid} className="grant-card" data-testid="grant-request">
            <div className="grant-card-head">
              <div>
                <h3>
                  <Link to={`/member/grant-approval/${r.rid}`}>订单 {r.orderNo}</Link> <Tag color={statusColor[r.status]}>{r.statusText}</Tag>
                </h3>
                <p className="grant-card-meta">
                  {r.memberName} · 经费卡「{r.cardName}」 · <strong>{formatFen(r.amountFen)}</strong> · {formatDateTime(r.createdAt)}
                </p>
                <p className="grant-card-meta">{r.status === 'pending' ? r.why : r.reason || r.why}</p>
              </div>
              {r.canDecide ? (
                <div className="member-item-actions">
                  <Link to={`/member/grant-approval/${r.rid}`}>去审批</Link>
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="grant-requests-title" className="grant-section">
      <div className="member-page-head">
        <h2 id="grant-requests-title">经费审批</h2>
        <Segmented
          value={status}
          onChange={(v) => setStatus(v as GrantRequestStatus | '')}
          options={[
            { value: 'pending', label: '待审批' },
            { value: '', label: '全部' },
          ]}
        />
      </div>
      {body}
    </section>
  );
}
