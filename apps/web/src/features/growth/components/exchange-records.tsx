import { Alert, Empty, Pagination, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import type { ExchangeRecord } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';
import { useExchanges } from '../api/list-exchanges';
import { formatPoints } from './points-format';

const statusColor: Record<ExchangeRecord['status'], string> = { done: 'success', to_ship: 'processing', shipped: 'blue' };

/** 兑换记录: what I exchanged points for and where it stands (coupons are done at once, gifts are shipped). */
export function ExchangeRecords() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useExchanges(page);
  if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError) return <Alert type="error" showIcon title="兑换记录加载失败" description={error.message} />;
  if (data.list.length === 0) return <Empty className="member-empty" description="还没有兑换记录" />;
  return (
    <>
      <ul className="member-list" aria-label="兑换记录">
        {data.list.map((r) => (
          <li key={r.rid} className="member-item" data-testid="exchange-record">
            <div className="member-item-main">
              <h3>
                {r.itemName}
                <Tag>{r.kind === 'coupon' ? '优惠券' : '礼品'}</Tag>
                <Tag color={statusColor[r.status]}>{r.statusText}</Tag>
              </h3>
              <p className="member-muted">兑换时间 {formatDateTime(r.createdAt)}</p>
            </div>
            <div className="member-item-actions">
              <span className="points-ledger-points is-out">-{formatPoints(r.points)} 积分</span>
            </div>
          </li>
        ))}
      </ul>
      {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} showSizeChanger={false} /> : null}
    </>
  );
}
