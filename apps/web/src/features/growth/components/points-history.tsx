import { Alert, Empty, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { usePointsEntries } from '../api/list-entries';
import { formatPoints, formatSignedPoints } from './points-format';

/** 积分明细: every change of my points (earned, reversed, exchanged, transferred, awarded), newest first. */
export function PointsHistory() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = usePointsEntries(page);
  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) return <Alert type="error" showIcon title="积分明细加载失败" description={error.message} />;
  if (data.list.length === 0) return <Empty className="member-empty" description="暂无积分变动记录，订单支付成功后即可获得积分" />;
  return (
    <>
      <div className="points-ledger-head" aria-hidden>
        <span>时间</span>
        <span>类型</span>
        <span>说明</span>
        <span>积分</span>
        <span>变动后余额</span>
      </div>
      <ul className="points-ledger" aria-label="积分明细">
        {data.list.map((e) => (
          <li key={e.id} data-testid="points-entry">
            <span className="points-ledger-time">{formatDateTime(e.createdAt)}</span>
            <strong className="points-ledger-type">{e.typeText}</strong>
            <span className="points-ledger-note">{e.note || '–'}</span>
            <span className={e.points >= 0 ? 'points-ledger-points is-in' : 'points-ledger-points is-out'}>{formatSignedPoints(e.points)}</span>
            <span className="points-ledger-after">余额 {formatPoints(e.balanceAfter)}</span>
          </li>
        ))}
      </ul>
      {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} showSizeChanger={false} /> : null}
    </>
  );
}
