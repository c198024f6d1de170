import { Alert, Empty, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { formatFen, rebateStatuses, rebateStatusLabels, type Rebate, type RebateStatus } from '@lab/contract';
import { PagedList } from '../../../components/member/paged-list';
import { formatDateTime } from '../../../lib/format';
import { useRebates } from '../api/list-rebates';
import { formatRate, rebateStatusColor } from './promotion-format';

type TabKey = RebateStatus | 'all';

const statusTag = (r: Rebate) => (
  <Tag color={rebateStatusColor[r.status]} data-testid="rebate-status">
    {r.statusText || rebateStatusLabels[r.status]}
  </Tag>
);

/** 返利明细: every rebate of an invited member's paid order, by status (冻结中 / 可提现 / 已退回). */
export function RebateList() {
  const [tab, setTab] = useState<TabKey>('all');
  const [page, setPage] = useState(1);
  const status = tab === 'all' ? undefined : tab;
  const { data, isPending, isFetching, isError, error } = useRebates(page, status);
  const emptyText = tab === 'all' ? '还没有返利。好友通过您的邀请链接注册并付款下单后，返利会显示在这里。' : `没有${rebateStatusLabels[tab]}的返利`;
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;

  return (
    <div className="promo-rebates">
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => {
          setTab(key as TabKey);
          setPage(1);
        }}
        items={[{ key: 'all', label: '全部' }, ...rebateStatuses.map((s) => ({ key: s, label: rebateStatusLabels[s] }))]}
      />
      {isError ? (
        <Alert type="error" showIcon title="返利明细加载失败" description={error.message} />
      ) : (
        <PagedList<Rebate>
          data={data}
          page={page}
          setPage={setPage}
          loading={isPending || isFetching}
          label="返利列表"
          cardsClass="promo-cards"
          tableClass="promo-table"
          card={(r) => (
            <li key={r.id} data-testid="rebate-card">
              <p>
                <strong>{formatFen(r.rebateFen)}</strong>
                {statusTag(r)}
              </p>
              <p className="member-muted">
                <span>订单 {r.orderNo}</span>
                <span>会员 {r.inviteePhone}</span>
              </p>
              <p className="member-muted">
                <span>
                  实付 {formatFen(r.paidFen)} × {formatRate(r.rateBp)}
                </span>
                <span>{formatDateTime(r.createdAt)}</span>
              </p>
            </li>
          )}
          unit="条"
          empty={empty}
          rowKey="id"
          scrollX={860}
          columns={[
            { title: '订单编号', dataIndex: 'orderNo', width: 190, render: (v: string) => <span className="promo-nowrap">{v}</span> },
            { title: '下单会员', dataIndex: 'inviteePhone', width: 130, render: (v: string) => <span className="promo-nowrap">{v}</span> },
            { title: '订单实付', dataIndex: 'paidFen', width: 120, align: 'right', render: (v: number) => formatFen(v) },
            { title: '比例', dataIndex: 'rateBp', width: 70, align: 'right', render: (v: number) => formatRate(v) },
            { title: '返利金额', dataIndex: 'rebateFen', width: 120, align: 'right', render: (v: number) => <strong className="promo-amount">{formatFen(v)}</strong> },
            { title: '状态', key: 'status', width: 90, render: (_: unknown, r: Rebate) => statusTag(r) },
            {
              title: '时间',
              key: 'time',
              render: (_: unknown, r: Rebate) => (
                <span className="promo-times">
                  <span>产生 {formatDateTime(r.createdAt)}</span>
                  {r.releasedAt ? <span>可提现 {formatDateTime(r.releasedAt)}</span> : null}
                </span>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
